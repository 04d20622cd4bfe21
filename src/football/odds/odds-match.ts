import type { PrismaClient } from '../../db/generated/client.js';
import { ApiError } from '../../errors/api-error.js';

/** The ids among `matchIds` that name a stored match (one query). */
export async function existingMatchIds(
  db: PrismaClient,
  matchIds: readonly number[],
): Promise<Set<number>> {
  const rows = await db.match.findMany({
    where: { id: { in: [...matchIds] } },
    select: { id: true },
  });
  return new Set(rows.map((r) => r.id));
}

/** Spec 4.5 rule 2: a child resource of a match that does not exist is a 404. */
export async function requireMatch(db: PrismaClient, matchId: number): Promise<void> {
  const found = await db.match.findUnique({ where: { id: matchId }, select: { id: true } });
  if (!found) {
    throw new ApiError('not_found', `Match ${matchId} does not exist`);
  }
}

/** Throws the 404 for a match's missing child: "no such match" when it is, else `detail`. */
export async function notFound(db: PrismaClient, matchId: number, detail: string): Promise<never> {
  await requireMatch(db, matchId);
  throw new ApiError('not_found', detail);
}

/** Rows of many matches -> rows per match id, order kept (batch readers). */
export function groupByMatch<T extends { matchId: number }>(rows: readonly T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.matchId);
    if (group) {
      group.push(row);
    } else {
      groups.set(row.matchId, [row]);
    }
  }
  return groups;
}
