import type { SqlRead } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import { createCompetitionsService } from './competitions.js';
import { createScorersService } from './scorers.js';
import { createSeasonMatches } from './season-matches.js';
import { createStandingsService } from './standings.js';

/** The competitions catalogue, standings and scorers services (issue 49), for `create-services.ts`. */
export function createCatalogueServices({
  read,
  events,
  now,
}: {
  read: SqlRead;
  events: Pick<EventBus, 'subscribe'>;
  now: () => Date;
}) {
  const competitions = createCompetitionsService({ read, events });
  const seasons = createSeasonMatches({ read, events });
  return {
    competitions,
    standings: createStandingsService({ seasons, competitions, now }),
    scorers: createScorersService({ read, competitions, now }),
  };
}
