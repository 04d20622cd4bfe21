import type { LoggedChange } from '../../changes/change-log.js';
import type { ChangedMatch, ChangeSummary } from '../../changes/change-summary.js';
import type { SqlExecutor } from '../import/reader.js';

interface MatchFacts {
  id: number;
  kickoff_utc: Date | string;
  home_team_id: number;
  away_team_id: number;
  status: string;
  competition_id: number;
}

/**
 * What a write changed, as the data-changed event tells the caches (docs/live.md "Caches under
 * live writes"): per match the resources touched, and for a match whose row changed, where it
 * now shows (its kick-off date for the lists, its teams for head-to-head). Read after the write
 * committed; a deleted match has no facts, and the caches then evict more widely.
 */
export async function summarizeChanges(
  db: SqlExecutor,
  changes: readonly LoggedChange[],
): Promise<ChangeSummary> {
  const byMatch = new Map<number, ChangedMatch>();
  let reference = false;
  let seq = 0n;
  for (const c of changes) {
    seq = c.seq > seq ? c.seq : seq;
    if (c.matchId === null) {
      reference = true;
      continue;
    }
    const known = byMatch.get(c.matchId);
    const entry: ChangedMatch = known ?? { id: c.matchId, resources: [] };
    if (!entry.resources.includes(c.resource)) {
      entry.resources.push(c.resource);
    }
    if (c.resource === 'detail') {
      const samePlace = c.samePlace === true && (!known || known.samePlace === true);
      if (samePlace) {
        entry.samePlace = true;
      } else {
        delete entry.samePlace;
      }
    }
    byMatch.set(c.matchId, entry);
  }
  const rowsChanged = [...byMatch.values()].filter((m) => m.resources.includes('detail'));
  if (rowsChanged.length > 0) {
    const facts = await db.$queryRawUnsafe<MatchFacts[]>(
      `SELECT id, kickoff_utc, home_team_id, away_team_id, status::text AS status, competition_id
         FROM matches WHERE id = ANY($1::int[])`,
      rowsChanged.map((m) => m.id),
    );
    for (const f of facts) {
      const entry = byMatch.get(f.id);
      if (entry) {
        entry.day = new Date(f.kickoff_utc).toISOString().slice(0, 10);
        entry.teams = [f.home_team_id, f.away_team_id];
        entry.status = f.status;
        entry.competition = f.competition_id;
      }
    }
  }
  return { seq: String(seq), reference, matches: [...byMatch.values()] };
}
