import type { Match } from '../../format.js';
import type { Tx } from '../../import/upsert.js';
import type { MatchFact } from '../facts.js';
import { allocateIds } from './named.js';
import { type ExternalRow, loadExternalIds, type UnmatchedRow } from './store.js';

/** A match to find: its teams already resolved to touchline ids. */
export interface MatchProbe {
  sourceId: string;
  /** How `touchline map` lists it when it matches nothing: `Brighton v Man Utd at ...`. */
  name: string;
  homeTeamId: number;
  awayTeamId: number;
  kickoffUtc: string;
}

interface MatchResolution {
  ids: Map<string, number>;
  /** Matches whose status and score this source writes. */
  owned: Set<number>;
  added: ExternalRow[];
  unmatched: UnmatchedRow[];
}

/** Two sources' kick-offs of one match may differ by a re-dating not yet seen by both. */
const SAME_MATCH_WINDOW_HOURS = 36;

async function ownedElsewhere(tx: Tx, source: string, ids: readonly number[]) {
  if (ids.length === 0) {
    return new Set<number>();
  }
  const rows = await tx.$queryRawUnsafe<{ id: number }[]>(
    `SELECT DISTINCT entity_id AS id FROM external_ids
      WHERE kind = 'match' AND owner AND source <> $1 AND entity_id = ANY($2::int[])`,
    source,
    [...ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** Stored matches of the same two teams kicking off near each probe's kick-off. */
async function sameMatches(tx: Tx, probes: readonly MatchProbe[]) {
  if (probes.length === 0) {
    return new Map<string, number>();
  }
  const rows = await tx.$queryRawUnsafe<{ sourceId: string; id: number }[]>(
    `SELECT DISTINCT ON (p."sourceId") p."sourceId", m.id
       FROM jsonb_to_recordset($1::jsonb)
         AS p("sourceId" text, "homeTeamId" int, "awayTeamId" int, "kickoffUtc" timestamptz)
       JOIN matches m ON m.home_team_id = p."homeTeamId" AND m.away_team_id = p."awayTeamId"
        AND m.kickoff_utc BETWEEN p."kickoffUtc" - make_interval(hours => $2)
                              AND p."kickoffUtc" + make_interval(hours => $2)
      ORDER BY p."sourceId", abs(extract(epoch FROM m.kickoff_utc - p."kickoffUtc"))`,
    JSON.stringify(probes),
    SAME_MATCH_WINDOW_HOURS,
  );
  return new Map(rows.map((r) => [r.sourceId, r.id]));
}

/**
 * Resolves a source's matches: by its id when seen before (a re-dated match keeps its id), else
 * the stored match of the same teams within 36 hours of the kick-off, else a new match when the
 * source may create (`create`). A fixture source owns a match it created or that no source owned.
 */
export async function resolveMatches(
  tx: Tx,
  source: string,
  probes: readonly MatchProbe[],
  create: boolean,
): Promise<MatchResolution> {
  const result: MatchResolution = { ids: new Map(), owned: new Set(), added: [], unmatched: [] };
  const known = await loadExternalIds(
    tx,
    source,
    'match',
    probes.map((p) => p.sourceId),
  );
  const rest = probes.filter((p) => !known.has(p.sourceId));
  const found = await sameMatches(tx, rest);
  const toCreate = rest.filter((p) => !found.has(p.sourceId));
  const newIds = create
    ? await allocateIds(
        tx,
        'match',
        toCreate.map((p) => `${source}|${p.sourceId}`),
      )
    : [];
  const reached = [...known.values()].map((r) => r.entityId).concat([...found.values()]);
  const elsewhere = create ? await ownedElsewhere(tx, source, reached) : new Set<number>();
  for (const [sourceId, row] of known) {
    result.ids.set(sourceId, row.entityId);
    if (row.owner) {
      result.owned.add(row.entityId);
    } else if (create && !elsewhere.has(row.entityId)) {
      result.owned.add(row.entityId);
      result.added.push({ ...row, owner: true });
    }
  }
  for (const [sourceId, id] of found) {
    const owner = create && !elsewhere.has(id);
    result.ids.set(sourceId, id);
    if (owner) {
      result.owned.add(id);
    }
    result.added.push({ sourceId, entityId: id, matchId: null, owner });
  }
  toCreate.forEach((probe, i) => {
    const id = newIds[i];
    if (id === undefined) {
      result.unmatched.push({
        kind: 'match',
        sourceId: probe.sourceId,
        name: probe.name,
        detail: 'no stored match of these teams within 36 hours of this kick-off',
        candidates: [],
      });
      return;
    }
    result.ids.set(probe.sourceId, id);
    result.owned.add(id);
    result.added.push({ sourceId: probe.sourceId, entityId: id, matchId: null, owner: true });
  });
  return result;
}

const MATCH_COLUMNS = `id, competition_id AS "competitionId", home_team_id AS "homeTeamId",
  away_team_id AS "awayTeamId", status::text AS status, minute,
  to_char(kickoff_utc AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "kickoffUtc",
  season, round, venue, home_score AS "homeScore", away_score AS "awayScore",
  ht_home_score AS "htHomeScore", ht_away_score AS "htAwayScore",
  et_home_score AS "etHomeScore", et_away_score AS "etAwayScore",
  pen_home_score AS "penHomeScore", pen_away_score AS "penAwayScore",
  decided_by::text AS "decidedBy", winner::text AS winner,
  home_corners AS "homeCorners", away_corners AS "awayCorners", home_yellow AS "homeYellow",
  home_red AS "homeRed", away_yellow AS "awayYellow", away_red AS "awayRed"`;

export async function storedMatches(tx: Tx, ids: readonly number[]): Promise<Map<number, Match>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await tx.$queryRawUnsafe<Match[]>(
    `SELECT ${MATCH_COLUMNS} FROM matches WHERE id = ANY($1::int[])`,
    [...ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

const OPTIONAL_FIELDS = [
  'minute',
  'season',
  'round',
  'venue',
  'homeScore',
  'awayScore',
  'htHomeScore',
  'htAwayScore',
  'etHomeScore',
  'etAwayScore',
  'penHomeScore',
  'penAwayScore',
  'decidedBy',
  'winner',
  'homeCorners',
  'awayCorners',
  'homeYellow',
  'homeRed',
  'awayYellow',
  'awayRed',
] as const;

/** The match record a fact writes: what it says over what is stored (undefined: not said). */
export function matchRecord(
  fact: MatchFact,
  ids: { id: number; competitionId: number; homeTeamId: number; awayTeamId: number },
  stored: Match | undefined,
): Match {
  const record: Match = {
    ...ids,
    status: fact.status,
    kickoffUtc: new Date(fact.kickoffUtc).toISOString(),
  };
  for (const field of OPTIONAL_FIELDS) {
    const value = fact[field] !== undefined ? fact[field] : stored?.[field];
    if (value !== undefined && value !== null) {
      (record as Record<string, unknown>)[field] = value;
    }
  }
  if (fact.status !== 'live') {
    delete record.minute;
  }
  return record;
}
