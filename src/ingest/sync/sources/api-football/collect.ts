import type {
  BookmakerFact,
  CompetitionFact,
  LineupFact,
  MatchEventsFact,
  MatchFact,
  MatchStatisticsFact,
  PriceFact,
  SourceFacts,
  TeamFact,
} from '../../facts.js';
import { mapEvents } from './map-events.js';
import { competitionFact, matchFact, teamFacts } from './map-fixture.js';
import { mapLineups } from './map-lineups.js';
import { IN_PLAY_BOOKMAKER, mapInPlayOdds } from './map-live-odds.js';
import { mapPreMatchOdds } from './map-odds.js';
import { mapStatistics } from './map-statistics.js';
import type { ProviderFixture } from './schemas.js';
import type { ProviderInPlayOdds, ProviderPreMatchOdds } from './schemas-odds.js';

/** The facts of one pass, gathered answer by answer (reference facts once each, by id). */
export class FactsCollector {
  private readonly competitions = new Map<string, CompetitionFact>();
  private readonly teams = new Map<string, TeamFact>();
  private readonly bookmakers = new Map<string, BookmakerFact>();
  private readonly matches: MatchFact[] = [];
  private readonly events: MatchEventsFact[] = [];
  private readonly statistics: MatchStatisticsFact[] = [];
  private readonly lineups: LineupFact[] = [];
  private readonly prices: PriceFact[] = [];

  /** A fixture; `detailed`: asked by id, so its events, sheets and statistics came with it. */
  addFixture(item: ProviderFixture, detailed: boolean): void {
    const competition = competitionFact(item);
    this.competitions.set(competition.sourceId, competition);
    for (const team of teamFacts(item)) {
      this.teams.set(team.sourceId, team);
    }
    if (!detailed) {
      this.matches.push(matchFact(item));
      return;
    }
    const events = mapEvents(item);
    const statistics = mapStatistics(item);
    this.events.push(events.facts);
    if (statistics) {
      this.statistics.push(statistics.facts);
    }
    this.lineups.push(...mapLineups(item));
    this.matches.push(matchFact(item, { ...events.counts, ...statistics?.counts }));
  }

  addPreMatchOdds(item: ProviderPreMatchOdds): void {
    const { bookmakers, prices } = mapPreMatchOdds(item);
    for (const bookmaker of bookmakers) {
      this.bookmakers.set(bookmaker.sourceId, bookmaker);
    }
    this.prices.push(...prices);
  }

  addInPlayOdds(item: ProviderInPlayOdds): void {
    const prices = mapInPlayOdds(item);
    if (prices.length > 0) {
      this.bookmakers.set(IN_PLAY_BOOKMAKER.sourceId, IN_PLAY_BOOKMAKER);
      this.prices.push(...prices);
    }
  }

  facts(): SourceFacts {
    const lists = {
      competitions: [...this.competitions.values()],
      teams: [...this.teams.values()],
      bookmakers: [...this.bookmakers.values()],
      matches: this.matches,
      events: this.events,
      statistics: this.statistics,
      lineups: this.lineups,
      prices: this.prices,
    };
    return Object.fromEntries(
      Object.entries(lists).filter(([, list]) => list.length > 0),
    ) as SourceFacts;
  }
}
