import { expect, it } from 'vitest';
import { IMPORT_FILES } from '../../../src/ingest/format.js';
import { STORABLE_TEXT, TIMESTAMP_YEARS } from '../../../src/ingest/format-fields.js';
import { RecordChecker } from '../../../src/ingest/import/validate.js';

type Node = { type?: unknown; pattern?: unknown; format?: unknown; enum?: unknown } & Record<
  string,
  unknown
>;

/** Every string schema under `node`, with its JSON pointer. */
function strings(node: unknown, path: string, out: [string, Node][] = []): [string, Node][] {
  if (Array.isArray(node)) {
    for (const [i, child] of node.entries()) {
      strings(child, `${path}/${i}`, out);
    }
  } else if (node && typeof node === 'object') {
    const schema = node as Node;
    // A literal (`const`, `enum`) is a fixed value of ours, not text.
    if (schema.type === 'string' && !('const' in schema) && !('enum' in schema)) {
      out.push([path, schema]);
    }
    for (const [key, child] of Object.entries(schema)) {
      strings(child, `${path}/${key}`, out);
    }
  }
  return out;
}

/** Issue 46 finding 6: one rule for every text field, so the importer and the feed both get it. */
it('every string of the import format refuses what the database cannot store', () => {
  const found = Object.entries(IMPORT_FILES).flatMap(([file, schema]) => strings(schema, file));
  expect(found.length).toBeGreaterThan(20);
  for (const [path, schema] of found) {
    const pattern = String(schema.pattern ?? '');
    if (schema.format === 'date-time') {
      expect(pattern, path).toBe(TIMESTAMP_YEARS);
      continue;
    }
    // Or its own pattern (a clock, a stat name, a formation), anchored and of listed characters
    // only (no `.`, no negated class), so no NUL or surrogate either.
    const listedOnly = /^\^.*\$$/.test(pattern) && !/\.|\[\^|\\[DSW]/.test(pattern);
    expect(pattern === STORABLE_TEXT || listedOnly, path).toBe(true);
  }
});

it('the importer refuses a NUL, a lone surrogate and a year 0000, naming the line and field', () => {
  const events = new RecordChecker('events.ndjson');
  const event = { matchId: 1, seq: 1, minute: 3, type: 'corner', side: 'home' };
  expect(() => events.check({ ...event, player: 'a\u0000b' }, 4)).toThrow(
    /events\.ndjson line 4, field \/player: must not contain a NUL character or a lone surrogate/,
  );
  expect(() => events.check({ ...event, detail: 'x\udc00' }, 5)).toThrow(/line 5, field \/detail/);
  expect(events.check({ ...event, player: 'Son \ud83d\ude00' }, 6)).toBeTruthy();
  const matches = new RecordChecker('matches.ndjson');
  const match = {
    id: 1,
    competitionId: 1,
    homeTeamId: 1,
    awayTeamId: 2,
    status: 'scheduled',
    kickoffUtc: '0000-06-01T12:00:00Z',
  };
  expect(() => matches.check(match, 2)).toThrow(
    /line 2, field \/kickoffUtc: must be a date-time in the years 1800 to 2999/,
  );
});
