import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ChangeRecord } from '../../src/ingest/changes/format.js';
import { keyOf } from '../../src/ingest/changes/resources.js';
import type { Lineup, Match, MatchEvent, Statistic } from '../../src/ingest/format.js';
import {
  checkStatsBombInput,
  type StatsBombFiles,
  type StatsBombValues,
} from '../../src/ingest/replay/statsbomb-read.js';
import type { ReplayStep } from '../../src/ingest/replay/timeline.js';
import { ROOT } from './embedded-cli.js';

/** The synthetic StatsBomb-shaped match of test/fixtures/statsbomb (README there). */
export const FIXTURE_DIR = resolve(ROOT, 'test/fixtures/statsbomb');
export const FIXTURE_FILES: StatsBombFiles = {
  events: resolve(FIXTURE_DIR, 'events/9000001.json'),
  lineups: resolve(FIXTURE_DIR, 'lineups/9000001.json'),
  match: resolve(FIXTURE_DIR, 'matches.json'),
};

/** A fresh parsed copy of the fixture's three files (tests may spoil it). */
export function fixtureValues(): StatsBombValues {
  const read = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
  return {
    events: read(FIXTURE_FILES.events),
    lineups: read(FIXTURE_FILES.lineups),
    matches: read(FIXTURE_FILES.match),
  };
}

export const fixtureInput = () => checkStatsBombInput(FIXTURE_FILES, fixtureValues());

/** What a database fed the steps holds, by resource and key (deletes remove). */
export interface FedState {
  match: Match | undefined;
  events: MatchEvent[];
  statistics: Map<string, Statistic>;
  lineups: Map<string, Lineup>;
}

export function stateAfter(steps: readonly ReplayStep[]): FedState {
  const rows = new Map<string, ChangeRecord>();
  for (const step of steps) {
    for (const change of step.changes) {
      const body = (change.op === 'upsert' ? change.record : change.key) as Record<string, unknown>;
      const key = `${change.resource}|${JSON.stringify(keyOf(change.resource, body))}`;
      if (change.op === 'upsert') {
        rows.set(key, change);
      } else {
        rows.delete(key);
      }
    }
  }
  const of = <T>(resource: string): T[] =>
    [...rows.values()].flatMap((c) =>
      c.op === 'upsert' && c.resource === resource ? [c.record as T] : [],
    );
  return {
    match: of<Match>('matches')[0],
    events: of<MatchEvent>('events').sort((a, b) => a.seq - b.seq),
    statistics: new Map(of<Statistic>('statistics').map((s) => [s.type, s])),
    lineups: new Map(of<Lineup>('lineups').map((l) => [l.side, l])),
  };
}

/** The steps up to and including wall time `atMs` after kick-off. */
export const stepsUntil = (steps: readonly ReplayStep[], atMs: number) =>
  steps.filter((s) => s.atMs <= atMs);
