import type { PassScope } from '../../adapter.js';
import type { CompetitionFact, MatchFact, SourceFacts, TeamFact } from '../../facts.js';
import { filesUnder } from '../files.js';
import { competitionFact, matchFact, matchKey, teamFact } from './map-match.js';
import { type LeagueSeason, readLeagueSeason } from './read.js';

/**
 * One pass over the football.json files and folders of `scope.paths`. A full pass keeps the
 * matches of `scope.competitions` (league codes: `en.1`, `uefa.cl`), of `scope.season` (start
 * year) and between `scope.from` and `scope.to` (kick-off dates, UTC); a live pass only the
 * matches of `scope.live`. A match in several files (two copies of a season) is the later file's.
 */
export async function readOpenfootball(scope: PassScope): Promise<SourceFacts> {
  const competitions = new Map<string, CompetitionFact>();
  const teams = new Map<string, TeamFact>();
  const matches = new Map<string, MatchFact>();
  for (const path of await filesUnder(scope.paths, ['.json'])) {
    const ls = await readLeagueSeason(path);
    for (const { match, raw } of identified(ls)) {
      if (!inScope(scope, match)) {
        continue;
      }
      matches.set(match.sourceId, match);
      competitions.set(ls.code, competitionFact(ls));
      for (const team of [teamFact(raw.team1, ls), teamFact(raw.team2, ls)]) {
        teams.set(team.sourceId, withAliases(teams.get(team.sourceId), team));
      }
    }
  }
  return {
    competitions: [...competitions.values()],
    teams: [...teams.values()],
    matches: [...matches.values()],
  };
}

/** The file's matches with their source ids; a key seen before in the file gets `|2`, `|3`. */
function identified(ls: LeagueSeason) {
  const meetings = new Map<string, number>();
  return ls.file.matches.map((raw) => {
    const key = matchKey(raw, ls);
    const meeting = (meetings.get(key) ?? 0) + 1;
    meetings.set(key, meeting);
    return { raw, match: matchFact(raw, meeting === 1 ? key : `${key}|${meeting}`, ls) };
  });
}

/** The team as first seen, with every other way the files wrote its name. */
function withAliases(known: TeamFact | undefined, seen: TeamFact): TeamFact {
  if (!known) {
    return seen;
  }
  const aliases = [...new Set([...(known.aliases ?? []), ...(seen.aliases ?? [])])];
  return aliases.length > 0 ? { ...known, aliases } : known;
}

function inScope(scope: PassScope, m: MatchFact): boolean {
  if (scope.kind === 'live') {
    return scope.live.includes(m.sourceId);
  }
  const day = m.kickoffUtc.slice(0, 10);
  return (
    (!scope.competitions || scope.competitions.includes(m.competition)) &&
    (scope.season === undefined || Number(m.season?.slice(0, 4)) === scope.season) &&
    (scope.from === undefined || day >= scope.from) &&
    (scope.to === undefined || day <= scope.to)
  );
}
