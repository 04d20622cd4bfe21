/** One club: original name, English, simplified and traditional Chinese, home ground, strength (1-5). */
export type TeamRow = readonly [
  original: string,
  en: string,
  zhCn: string,
  zhHk: string,
  venue: string,
  stars: number,
];
