import type { Bookmaker, Player, Team } from '../format.js';
import type { ScheduledMatch } from './calendar/schedule.js';
import { type Role, squadFor } from './calendar/squads.js';
import type { TeamInfo } from './calendar/teams.js';
import { BOOKMAKERS, MAX_BOOKMAKER, MIN_BOOKMAKER } from './data/bookmakers.js';
import { chineseNames } from './data/chinese-names.js';
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

const POSITIONS: Readonly<Record<Role, string>> = {
  GK: 'Goalkeeper',
  DF: 'Defender',
  MF: 'Midfielder',
  FW: 'Forward',
};

/**
 * Every player of the squads the matches field (a club's squad of each year it plays in), in
 * match order: the records the events and team sheets name by id. Builds the squads the match
 * generator then reads from the cache.
 */
export function playerRecords(seed: number, matches: readonly ScheduledMatch[]): Player[] {
  const seen = new Set<string>();
  const out: Player[] = [];
  for (const m of matches) {
    const year = new Date(m.kickoff).getUTCFullYear();
    for (const team of [m.home, m.away]) {
      const key = `${team.id}|${year}`;
      if (seen.has(key)) {
        continue;
      }
      seen.add(key);
      for (const p of squadFor(seed, team, year).players) {
        const zh = chineseNames(p.name);
        out.push({
          id: p.id,
          nameEn: p.name,
          nameOriginal: p.name,
          ...(zh ? { nameZhCn: zh.zhCn, nameZhHk: zh.zhHk } : {}),
          teamId: team.id,
          position: POSITIONS[p.role],
        });
      }
    }
  }
  return out;
}
