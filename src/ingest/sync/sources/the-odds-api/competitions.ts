import type { CompetitionFact } from '../../facts.js';

/**
 * The sport keys a pass reads when the operator names none: the top European league and cup and
 * two Asian leagues The Odds API lists. Each costs usage credits per `/odds` call (markets x
 * regions), so the list is short; `--competitions` narrows or widens it.
 * @see https://the-odds-api.com/sports-odds-data/sports-apis.html
 */
export const DEFAULT_SPORTS = [
  'soccer_epl',
  'soccer_spain_la_liga',
  'soccer_uefa_champs_league',
  'soccer_japan_j_league',
  'soccer_china_superleague',
] as const;

interface KnownCompetition {
  name: string;
  country: string | null;
  region: 'Asia' | 'Europe';
}

/** Names the answers do not give (`sport_title` is short: `EPL`); others keep `sport_title`. */
const KNOWN: Readonly<Record<string, KnownCompetition>> = {
  soccer_epl: { name: 'Premier League', country: 'England', region: 'Europe' },
  soccer_spain_la_liga: { name: 'La Liga', country: 'Spain', region: 'Europe' },
  soccer_italy_serie_a: { name: 'Serie A', country: 'Italy', region: 'Europe' },
  soccer_germany_bundesliga: { name: 'Bundesliga', country: 'Germany', region: 'Europe' },
  soccer_france_ligue_one: { name: 'Ligue 1', country: 'France', region: 'Europe' },
  soccer_uefa_champs_league: { name: 'UEFA Champions League', country: null, region: 'Europe' },
  soccer_japan_j_league: { name: 'J1 League', country: 'Japan', region: 'Asia' },
  soccer_china_superleague: { name: 'Chinese Super League', country: 'China', region: 'Asia' },
  soccer_korea_kleague1: { name: 'K League 1', country: 'South Korea', region: 'Asia' },
};

/** The competition a sport key stands for; `sport_title` stays as an alias. */
export function competitionFact(sportKey: string, sportTitle: string): CompetitionFact {
  const known = KNOWN[sportKey];
  if (!known) {
    return { sourceId: sportKey, name: sportTitle };
  }
  return {
    sourceId: sportKey,
    name: known.name,
    country: known.country,
    region: known.region,
    ...(sportTitle === known.name ? {} : { aliases: [sportTitle] }),
  };
}
