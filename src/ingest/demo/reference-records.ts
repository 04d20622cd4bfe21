import type { Bookmaker, Team } from '../format.js';
import type { TeamInfo } from './calendar/teams.js';
import { BOOKMAKERS, MAX_BOOKMAKER, MIN_BOOKMAKER } from './data/bookmakers.js';
import { COMPETITIONS } from './data/competitions.js';
import type { CompetitionRecord } from './model.js';

export function competitionRecords(): CompetitionRecord[] {
  return COMPETITIONS.map((c) => ({
    id: c.id,
    code: c.code,
    nameEn: c.nameEn,
    nameZhCn: c.nameZhCn,
    nameZhHk: c.nameZhHk,
    nameOriginal: c.nameOriginal,
    region: c.region,
    country: c.country,
    // Friendlies have no table: like a cup without groups.
    type: c.kind === 'league' ? 'league' : 'cup',
  }));
}

export function teamRecords(teams: Map<number, TeamInfo[]>): Team[] {
  return [...teams.values()].flat().map((t) => ({
    id: t.id,
    nameOriginal: t.original,
    nameEn: t.en,
    nameZhCn: t.zhCn,
    nameZhHk: t.zhHk,
    country: t.country,
  }));
}

export function bookmakerRecords(): Bookmaker[] {
  return [
    ...BOOKMAKERS.map((b) => ({ id: b.id, name: b.name, nameEn: b.nameEn, isAggregate: false })),
    ...[MIN_BOOKMAKER, MAX_BOOKMAKER].map((b) => ({
      id: b.id,
      name: b.name,
      nameEn: b.nameEn,
      isAggregate: true,
    })),
  ];
}
