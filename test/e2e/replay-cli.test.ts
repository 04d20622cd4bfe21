import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { statsBombMatchId } from '../../src/ingest/replay/references.js';
import { embeddedEnv, ROOT } from '../helpers/embedded-cli.js';
import { FIXTURE_FILES } from '../helpers/statsbomb-fixture.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const TOUCHLINE = `${JSON.stringify(process.execPath)} --import tsx app/main.ts`;
const REPLAY = `replay ${FIXTURE_FILES.events} --lineups ${FIXTURE_FILES.lineups} --match ${FIXTURE_FILES.match}`;
/** A kick-off in the past: every step is due at once. */
const KICKOFF = '--kickoff 2020-01-04T15:00:00Z';

/** A shell command line of `touchline` calls (so a pipe is a real pipe). */
function sh(dataDir: string, line: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', line], { cwd: ROOT, env: embeddedEnv(dataDir) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** What a data folder holds of the replayed match, without write times. */
async function stored(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const id = statsBombMatchId(9000001);
    const db = database.prisma;
    const { updatedAt: _updated, ...match } = await db.match.findUniqueOrThrow({ where: { id } });
    return {
      match,
      events: await db.matchEvent.findMany({ where: { matchId: id }, orderBy: { seq: 'asc' } }),
      statistics: await db.matchStatistic.findMany({
        where: { matchId: id },
        orderBy: { type: 'asc' },
      }),
      players: await db.lineupPlayer.findMany({
        where: { matchId: id },
        orderBy: [{ side: 'asc' }, { seq: 'asc' }],
      }),
      log: await db.changeLogEntry.count({ where: { matchId: id } }),
    };
  } finally {
    await database.close();
  }
}

describe('touchline replay (embedded database)', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'touchline-replay-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('bad input: one line on stderr and exit 2', async () => {
    const notEvents = join(dir, '9000001.json');
    await writeFile(notEvents, '{"events": []}');
    const cases: Array<[string, RegExp]> = [
      [
        `replay ${join(dir, 'missing.json')} --lineups ${FIXTURE_FILES.lineups} --match ${FIXTURE_FILES.match}`,
        /missing\.json: no such file/,
      ],
      [`${REPLAY} --speed 0`, /--speed must be a number above 0/],
      [`${REPLAY} --speed -3`, /--speed/],
      [
        `replay ${notEvents} --lineups ${FIXTURE_FILES.lineups} --match ${FIXTURE_FILES.match}`,
        /9000001\.json: not a StatsBomb events file/,
      ],
      [`${REPLAY} --statsbomb-id 123`, /matches\.json: no match 123 \(--statsbomb-id\)/],
      [`${REPLAY} --print --json`, /--print writes change records on stdout/],
      [`${REPLAY} --kickoff tomorrow`, /--kickoff must be a date-time with a zone/],
    ];
    for (const [args, reason] of cases) {
      const run = await sh(join(dir, 'bad'), `${TOUCHLINE} ${args}`);
      expect(run.code, `${args}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toMatch(reason);
    }
  }, 120_000);

  it('--print piped into touchline feed - stores what the replay itself writes', async () => {
    const viaFeed = join(dir, 'via-feed');
    const direct = join(dir, 'direct');
    const piped = await sh(
      viaFeed,
      `${TOUCHLINE} ${REPLAY} ${KICKOFF} --print | ${TOUCHLINE} feed -`,
    );
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).toMatch(/replay finished: \d+ steps, \d+ records/);
    expect(piped.stdout).toMatch(/feed stopped: \d+ batches \(0 rejected\)/);

    const written = await sh(direct, `${TOUCHLINE} ${REPLAY} ${KICKOFF} --speed 600 --json`);
    expect(written.code, written.stderr).toBe(0);
    const summary = JSON.parse(written.stdout) as { finished: boolean; changes: number };
    expect(summary).toMatchObject({ finished: true, matchId: statsBombMatchId(9000001) });
    expect(written.stderr).toContain("replay: 3' goal Northbridge: Harry Nine (1-0)");

    const [a, b] = [await stored(viaFeed), await stored(direct)];
    expect(a.match).toMatchObject({ status: 'finished', homeScore: 1, awayScore: 2 });
    expect(a.events).toHaveLength(7);
    expect(a).toEqual(b);
  }, 180_000);
});
