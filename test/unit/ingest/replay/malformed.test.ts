import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReplayError } from '../../../../src/ingest/replay/errors.js';
import {
  checkStatsBombInput,
  readStatsBombFiles,
  type StatsBombValues,
} from '../../../../src/ingest/replay/statsbomb-read.js';
import { buildTimeline } from '../../../../src/ingest/replay/timeline.js';
import { FIXTURE_FILES, fixtureValues } from '../../../helpers/statsbomb-fixture.js';

const FILES = { events: '9000001.json', lineups: 'lineups.json', match: 'matches.json' };
type Json = Record<string, unknown>;

/** The fixture, spoilt by `spoil`, checked: the error's message. */
function problem(spoil: (values: StatsBombValues & { events: Json[] }) => void, files = FILES) {
  const values = fixtureValues() as StatsBombValues & { events: Json[] };
  spoil(values);
  try {
    const input = checkStatsBombInput(files, values);
    buildTimeline(input, { kickoffUtc: '2026-11-25T19:00:00Z' });
  } catch (error) {
    expect(error).toBeInstanceOf(ReplayError);
    return (error as Error).message;
  }
  throw new Error('no error');
}

describe('StatsBomb input that cannot be replayed', () => {
  it('an events file that is not an array', () => {
    expect(problem((v) => Object.assign(v, { events: { events: [] } }))).toBe(
      '9000001.json: not a StatsBomb events file (a JSON array of events)',
    );
  });

  it('an event without a period or a minute names the file, the event and the field', () => {
    expect(problem((v) => delete v.events[4]?.['period'])).toBe(
      '9000001.json, event [4], field /period: is required',
    );
    expect(problem((v) => Object.assign(v.events[6] ?? {}, { minute: 'three' }))).toMatch(
      /^9000001\.json, event \[6\], field \/minute: /,
    );
    expect(problem((v) => Object.assign(v.events[7] ?? {}, { period: 9 }))).toMatch(
      /^9000001\.json, event \[7\], field \/period: /,
    );
  });

  it('a Shot without its shot', () => {
    expect(problem((v) => delete v.events[7]?.['shot'])).toBe(
      '9000001.json, event [7], field /shot: is required for a Shot event',
    );
  });

  it('an event of a team that does not play the match', () => {
    expect(
      problem((v) => Object.assign(v.events[5] ?? {}, { team: { id: 4242, name: 'Nowhere FC' } })),
    ).toBe(
      '9000001.json, event [5]: team 4242 (Nowhere FC) is not a team of match 9000001 (Northbridge v Southport)',
    );
  });

  it('no Starting XI for a team', () => {
    expect(problem((v) => v.events.splice(1, 1))).toBe(
      '9000001.json: no Starting XI event for Southport (team 9102)',
    );
  });

  it('a lineups file of other teams', () => {
    const other = [{ team_id: 9201, team_name: 'Eastfield', lineup: [] }];
    expect(problem((v) => Object.assign(v, { lineups: other }))).toBe(
      'lineups.json, team [0]: team 9201 (Eastfield) is not a team of match 9000001 (Northbridge v Southport)',
    );
    expect(problem((v) => Object.assign(v, { lineups: { team: 1 } }))).toBe(
      'lineups.json: not a StatsBomb lineups file (a JSON array of teams)',
    );
  });

  it('a match the matches file does not hold, or cannot choose', () => {
    const renamed = { ...FILES, events: '123.json' };
    expect(problem(() => {}, renamed)).toBe(
      'matches.json: no match 123 (the name of 123.json); name one with --statsbomb-id',
    );
    expect(problem(() => {}, { ...FILES, events: 'events.json' })).toBe(
      'matches.json: holds 2 matches; name one with --statsbomb-id',
    );
    expect(problem((v) => Object.assign(v, { matches: 'matches' }))).toBe(
      'matches.json: not StatsBomb match data (a matches file, or one of its records)',
    );
    expect(() => checkStatsBombInput(FILES, fixtureValues(), 9000002)).toThrow(
      'team 9101 (Northbridge) is not a team of match 9000002 (Eastfield v Westvale)',
    );
  });

  it('events whose goals do not add up to the match record', () => {
    expect(
      problem((v) => {
        const [goal] = v.events.filter((e) => (e['shot'] as Json | undefined)?.['outcome']);
        v.events.push({ ...goal, id: 'extra', timestamp: '00:10:00.000', minute: 10 });
      }),
    ).toBe('9000001.json: the goals in the events make 2-2, matches.json says 1-2');
  });

  it('files that are missing or not JSON', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'replay-'));
    const broken = join(dir, '9000001.json');
    await writeFile(broken, '[{"period": 1,');
    await expect(readStatsBombFiles({ ...FIXTURE_FILES, events: broken })).rejects.toThrow(
      `${broken}: not valid JSON`,
    );
    const missing = join(dir, 'nope.json');
    await expect(readStatsBombFiles({ ...FIXTURE_FILES, lineups: missing })).rejects.toThrow(
      `${missing}: no such file`,
    );
  });
});
