import type { SqlRead } from '../db/database.js';
import { Prisma } from '../db/generated/client.js';
import { computeH2h, FORM_MATCHES, H2H_MEETINGS, type H2hRecord } from './h2h-compute.js';
import {
  MATCH_COLUMNS,
  MATCH_JOINS,
  type MatchRecord,
  type MatchRow,
  toMatchRecord,
} from './match-record.js';
import { type MatchesService, notFound } from './matches.js';

type Kind = 'meeting' | 'home' | 'away';

/**
 * Finished, scored matches before the target's kick-off, latest first. Each side of the team
 * condition is its own ordered, limited scan (an index range read backwards) before the sides
 * are merged: one `OR` would make PostgreSQL read every match of both sides first (a bitmap
 * scan), which grows with history (docs/scale.md: h2h at 1,000,000 matches).
 */
const history = (kind: Kind, sides: readonly Prisma.Sql[], limit: number) => {
  const branches = sides.map(
    (side) => Prisma.sql`(SELECT m.* FROM matches m
      WHERE (${side}) AND m.status = 'finished' AND m.kickoff_utc < t.ko
        AND m.home_score IS NOT NULL AND m.away_score IS NOT NULL
      ORDER BY m.kickoff_utc DESC, m.id DESC LIMIT ${limit})`,
  );
  return Prisma.sql`
  SELECT t.id AS target_id, ${kind}::text AS kind, h.* FROM target t CROSS JOIN LATERAL (
    SELECT ${MATCH_COLUMNS} FROM (${Prisma.join(branches, ' UNION ALL ')}) m ${MATCH_JOINS}
    ORDER BY m.kickoff_utc DESC, m.id DESC LIMIT ${limit}) h`;
};

const MEETING = [
  Prisma.sql`m.home_team_id = t.home AND m.away_team_id = t.away`,
  Prisma.sql`m.home_team_id = t.away AND m.away_team_id = t.home`,
];
const HOME_TEAM = [Prisma.sql`m.home_team_id = t.home`, Prisma.sql`m.away_team_id = t.home`];
const AWAY_TEAM = [Prisma.sql`m.home_team_id = t.away`, Prisma.sql`m.away_team_id = t.away`];

/** Head-to-head of matches: two round trips for any number of them (targets, then history). */
export function createH2hService({ read, matches }: { read: SqlRead; matches: MatchesService }) {
  async function h2hForMatches(ids: readonly number[]): Promise<Map<number, H2hRecord>> {
    return h2hForRecords(await matches.getByIds(ids));
  }

  /** One round trip when the caller already holds the target matches (GraphQL's Match parent). */
  async function h2hForRecords(
    targets: ReadonlyMap<number, MatchRecord>,
  ): Promise<Map<number, H2hRecord>> {
    if (targets.size === 0) {
      return new Map();
    }
    const rows = await read<MatchRow & { target_id: number; kind: Kind }>(Prisma.sql`
      WITH target AS (SELECT id, home_team_id AS home, away_team_id AS away, kickoff_utc AS ko
        FROM matches WHERE id = ANY(${[...targets.keys()]}::int[]))
      ${history('meeting', MEETING, H2H_MEETINGS)}
      UNION ALL ${history('home', HOME_TEAM, FORM_MATCHES)}
      UNION ALL ${history('away', AWAY_TEAM, FORM_MATCHES)}`);
    const result = new Map<number, H2hRecord>();
    for (const [id, target] of targets) {
      const of = (kind: Kind): MatchRecord[] =>
        rows.filter((r) => r.target_id === id && r.kind === kind).map(toMatchRecord);
      result.set(
        id,
        computeH2h(target, { meetings: of('meeting'), homeForm: of('home'), awayForm: of('away') }),
      );
    }
    return result;
  }

  async function h2hForMatch(id: number): Promise<H2hRecord> {
    return (await h2hForMatches([id])).get(id) ?? notFound(id);
  }

  return { h2hForMatches, h2hForRecords, h2hForMatch };
}

export type H2hService = ReturnType<typeof createH2hService>;
