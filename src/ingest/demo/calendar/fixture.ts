import type { CompetitionSpec } from '../data/competitions.js';
import type { MatchStatus } from '../model.js';
import type { TeamInfo } from './teams.js';

/** One fixture of the demo calendar (league, cup or friendly). */
export interface Fixture {
  comp: CompetitionSpec;
  home: TeamInfo;
  away: TeamInfo;
  kickoff: number;
  season: string;
  round: string;
  status: MatchStatus;
  /** Live clock ("23", "HT", "45+2"); for an abandoned match, the clock when it was stopped. */
  clock: string | null;
}
