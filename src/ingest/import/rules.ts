import type { Static } from 'typebox';
import type { IMPORT_FILES, ImportFileName } from '../format.js';

export type RecordOf<F extends ImportFileName> = Static<(typeof IMPORT_FILES)[F]>;

/** The parent resources that other records point at by id. */
export type Parent = 'competition' | 'team' | 'player' | 'bookmaker' | 'match';

export const PARENT_TABLES: Record<Parent, string> = {
  competition: 'competitions',
  team: 'teams',
  player: 'players',
  bookmaker: 'bookmakers',
  match: 'matches',
};

export interface Reference {
  /** JSON pointer of the field, for the error message. */
  field: string;
  parent: Parent;
  id: number;
}

/** A problem beyond the JSON Schema (a rule that needs more than one field). */
interface RuleProblem {
  field: string;
  reason: string;
}

interface FileRule<F extends ImportFileName> {
  /** The primary key of the record, as shown in a duplicate-key error. */
  key(record: RecordOf<F>): string;
  /** The parent this file defines (its records' `id`). */
  defines?: Parent;
  references(record: RecordOf<F>): Reference[];
  check?(record: RecordOf<F>): RuleProblem | undefined;
}

const toMatch = (r: { matchId: number }): Reference[] => [
  { field: '/matchId', parent: 'match', id: r.matchId },
];
/** An optional player id at `field`. */
const toPlayer = (field: string, id: number | null | undefined): Reference[] =>
  id == null ? [] : [{ field, parent: 'player', id }];

const toMatchAndBookmaker = (r: { matchId: number; bookmakerId: number }): Reference[] => [
  ...toMatch(r),
  { field: '/bookmakerId', parent: 'bookmaker', id: r.bookmakerId },
];

export const FILE_RULES: { [F in ImportFileName]: FileRule<F> } = {
  'competitions.ndjson': { key: (r) => `id ${r.id}`, defines: 'competition', references: () => [] },
  'teams.ndjson': { key: (r) => `id ${r.id}`, defines: 'team', references: () => [] },
  'players.ndjson': {
    key: (r) => `id ${r.id}`,
    defines: 'player',
    references: (r) =>
      r.teamId == null ? [] : [{ field: '/teamId', parent: 'team', id: r.teamId }],
  },
  'bookmakers.ndjson': { key: (r) => `id ${r.id}`, defines: 'bookmaker', references: () => [] },
  'matches.ndjson': {
    key: (r) => `id ${r.id}`,
    defines: 'match',
    references: (r) => [
      { field: '/competitionId', parent: 'competition', id: r.competitionId },
      { field: '/homeTeamId', parent: 'team', id: r.homeTeamId },
      { field: '/awayTeamId', parent: 'team', id: r.awayTeamId },
    ],
    check: (r) =>
      r.homeTeamId === r.awayTeamId
        ? { field: '/awayTeamId', reason: 'must differ from homeTeamId' }
        : undefined,
  },
  'events.ndjson': {
    key: (r) => `matchId ${r.matchId}, seq ${r.seq}`,
    references: (r) => [
      ...toMatch(r),
      ...toPlayer('/playerId', r.playerId),
      ...toPlayer('/relatedPlayerId', r.relatedPlayerId),
    ],
  },
  'statistics.ndjson': { key: (r) => `matchId ${r.matchId}, type ${r.type}`, references: toMatch },
  'lineups.ndjson': {
    key: (r) => `matchId ${r.matchId}, side ${r.side}`,
    references: (r) => [
      ...toMatch(r),
      ...r.players.flatMap((p, i) => toPlayer(`/players/${i}/playerId`, p.playerId)),
    ],
  },
  'odds.ndjson': {
    key: (r) => `matchId ${r.matchId}, bookmakerId ${r.bookmakerId}, market ${r.market}`,
    references: toMatchAndBookmaker,
  },
  'movements.ndjson': {
    key: (r) =>
      `matchId ${r.matchId}, market ${r.market}, bookmakerId ${r.bookmakerId}, seq ${r.seq}`,
    references: toMatchAndBookmaker,
  },
  'exchange.ndjson': { key: (r) => `matchId ${r.matchId}`, references: toMatch },
  'regional.ndjson': {
    key: (r) => `matchId ${r.matchId}`,
    references: toMatch,
    check: (r) => {
      const seen = new Set<string>();
      for (const [i, pool] of r.pools.entries()) {
        if (seen.has(pool.pool)) {
          return { field: `/pools/${i}/pool`, reason: `pool ${pool.pool} appears twice` };
        }
        seen.add(pool.pool);
      }
      return undefined;
    },
  },
  'ai-reports.ndjson': {
    key: (r) => `matchId ${r.matchId}, kind ${r.kind}, language ${r.language}`,
    references: toMatch,
  },
  'tips.ndjson': { key: (r) => `matchId ${r.matchId}, seq ${r.seq}`, references: toMatch },
};

/** Columns that are unique besides the primary key: checked within the file and the database. */
export const UNIQUE_FIELDS: Partial<
  Record<ImportFileName, { field: 'name' | 'code'; table: string; column: string }>
> = {
  'bookmakers.ndjson': { field: 'name', table: 'bookmakers', column: 'name' },
  'competitions.ndjson': { field: 'code', table: 'competitions', column: 'code' },
};
