import type { Bookmaker, Competition } from '../format.js';

/**
 * football-data.co.uk column prefixes per bookmaker and market. Ids are permanent (spec 9.2)
 * and shared with the demo data set (src/ingest/demo/data/bookmakers.ts): Bet365 8, William Hill
 * 9, Pinnacle 35, Max 9002 keep the demo's ids and raw names. docs/import-format.md lists them.
 */
export interface ProviderBookmaker extends Bookmaker {
  /** Column prefix of 1X2 (`B365H`), totals (`B365>2.5`) and Asian handicap (`B365AHH`). */
  had: string;
  hilo: string;
  hdp: string;
}

const bm = (id: number, name: string, nameEn: string, prefix: string, isAggregate = false) => ({
  id,
  name,
  nameEn,
  isAggregate,
  had: prefix,
  hilo: prefix,
  hdp: prefix,
});

export const FOOTBALL_DATA_BOOKMAKERS: readonly ProviderBookmaker[] = [
  bm(8, 'Bet365', 'Bet365', 'B365'),
  { ...bm(35, 'Pinnacle', 'Pinnacle', 'P'), had: 'PS' },
  bm(9, '威廉希尔', 'William Hill', 'WH'),
  bm(40, 'Bwin', 'Bwin', 'BW'),
  bm(41, 'Interwetten', 'Interwetten', 'IW'),
  bm(42, 'VC Bet', 'VC Bet', 'VC'),
  bm(43, '1xBet', '1xBet', '1XB'),
  bm(44, 'Betfair', 'Betfair Sportsbook', 'BF'),
  bm(45, 'Betfair Exchange', 'Betfair Exchange', 'BFE'),
  bm(9002, 'Max', 'Maximum', 'Max', true),
  bm(9003, 'Avg', 'Average', 'Avg', true),
];

const comp = (
  id: number,
  code: string,
  nameEn: string,
  nameZhCn: string,
  nameZhHk: string,
  nameOriginal: string,
  region: 'Asia' | 'Europe',
  country: string,
): Competition => ({ id, code, nameEn, nameZhCn, nameZhHk, nameOriginal, region, country });

/** Known divisions: fixed ids. Keyed by `Div` (main leagues) or `Country|League` (all-seasons files). */
export const FOOTBALL_DATA_COMPETITIONS: Record<string, Competition> = {
  E0: comp(
    101,
    'E0',
    'Premier League',
    '英格兰超级联赛',
    '英格蘭超級聯賽',
    'E0',
    'Europe',
    'England',
  ),
  SP1: comp(102, 'SP1', 'La Liga', '西班牙甲级联赛', '西班牙甲組聯賽', 'SP1', 'Europe', 'Spain'),
  D1: comp(103, 'D1', 'Bundesliga', '德国甲级联赛', '德國甲組聯賽', 'D1', 'Europe', 'Germany'),
  I1: comp(104, 'I1', 'Serie A', '意大利甲级联赛', '意大利甲組聯賽', 'I1', 'Europe', 'Italy'),
  F1: comp(105, 'F1', 'Ligue 1', '法国甲级联赛', '法國甲組聯賽', 'F1', 'Europe', 'France'),
  'Japan|J1 League': comp(
    106,
    'JPN-J1',
    'J1 League',
    '日本职业足球甲级联赛',
    '日本職業足球甲級聯賽',
    'J1 League',
    'Asia',
    'Japan',
  ),
  'China|Super League': comp(
    107,
    'CHN-CSL',
    'Chinese Super League',
    '中国足球协会超级联赛',
    '中國足球協會超級聯賽',
    'Super League',
    'Asia',
    'China',
  ),
};

/** A division this table does not know: named after its code, id derived from it. */
export function unknownCompetition(key: string, id: number): Competition {
  const [country, league] = key.includes('|') ? key.split('|') : [undefined, key];
  return {
    id,
    code: key.replace('|', '-'),
    nameEn: league ?? key,
    nameOriginal: league ?? key,
    region: 'Europe',
    ...(country ? { country } : {}),
  };
}
