import type { OddsApiEvent, OddsApiOddsEvent } from './schemas.js';

/**
 * Documented rules the schemas cannot say. An answer that breaks one is refused whole: a wrong
 * sport or a market whose outcomes do not name the event's teams means the answer is not what
 * the request asked for, and mapping part of it would link prices to the wrong match.
 * @see https://the-odds-api.com/liveapi/guides/v4/#get-odds
 */

function wrongSport(events: readonly OddsApiEvent[], sport: string): string | undefined {
  const other = events.find((e) => e.sport_key !== sport);
  return other ? `event ${other.id} is of ${other.sport_key}, not ${sport}` : undefined;
}

function repeatedId(events: readonly OddsApiEvent[]): string | undefined {
  const seen = new Set<string>();
  for (const e of events) {
    if (seen.has(e.id)) {
      return `event ${e.id} is listed twice`;
    }
    seen.add(e.id);
  }
  return undefined;
}

/** h2h names the teams or `Draw`; spreads the teams; totals `Over` and `Under`. */
function allowedNames(event: OddsApiOddsEvent, marketKey: string): readonly string[] | null {
  switch (marketKey) {
    case 'h2h':
      return [event.home_team, event.away_team, 'Draw'];
    case 'spreads':
      return [event.home_team, event.away_team];
    case 'totals':
      return ['Over', 'Under'];
    default:
      return null;
  }
}

function strangeOutcome(events: readonly OddsApiOddsEvent[]): string | undefined {
  for (const event of events) {
    for (const bookmaker of event.bookmakers) {
      for (const market of bookmaker.markets) {
        const allowed = allowedNames(event, market.key);
        const odd = allowed && market.outcomes.find((o) => !allowed.includes(o.name));
        if (odd) {
          return `event ${event.id}: ${bookmaker.key} ${market.key} outcome "${odd.name}" is not one of ${allowed.join(', ')}`;
        }
      }
    }
  }
  return undefined;
}

export const refuseEvents =
  (sport: string) =>
  (events: readonly OddsApiEvent[]): string | undefined =>
    wrongSport(events, sport) ?? repeatedId(events);

export const refuseOdds =
  (sport: string) =>
  (events: readonly OddsApiOddsEvent[]): string | undefined =>
    wrongSport(events, sport) ?? repeatedId(events) ?? strangeOutcome(events);
