import type { PassScope } from '../../adapter.js';
import type { SourceFacts, TeamFact } from '../../facts.js';
import { filesUnder } from '../files.js';
import { readRows } from './csv.js';
import { type FixtureRow, identifyRows, mergeFiles } from './fixtures.js';
import { exchangeFact } from './map-exchange.js';
import { matchFact, statisticsFact, teamFacts } from './map-match.js';
import { priceFacts } from './map-prices.js';
import { COLUMN_BOOKMAKERS, competitionFact } from './reference.js';

/**
 * One pass over the CSV files and folders of `scope.paths`. A full pass keeps the rows of
 * `scope.competitions` (source ids: `E0`, `Japan|J1 League`), of `scope.season` (its start
 * year) and between `scope.from` and `scope.to` (kick-off dates, UTC); a live pass only the
 * matches of `scope.live`.
 */
export async function readFootballData(scope: PassScope): Promise<SourceFacts> {
  const files = await filesUnder(scope.paths, ['.csv']);
  const identified: FixtureRow[][] = [];
  for (const file of files) {
    identified.push(identifyRows(await readRows(file)));
  }
  return factsOf(mergeFiles(identified).filter(inScope(scope)), scope.now);
}

function inScope(scope: PassScope): (r: FixtureRow) => boolean {
  if (scope.kind === 'live') {
    const live = new Set(scope.live);
    return (r) => live.has(r.sourceId);
  }
  const day = (r: FixtureRow) => r.kickoffUtc.slice(0, 10);
  return (r) =>
    (!scope.competitions || scope.competitions.includes(r.competition)) &&
    (scope.season === undefined || Number(r.season.slice(0, 4)) === scope.season) &&
    (scope.from === undefined || day(r) >= scope.from) &&
    (scope.to === undefined || day(r) <= scope.to);
}

const defined = <T>(value: T | undefined): value is T => value !== undefined;

function factsOf(rows: readonly FixtureRow[], now: Date): SourceFacts {
  const prices = rows.flatMap((r) => priceFacts(r, now));
  const priced = new Set(prices.map((p) => p.bookmaker));
  const teams = new Map<string, TeamFact>();
  for (const team of rows.flatMap(teamFacts)) {
    teams.set(team.sourceId, teams.get(team.sourceId) ?? team);
  }
  return {
    competitions: [...new Set(rows.map((r) => r.competition))].map(competitionFact),
    teams: [...teams.values()],
    bookmakers: COLUMN_BOOKMAKERS.filter((b) => priced.has(b.sourceId)).map(
      ({ sourceId, name, nameEn, isAggregate }) => ({ sourceId, name, nameEn, isAggregate }),
    ),
    matches: rows.map(matchFact),
    statistics: rows.map(statisticsFact).filter(defined),
    prices,
    exchange: rows.map((r) => exchangeFact(r, now)).filter(defined),
  };
}
