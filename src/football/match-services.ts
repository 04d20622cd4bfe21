import type { SqlRead } from '../db/database.js';
import type { PrismaClient } from '../db/generated/client.js';
import { createH2hService } from './h2h.js';
import { createLineupsService } from './lineups.js';
import { createAvailabilityService } from './match-availability.js';
import { createMatchEventsService } from './match-events.js';
import { createMatchesService } from './matches.js';

/** Match data services (matches, live, children, head-to-head): the REST and GraphQL doors share them. */
export function createMatchServices({ db, read }: { db: PrismaClient; read: SqlRead }) {
  const matches = createMatchesService({ read });
  return {
    matches,
    matchEvents: createMatchEventsService({ read }),
    lineups: createLineupsService({ db, read }),
    headToHead: createH2hService({ read, matches }),
    availability: createAvailabilityService({ read }),
  };
}
