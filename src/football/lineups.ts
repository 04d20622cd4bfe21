import type { SqlRead } from '../db/database.js';
import type { PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { type LineupsWire, readLineupsWire } from './lineups-wire.js';
import { notFound } from './matches.js';
import { existingMatchIds } from './odds/odds-match.js';

/**
 * Published lineups in the REST shape (lineups-wire.ts): the one builder of the lineups payload,
 * for REST, GraphQL and push. Both sheets must be published: half a lineup is not served.
 */
export function createLineupsService({ db, read }: { db: PrismaClient; read: SqlRead }) {
  /** Batched (DataLoader): match id -> its published lineups; otherwise absent. */
  const wireForMatches = (ids: readonly number[]) => readLineupsWire(read, ids);

  /** Spec 2.11 / 4.5 rule 2: unpublished lineups are a 404, as is an unknown match. */
  async function wireForMatch(id: number): Promise<LineupsWire> {
    const found = (await wireForMatches([id])).get(id);
    if (found) {
      return found;
    }
    if (!(await existingMatchIds(db, [id])).has(id)) {
      return notFound(id);
    }
    throw new ApiError('not_found', `No published lineups for match ${id}`);
  }

  return { wireForMatches, wireForMatch };
}

export type LineupsService = ReturnType<typeof createLineupsService>;
