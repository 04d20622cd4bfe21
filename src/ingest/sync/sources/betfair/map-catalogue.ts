import type { CompetitionFact, MatchLinkFact, TeamFact } from '../../facts.js';
import { isoUtc } from '../odds-kit.js';
import type { MarketType } from './requests.js';
import type { BetfairCatalogue, BetfairRunnerCatalog } from './schemas.js';

export interface TypedMarket {
  type: MarketType;
  market: BetfairCatalogue;
}

/** A football event of the catalogue with its two teams found among its markets' runners. */
export interface BetfairMatch {
  eventId: string;
  eventName: string;
  home: BetfairRunnerCatalog;
  away: BetfairRunnerCatalog;
  kickoffUtc: string;
  competition: { id: string; name: string } | undefined;
  markets: TypedMarket[];
}

/** Betfair names a match "Arsenal v Chelsea": home first. */
function teamNames(eventName: string): [string, string] | null {
  const parts = eventName.split(' v ');
  return parts.length === 2 && parts[0] && parts[1] ? [parts[0], parts[1]] : null;
}

/** The team's runner in a match odds or handicap market (its selection id is the team's id). */
function teamRunner(markets: readonly TypedMarket[], name: string) {
  for (const { type, market } of markets) {
    if (type !== 'OVER_UNDER_25') {
      const runner = market.runners.find((r) => r.runnerName === name);
      if (runner) {
        return runner;
      }
    }
  }
  return undefined;
}

function toMatch(markets: readonly TypedMarket[]): BetfairMatch | null {
  const first = markets[0]?.market;
  const names = first && teamNames(first.event.name);
  const home = names && teamRunner(markets, names[0]);
  const away = names && teamRunner(markets, names[1]);
  if (!first || !home || !away) {
    return null;
  }
  const matchOdds = markets.find((m) => m.type === 'MATCH_ODDS')?.market ?? first;
  return {
    eventId: first.event.id,
    eventName: first.event.name,
    home,
    away,
    kickoffUtc: isoUtc(matchOdds.marketStartTime),
    competition: first.competition,
    markets: [...markets],
  };
}

/**
 * The catalogue's markets grouped by event. Events whose name is not "Home v Away" or whose teams
 * are not runners of a match odds or handicap market (a special, an outright) are left out.
 */
export function groupMatches(markets: readonly TypedMarket[]): BetfairMatch[] {
  const byEvent = new Map<string, TypedMarket[]>();
  for (const typed of markets) {
    const list = byEvent.get(typed.market.event.id) ?? [];
    list.push(typed);
    byEvent.set(typed.market.event.id, list);
  }
  return [...byEvent.values()].map(toMatch).filter((m): m is BetfairMatch => m !== null);
}

interface LinkFacts {
  competitions: CompetitionFact[];
  teams: TeamFact[];
  links: MatchLinkFact[];
}

/** Links by the event id; teams by their selection ids, which Betfair keeps across markets. */
export function mapLinks(matches: readonly BetfairMatch[]): LinkFacts {
  const facts: LinkFacts = { competitions: [], teams: [], links: [] };
  for (const match of matches) {
    const competition = match.competition?.id;
    if (match.competition) {
      facts.competitions.push({ sourceId: match.competition.id, name: match.competition.name });
    }
    for (const team of [match.home, match.away]) {
      facts.teams.push({ sourceId: String(team.selectionId), name: team.runnerName, competition });
    }
    facts.links.push({
      sourceId: match.eventId,
      competition,
      home: String(match.home.selectionId),
      away: String(match.away.selectionId),
      kickoffUtc: match.kickoffUtc,
    });
  }
  return facts;
}
