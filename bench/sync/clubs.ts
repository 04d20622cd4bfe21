/**
 * The Premier League 2024-25 clubs of the bench's recorded season, as two providers name them:
 * Sportmonks (id, name, short code, home ground) and The Odds API (team name). The Sportmonks
 * ids and grounds shown in test/fixtures/providers/sportmonks/ are reused; the five clubs those
 * sessions do not show (Chelsea, Manchester City, Tottenham Hotspur, Leicester City, Brentford)
 * carry Sportmonks' ids as commonly published, and venue ids are illustrative for them.
 */
export interface Club {
  sportmonksId: number;
  name: string;
  shortCode: string;
  /** The name The Odds API writes (`Brighton and Hove Albion`, `Bournemouth`). */
  oddsApiName: string;
  venue: { id: number; name: string; city: string };
  /** 1 (weakest) to 5: the bench's goals and prices lean on it. */
  strength: number;
}

const club = (
  sportmonksId: number,
  name: string,
  shortCode: string,
  oddsApiName: string,
  venue: Club['venue'],
  strength: number,
): Club => ({ sportmonksId, name, shortCode, oddsApiName, venue, strength });

export const CLUBS: readonly Club[] = [
  club(19, 'Arsenal', 'ARS', 'Arsenal', { id: 204, name: 'Emirates Stadium', city: 'London' }, 5),
  club(
    15,
    'Aston Villa',
    'AVL',
    'Aston Villa',
    { id: 209, name: 'Villa Park', city: 'Birmingham' },
    4,
  ),
  club(
    52,
    'AFC Bournemouth',
    'BOU',
    'Bournemouth',
    { id: 173, name: 'Vitality Stadium', city: 'Bournemouth' },
    3,
  ),
  club(
    236,
    'Brentford',
    'BRE',
    'Brentford',
    { id: 321614, name: 'Gtech Community Stadium', city: 'London' },
    3,
  ),
  club(
    78,
    'Brighton & Hove Albion',
    'BHA',
    'Brighton and Hove Albion',
    { id: 480, name: 'American Express Stadium', city: 'Falmer' },
    3,
  ),
  club(18, 'Chelsea', 'CHE', 'Chelsea', { id: 321, name: 'Stamford Bridge', city: 'London' }, 4),
  club(
    51,
    'Crystal Palace',
    'CRY',
    'Crystal Palace',
    { id: 208, name: 'Selhurst Park', city: 'London' },
    3,
  ),
  club(13, 'Everton', 'EVE', 'Everton', { id: 20, name: 'Goodison Park', city: 'Liverpool' }, 2),
  club(11, 'Fulham', 'FUL', 'Fulham', { id: 12, name: 'Craven Cottage', city: 'London' }, 3),
  club(
    116,
    'Ipswich Town',
    'IPS',
    'Ipswich Town',
    { id: 5125, name: 'Portman Road', city: 'Ipswich' },
    1,
  ),
  club(
    42,
    'Leicester City',
    'LEI',
    'Leicester City',
    { id: 117, name: 'King Power Stadium', city: 'Leicester' },
    1,
  ),
  club(8, 'Liverpool', 'LIV', 'Liverpool', { id: 230, name: 'Anfield', city: 'Liverpool' }, 5),
  club(
    9,
    'Manchester City',
    'MCI',
    'Manchester City',
    { id: 151, name: 'Etihad Stadium', city: 'Manchester' },
    5,
  ),
  club(
    14,
    'Manchester United',
    'MUN',
    'Manchester United',
    { id: 206, name: 'Old Trafford', city: 'Manchester' },
    3,
  ),
  club(
    20,
    'Newcastle United',
    'NEW',
    'Newcastle United',
    { id: 449, name: "St. James' Park", city: 'Newcastle upon Tyne' },
    4,
  ),
  club(
    63,
    'Nottingham Forest',
    'NFO',
    'Nottingham Forest',
    { id: 1, name: 'The City Ground', city: 'Nottingham' },
    4,
  ),
  club(
    65,
    'Southampton',
    'SOU',
    'Southampton',
    { id: 180, name: "St. Mary's Stadium", city: 'Southampton' },
    1,
  ),
  club(
    6,
    'Tottenham Hotspur',
    'TOT',
    'Tottenham Hotspur',
    { id: 336296, name: 'Tottenham Hotspur Stadium', city: 'London' },
    3,
  ),
  club(
    1,
    'West Ham United',
    'WHU',
    'West Ham United',
    { id: 214, name: 'London Stadium', city: 'London' },
    2,
  ),
  club(
    29,
    'Wolverhampton Wanderers',
    'WOL',
    'Wolverhampton Wanderers',
    { id: 183, name: 'Molineux Stadium', city: 'Wolverhampton' },
    2,
  ),
];
