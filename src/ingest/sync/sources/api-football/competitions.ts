import { SourceConfigError } from '../../adapter.js';

interface KnownCompetition {
  code: string;
  region: 'Europe';
}

/**
 * The default competitions (API-Football league ids, the same in every season): the five big
 * European leagues and the Champions League. All plans cover every competition; the free plan
 * limits the seasons (docs/sources/api-football.md).
 */
export const DEFAULT_COMPETITIONS: Readonly<Record<string, KnownCompetition>> = {
  '39': { code: 'PL', region: 'Europe' },
  '140': { code: 'PD', region: 'Europe' },
  '135': { code: 'SA', region: 'Europe' },
  '78': { code: 'BL1', region: 'Europe' },
  '61': { code: 'FL1', region: 'Europe' },
  '2': { code: 'CL', region: 'Europe' },
};

const byCode = new Map(Object.entries(DEFAULT_COMPETITIONS).map(([id, c]) => [c.code, id]));

/**
 * League ids as the scope gives them: ids (`39`) or the codes above (`PL`); anything else is a
 * bad option.
 */
export function competitionIds(given: readonly string[] | undefined): string[] {
  const asked = given && given.length > 0 ? given : Object.keys(DEFAULT_COMPETITIONS);
  return asked.map((value) => {
    const id = byCode.get(value.toUpperCase()) ?? value;
    if (!/^[1-9][0-9]{0,8}$/.test(id)) {
      throw new SourceConfigError(`api-football: competition "${value}" is not a league id`);
    }
    return id;
  });
}

/**
 * The season a pass reads, by its start year as API-Football keys seasons (2024 for 2024-25):
 * the one given, else the one the first date falls in, else the one running now. European
 * seasons start in July.
 */
export function seasonOf(scope: {
  season?: number | undefined;
  from?: string | undefined;
  now: Date;
}) {
  if (scope.season !== undefined) {
    return scope.season;
  }
  const day = scope.from ? new Date(`${scope.from}T00:00:00Z`) : scope.now;
  return day.getUTCMonth() >= 6 ? day.getUTCFullYear() : day.getUTCFullYear() - 1;
}

/** "2024-25" for the known European competitions, the provider's year for any other. */
export function seasonLabel(league: number, season: number): string {
  return DEFAULT_COMPETITIONS[String(league)]
    ? `${season}-${String((season + 1) % 100).padStart(2, '0')}`
    : String(season);
}
