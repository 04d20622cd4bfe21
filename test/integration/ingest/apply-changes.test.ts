import { beforeAll, expect, it } from 'vitest';
import { changesAfter } from '../../../src/changes/change-log.js';
import { applyChanges, type NumberedChange } from '../../../src/ingest/changes/apply.js';
import { type ChangeRecord, checkChange } from '../../../src/ingest/changes/format.js';
import { ImportValidationError, importFolder } from '../../../src/ingest/import/index.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { sampleFiles, writeFolder } from './sample-folder.js';

const AT = new Date('2026-11-25T19:17:00.000Z');

/** Change records as a feed sends them: checked line by line. */
const numbered = (records: unknown[]): NumberedChange[] =>
  records.map((value, i) => ({ line: i + 1, change: checkChange(value, i + 1, 'feed') }));

describeEachDatabase('applyChanges (the one writer)', ({ db }) => {
  const prisma = () => db().prisma;
  const apply = (records: unknown[]) => applyChanges(prisma(), numbered(records), 'feed', AT);
  const goal = (seq: number, minute: number) => ({
    op: 'upsert',
    resource: 'events',
    record: { matchId: 1001, seq, minute, type: 'goal', side: 'home', player: 'A. Striker' },
  });
  const score = (home: number) => ({
    op: 'upsert',
    resource: 'matches',
    record: {
      ...(sampleFiles()['matches.ndjson'][1] as Record<string, unknown>),
      minute: '73',
      homeScore: home,
    },
  });

  beforeAll(async () => {
    await importFolder(prisma(), await writeFolder(sampleFiles()));
  });

  it('writes a goal and the score in one batch and logs one entry per match resource', async () => {
    const logged = await apply([goal(90, 71), goal(91, 72), score(2)]);
    expect(logged.map((c) => [c.matchId, c.resource, c.kind])).toEqual([
      [1001, 'detail', 'upsert'],
      [1001, 'events', 'upsert'],
    ]);
    const match = await prisma().match.findUniqueOrThrow({ where: { id: 1001 } });
    expect([match.minute, match.homeScore]).toEqual(['73', 2]);
    expect(
      await prisma().matchEvent.count({ where: { matchId: 1001, seq: { in: [90, 91] } } }),
    ).toBe(2);
  });

  it('an identical batch changes nothing and logs nothing', async () => {
    expect(await apply([goal(90, 71), goal(91, 72), score(2)])).toEqual([]);
  });

  it('a correction: the goal withdrawn disappears and the score goes back', async () => {
    const logged = await apply([
      { op: 'delete', resource: 'events', key: { matchId: 1001, seq: 91 } },
      score(1),
    ]);
    expect(logged.map((c) => [c.resource, c.kind])).toEqual([
      ['events', 'delete'],
      ['detail', 'upsert'],
    ]);
    expect(
      await prisma().matchEvent.findUnique({ where: { matchId_seq: { matchId: 1001, seq: 91 } } }),
    ).toBeNull();
    expect((await prisma().match.findUniqueOrThrow({ where: { id: 1001 } })).homeScore).toBe(1);
  });

  it('the last change of a key in a batch wins', async () => {
    await apply([
      goal(92, 80),
      { op: 'delete', resource: 'events', key: { matchId: 1001, seq: 92 } },
    ]);
    expect(
      await prisma().matchEvent.findUnique({ where: { matchId_seq: { matchId: 1001, seq: 92 } } }),
    ).toBeNull();
  });

  it('a team sheet replaced: its dropped players go, logged as a lineups change', async () => {
    const lineup = sampleFiles()['lineups.ndjson'][0] as { players: unknown[] };
    const fewer = { ...lineup, players: lineup.players.slice(0, 1) };
    const logged = await apply([{ op: 'upsert', resource: 'lineups', record: fewer }]);
    expect(logged.map((c) => c.resource)).toEqual(['lineups']);
  });

  it('a reference to a match that does not exist writes nothing of the batch and names the line', async () => {
    const before = await changesAfter(prisma(), 0n, 1_000_000);
    const orphan = {
      op: 'upsert',
      resource: 'events',
      record: { matchId: 424242, seq: 1, minute: 3, type: 'goal', side: 'home' },
    };
    const error = await apply([goal(93, 85), orphan]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportValidationError);
    expect((error as ImportValidationError).line).toBe(2);
    expect(
      await prisma().matchEvent.findUnique({ where: { matchId_seq: { matchId: 1001, seq: 93 } } }),
    ).toBeNull();
    expect(await changesAfter(prisma(), 0n, 1_000_000)).toEqual(before);
  });

  it('a team still playing in a match cannot be deleted: a clear reason, nothing written', async () => {
    const error = await apply([{ op: 'delete', resource: 'teams', key: { id: 10 } }]).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImportValidationError);
    expect((error as Error).message).toMatch(/cannot delete from teams: still in use/);
    expect(await prisma().team.count({ where: { id: 10 } })).toBe(1);
  });

  it('deleting a match removes its children and logs the delete', async () => {
    const logged = await apply([{ op: 'delete', resource: 'matches', key: { id: 1000 } }]);
    expect(logged.map((c) => [c.matchId, c.resource, c.kind])).toEqual([
      [1000, 'detail', 'delete'],
    ]);
    expect(await prisma().matchEvent.count({ where: { matchId: 1000 } })).toBe(0);
  });
});

it('checks each change record like an import line, naming the line and the field', () => {
  const fail = (value: unknown) => {
    try {
      checkChange(value, 7, 'feed.ndjson');
    } catch (error) {
      return (error as ImportValidationError).message;
    }
    throw new Error('accepted');
  };
  expect(fail('goal')).toMatch(/^feed\.ndjson line 7/);
  expect(fail({ op: 'merge', resource: 'events', record: {} })).toMatch(/line 7, field \/op/);
  expect(fail({ op: 'upsert', resource: 'referees', record: {} })).toMatch(/field \/resource/);
  expect(
    fail({
      op: 'upsert',
      resource: 'events',
      record: { matchId: 1, seq: 1, minute: 3, type: 'goal' },
    }),
  ).toMatch(/field \/record/);
  expect(fail({ op: 'delete', resource: 'events', key: { matchId: 1 } })).toMatch(/field \/key/);
  expect(
    fail({ op: 'delete', resource: 'events', key: { matchId: 1, seq: 2 }, record: {} }),
  ).toMatch(/field \/record: unexpected property/);
  const ok: ChangeRecord = checkChange(
    { op: 'delete', resource: 'matches', key: { id: 5 } },
    1,
    'feed',
  );
  expect(ok.op).toBe('delete');
});
