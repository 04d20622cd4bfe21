import type { BookmakerFact, CompetitionFact } from '../../facts.js';

/**
 * football-data.co.uk's bookmakers, by the column prefix notes.txt gives them
 * (https://www.football-data.co.uk/notes.txt): the prefix is the bookmaker's source id, and the
 * prefixes of its 1X2 (`B365H`), totals (`B365>2.5`) and Asian handicap (`B365AHH`) columns.
 * Closing columns insert a `C` after the prefix (`B365CH`, `B365C>2.5`, `B365CAHH`). Betfair
 * Exchange (`BFE`) is not here: its prices are exchange prices (map-exchange.ts).
 */
export interface ColumnBookmaker extends BookmakerFact {
  had: string;
  hilo: string;
  hdp: string;
}

const bookmaker = (prefix: string, name: string, nameEn = name, isAggregate = false) => ({
  sourceId: prefix,
  name,
  nameEn,
  isAggregate,
  had: prefix,
  hilo: prefix,
  hdp: prefix,
});

export const COLUMN_BOOKMAKERS: readonly ColumnBookmaker[] = [
  bookmaker('B365', 'Bet365'),
  // Pinnacle's 1X2 columns are `PSH..`, its totals and handicap columns `P>2.5`, `PAHH`.
  { ...bookmaker('PS', 'Pinnacle'), hilo: 'P', hdp: 'P' },
  bookmaker('WH', 'William Hill'),
  bookmaker('BW', 'Bet&Win', 'Bwin'),
  bookmaker('IW', 'Interwetten'),
  bookmaker('VC', 'VC Bet', 'BetVictor'),
  bookmaker('1XB', '1XBet', '1xBet'),
  bookmaker('BF', 'Betfair', 'Betfair Sportsbook'),
  bookmaker('Max', 'Max', 'Market maximum', true),
  bookmaker('Avg', 'Avg', 'Market average', true),
];

type KnownCompetition = Omit<CompetitionFact, 'sourceId'>;

const europe = (name: string, country: string): KnownCompetition => ({
  name,
  country,
  region: 'Europe',
});

/**
 * Names for the divisions the files name by code: keyed by `Div` (season files) or
 * `Country|League` (the all-seasons files). Other divisions are named after their key.
 */
const KNOWN_COMPETITIONS: Readonly<Record<string, KnownCompetition>> = {
  E0: europe('Premier League', 'England'),
  E1: europe('Championship', 'England'),
  SC0: europe('Scottish Premiership', 'Scotland'),
  SP1: europe('La Liga', 'Spain'),
  D1: europe('Bundesliga', 'Germany'),
  I1: europe('Serie A', 'Italy'),
  F1: europe('Ligue 1', 'France'),
  N1: europe('Eredivisie', 'Netherlands'),
  P1: europe('Primeira Liga', 'Portugal'),
  'Japan|J1 League': { name: 'J1 League', code: 'JPN-J1', country: 'Japan', region: 'Asia' },
  'China|Super League': {
    name: 'Chinese Super League',
    code: 'CHN-CSL',
    country: 'China',
    region: 'Asia',
    aliases: ['Super League'],
  },
};

export function competitionFact(key: string): CompetitionFact {
  const known = KNOWN_COMPETITIONS[key];
  const [country, league] = key.includes('|') ? key.split('|') : [undefined, key];
  return {
    sourceId: key,
    name: known?.name ?? league ?? key,
    code: known?.code ?? key.replace('|', '-'),
    country: known?.country ?? country ?? null,
    // Every file of football-data.co.uk is a league's season (its divisions and leagues).
    type: 'league',
    ...(known?.region ? { region: known.region } : {}),
    ...(known?.aliases ? { aliases: known.aliases } : {}),
  };
}
