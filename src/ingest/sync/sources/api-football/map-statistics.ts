import type { MatchStatisticsFact } from '../../facts.js';
import type { MatchCounts } from './map-fixture.js';
import type { ProviderFixture, ProviderTeamStatistics } from './schemas.js';

/**
 * Documentation-v3 "Statistics" names to touchline's statistic types (the demo's names where it
 * has them), in display order. Types not listed here (`goals_prevented`, which can be negative,
 * and any the provider adds) are not mapped.
 */
const STATISTIC_TYPES: ReadonlyMap<string, string> = new Map([
  ['Ball Possession', 'possession'],
  ['Total Shots', 'shots'],
  ['Shots on Goal', 'shotsOnTarget'],
  ['Shots off Goal', 'shotsOffTarget'],
  ['Blocked Shots', 'blockedShots'],
  ['Shots insidebox', 'shotsInsideBox'],
  ['Shots outsidebox', 'shotsOutsideBox'],
  ['Corner Kicks', 'corners'],
  ['Fouls', 'fouls'],
  ['Offsides', 'offsides'],
  ['Yellow Cards', 'yellowCards'],
  ['Red Cards', 'redCards'],
  ['Goalkeeper Saves', 'saves'],
  ['Total passes', 'passes'],
  ['Passes accurate', 'accuratePasses'],
  ['Passes %', 'passAccuracy'],
  ['expected_goals', 'expectedGoals'],
]);

/** 7, "7", "55%", "1.27" to a number; null, negative or unreadable values to null. */
function statisticValue(value: number | string | null): number | null {
  if (value === null) {
    return null;
  }
  const n = typeof value === 'number' ? value : Number(value.trim().replace(/%$/, ''));
  return Number.isFinite(n) && n >= 0 ? n : null;
}

type Values = ReadonlyMap<string, number | null>;

const valuesOf = (team: ProviderTeamStatistics | undefined): Values =>
  new Map((team?.statistics ?? []).map((s) => [s.type, statisticValue(s.value)]));

/**
 * The match's statistics, one row per type either team has a value for; the provider's null
 * stays null (not reported). Corners also go to the match record.
 */
export function mapStatistics(
  item: ProviderFixture,
): { facts: MatchStatisticsFact; counts: MatchCounts } | undefined {
  const teams = item.statistics ?? [];
  if (teams.length === 0) {
    return undefined;
  }
  const home = valuesOf(teams.find((t) => t.team.id === item.teams.home.id));
  const away = valuesOf(teams.find((t) => t.team.id === item.teams.away.id));
  const rows: MatchStatisticsFact['rows'][number][] = [];
  for (const [name, type] of STATISTIC_TYPES) {
    const h = home.get(name) ?? null;
    const a = away.get(name) ?? null;
    if (h !== null || a !== null) {
      rows.push({ type, home: h, away: a, sort: rows.length });
    }
  }
  return {
    facts: { match: String(item.fixture.id), rows },
    counts: {
      homeCorners: home.get('Corner Kicks') ?? null,
      awayCorners: away.get('Corner Kicks') ?? null,
    },
  };
}
