import type { CompetitionFact, MatchLinkFact, TeamFact } from '../../facts.js';
import { isoUtc } from '../odds-kit.js';
import { competitionFact } from './competitions.js';
import type { OddsApiEvent } from './schemas.js';

interface EventFacts {
  competitions: CompetitionFact[];
  teams: TeamFact[];
  links: MatchLinkFact[];
}

/**
 * Events as links to stored matches. The Odds API has no team ids: a team's source id is its
 * name as the provider writes it (`Brighton and Hove Albion`). The event id is the match's
 * source id; it stays when the kick-off moves (a postponed match re-dated).
 */
export function mapEvents(events: readonly OddsApiEvent[]): EventFacts {
  const facts: EventFacts = { competitions: [], teams: [], links: [] };
  for (const event of events) {
    facts.competitions.push(competitionFact(event.sport_key, event.sport_title));
    for (const name of [event.home_team, event.away_team]) {
      facts.teams.push({ sourceId: name, name, competition: event.sport_key });
    }
    facts.links.push({
      sourceId: event.id,
      competition: event.sport_key,
      home: event.home_team,
      away: event.away_team,
      kickoffUtc: isoUtc(event.commence_time),
    });
  }
  return facts;
}
