/**
 * What a file's name (`en.1.json`: country `en`, division 1) says about its league: the
 * country, and the time zone its `date`/`time` are written in. One zone per league: the time the
 * league publishes, not each venue's (La Liga's Canary Islands matches are written in Madrid
 * time; UEFA's in Central European time, Arsenal's 20:00 UK kick-offs as 21:00). en, es, uefa, jp
 * and cn were checked against football-data.co.uk's UK times; the others assume the country's
 * zone. Countries spanning several zones (br, mx, au, mls) are not listed: their files are
 * refused rather than read an hour wrong.
 */
export interface League {
  country: string | null;
  region: 'Asia' | 'Europe' | undefined;
  zone: string;
}

const europe = (country: string | null, zone: string): League => ({
  country,
  region: 'Europe',
  zone,
});
const asia = (country: string, zone: string): League => ({ country, region: 'Asia', zone });

const LEAGUES: Readonly<Record<string, League>> = {
  en: europe('England', 'Europe/London'),
  sco: europe('Scotland', 'Europe/London'),
  es: europe('Spain', 'Europe/Madrid'),
  de: europe('Germany', 'Europe/Berlin'),
  it: europe('Italy', 'Europe/Rome'),
  fr: europe('France', 'Europe/Paris'),
  nl: europe('Netherlands', 'Europe/Amsterdam'),
  pt: europe('Portugal', 'Europe/Lisbon'),
  be: europe('Belgium', 'Europe/Brussels'),
  at: europe('Austria', 'Europe/Vienna'),
  ch: europe('Switzerland', 'Europe/Zurich'),
  gr: europe('Greece', 'Europe/Athens'),
  tr: europe('Turkey', 'Europe/Istanbul'),
  uefa: europe(null, 'Europe/Paris'),
  jp: asia('Japan', 'Asia/Tokyo'),
  cn: asia('China', 'Asia/Shanghai'),
  kr: asia('South Korea', 'Asia/Seoul'),
};

/** `en.1` from `…/2024-25/en.1.json`. */
export function leagueCode(fileName: string): string {
  return fileName.replace(/\.json$/, '');
}

export function leagueOf(code: string): League | undefined {
  return LEAGUES[code.split('.')[0] ?? ''];
}

/**
 * The country codes UEFA files append to club names (`Liverpool FC (ENG)`), for the teams'
 * country; codes not listed leave it unknown.
 */
export const UEFA_COUNTRIES: Readonly<Record<string, string>> = {
  ENG: 'England',
  SCO: 'Scotland',
  ESP: 'Spain',
  GER: 'Germany',
  ITA: 'Italy',
  FRA: 'France',
  NED: 'Netherlands',
  POR: 'Portugal',
  BEL: 'Belgium',
  AUT: 'Austria',
  SUI: 'Switzerland',
  CRO: 'Croatia',
  CZE: 'Czech Republic',
  SVK: 'Slovakia',
  SRB: 'Serbia',
  UKR: 'Ukraine',
  MCO: 'Monaco',
  TUR: 'Turkey',
  GRE: 'Greece',
  DEN: 'Denmark',
};
