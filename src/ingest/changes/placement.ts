import type { Tx } from '../import/upsert.js';

/**
 * Where a match row places it in the competitions catalogue: its competition, season, kick-off
 * and round (the seasons list, their first and last days, whether a cup plays tables). A score,
 * status or clock change leaves it as it was, and the catalogue need not be read again
 * (docs/live.md "Caches under live writes").
 */
async function placements(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await tx.$queryRawUnsafe<{ id: number; place: string }[]>(
    `SELECT id, concat_ws('|', competition_id, season, kickoff_utc, round) AS place
       FROM matches WHERE id = ANY($1::int[])`,
    ids,
  );
  return new Map(rows.map((r) => [r.id, r.place]));
}

/**
 * Runs `write` (which upserts the match rows `ids`) and answers the ids among them that were
 * there before and still are where they were.
 */
export async function keptInPlace(
  tx: Tx,
  ids: readonly number[],
  write: () => Promise<void>,
): Promise<Set<number>> {
  if (ids.length === 0) {
    await write();
    return new Set();
  }
  const before = await placements(tx, ids);
  await write();
  const after = await placements(tx, ids);
  return new Set(ids.filter((id) => before.has(id) && before.get(id) === after.get(id)));
}
