import type { PassScope } from '../../adapter.js';
import type {
  CompetitionFact,
  MatchEventsFact,
  MatchFact,
  SourceFacts,
  TeamFact,
} from '../../facts.js';
import { filesUnder } from '../files.js';
import { competitionFact, eventsFact, matchFact, teamFact } from './map.js';
import { type GoalRow, meetingKey, readResultFiles, type ShootoutRow } from './read.js';

/**
 * One pass over every `results.csv` under `scope.paths` (with the goalscorers.csv and
 * shootouts.csv beside it). A full pass keeps the matches of `scope.competitions` (tournament
 * names), of `scope.season` (the calendar year) and between `scope.from` and `scope.to`; a live
 * pass only the matches of `scope.live`.
 */
export async function readInternationalResults(scope: PassScope): Promise<SourceFacts> {
  const competitions = new Map<string, CompetitionFact>();
  const teams = new Map<string, TeamFact>();
  const matches = new Map<string, MatchFact>();
  const events = new Map<string, MatchEventsFact>();
  for (const path of await filesUnder(scope.paths, ['results.csv'])) {
    const files = await readResultFiles(path);
    const goals = groupBy(files.goals);
    const shootouts = new Map<string, ShootoutRow>(files.shootouts.map((s) => [meetingKey(s), s]));
    for (const result of files.results) {
      const key = meetingKey(result);
      const match = matchFact(result, goals.get(key) ?? [], shootouts.get(key));
      if (!inScope(scope, match)) {
        continue;
      }
      matches.set(key, match);
      competitions.set(result.tournament, competitionFact(result.tournament));
      for (const name of [result.home, result.away]) {
        teams.set(name, teams.get(name) ?? teamFact(name, result.tournament));
      }
      const goalRows = goals.get(key);
      if (goalRows && match.status === 'finished') {
        events.set(key, eventsFact(result, goalRows));
      }
    }
  }
  return {
    competitions: [...competitions.values()],
    teams: [...teams.values()],
    matches: [...matches.values()],
    events: [...events.values()],
  };
}

function groupBy(goals: readonly GoalRow[]): Map<string, GoalRow[]> {
  const byMatch = new Map<string, GoalRow[]>();
  for (const goal of goals) {
    const key = meetingKey(goal);
    byMatch.set(key, [...(byMatch.get(key) ?? []), goal]);
  }
  return byMatch;
}

function inScope(scope: PassScope, m: MatchFact): boolean {
  if (scope.kind === 'live') {
    return scope.live.includes(m.sourceId);
  }
  const day = m.kickoffUtc.slice(0, 10);
  return (
    (!scope.competitions || scope.competitions.includes(m.competition)) &&
    (scope.season === undefined || Number(day.slice(0, 4)) === scope.season) &&
    (scope.from === undefined || day >= scope.from) &&
    (scope.to === undefined || day <= scope.to)
  );
}
