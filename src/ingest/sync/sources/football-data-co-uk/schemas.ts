import Type from 'typebox';

/**
 * One CSV row as csv-parse gives it (header -> cell text), checked for the columns this source
 * reads (https://www.football-data.co.uk/notes.txt). The other columns (odds, statistics) are
 * read leniently: an empty or unreadable cell is a missing value.
 */
const Name = Type.String({ pattern: '\\S' });
const Day = Type.String({ pattern: '^ *[0-9]{1,2}/[0-9]{1,2}/([0-9]{2}|[0-9]{4}) *$' });
const Clock = Type.Optional(Type.String({ pattern: '^ *([0-9]{1,2}:[0-9]{2})? *$' }));
/** Goals: empty (not played yet) or a count. */
const Goals = Type.Optional(Type.String({ pattern: '^ *[0-9]{0,3} *$' }));

/** Season files (`mmz4281/2425/E0.csv`) and the weekly `fixtures.csv`. */
const SeasonFileRow = Type.Object({
  Div: Name,
  Date: Day,
  Time: Clock,
  HomeTeam: Name,
  AwayTeam: Name,
  FTHG: Goals,
  FTAG: Goals,
  HTHG: Goals,
  HTAG: Goals,
});

/** The all-seasons files of the extra leagues (`new/JPN.csv`, `new/CHN.csv`). */
const AllSeasonsRow = Type.Object({
  Country: Name,
  League: Name,
  Season: Type.String({ pattern: '^ *[0-9]{4}(/[0-9]{4})? *$' }),
  Date: Day,
  Time: Clock,
  Home: Name,
  Away: Name,
  HG: Goals,
  AG: Goals,
});

export const FootballDataRow = Type.Union([SeasonFileRow, AllSeasonsRow]);

/** A rule the schema cannot say: a score is both goals or neither. */
export function refuseRow(row: Readonly<Record<string, string>>): string | undefined {
  for (const [home, away] of [
    ['FTHG', 'FTAG'],
    ['HG', 'AG'],
    ['HTHG', 'HTAG'],
  ] as const) {
    const given = [row[home], row[away]].map((cell) => (cell ?? '').trim() !== '');
    if (given[0] !== given[1]) {
      return `${home} and ${away}: one goal count without the other`;
    }
  }
  return undefined;
}
