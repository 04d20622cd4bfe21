/** Bookmakers with their permanent public ids; `margin` is the usual overround, `coverage` how often they price a match. */
export interface BookmakerSpec {
  id: number;
  name: string;
  nameEn: string;
  margin: number;
  coverage: number;
  /** Also prices the small Asian leagues (Hong Kong Premier League). */
  asianMinor: boolean;
}

export const BOOKMAKERS: readonly BookmakerSpec[] = [
  { id: 1, name: '澳门*', nameEn: 'Macau', margin: 0.072, coverage: 0.95, asianMinor: true },
  { id: 3, name: '皇冠*', nameEn: 'Crown', margin: 0.05, coverage: 0.92, asianMinor: true },
  { id: 4, name: '立博', nameEn: 'Ladbrokes', margin: 0.068, coverage: 0.8, asianMinor: false },
  { id: 8, name: 'Bet365', nameEn: 'Bet365', margin: 0.055, coverage: 0.98, asianMinor: true },
  {
    id: 9,
    name: '威廉希尔',
    nameEn: 'William Hill',
    margin: 0.065,
    coverage: 0.85,
    asianMinor: false,
  },
  { id: 12, name: '易胜博', nameEn: 'Easybets', margin: 0.058, coverage: 0.85, asianMinor: true },
  { id: 14, name: '韦德', nameEn: 'BetVictor', margin: 0.06, coverage: 0.7, asianMinor: false },
  { id: 17, name: '明陞', nameEn: 'M88', margin: 0.052, coverage: 0.75, asianMinor: true },
  { id: 24, name: '12Bet*', nameEn: '12Bet', margin: 0.054, coverage: 0.7, asianMinor: true },
  { id: 31, name: '利记', nameEn: 'SBOBET', margin: 0.045, coverage: 0.9, asianMinor: true },
  {
    id: 35,
    name: 'Pinnacle',
    nameEn: 'Pinnacle',
    margin: 0.034,
    coverage: 0.95,
    asianMinor: false,
  },
];

/** The envelope rows: not bookmakers, but they share the bookmaker id namespace. */
export const MIN_BOOKMAKER = { id: 9001, name: 'Min', nameEn: 'Minimum' } as const;
export const MAX_BOOKMAKER = { id: 9002, name: 'Max', nameEn: 'Maximum' } as const;
