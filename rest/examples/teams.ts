import type { Static } from 'typebox';
import type { MatchPageEnvelope } from '../../src/wire/schemas/matches.js';
import type { Team } from '../../src/wire/schemas/team.js';
import { ARSENAL_CHELSEA } from './matches.js';

/** Examples of the team routes' 200 bodies (issue 49): Arsenal, as the demo data shapes it. */
export const ARSENAL = {
  id: 101,
  name: 'Arsenal',
  nameOriginal: 'Arsenal',
  country: 'England',
  logo: 'https://assets.example/UploadFolder/Teams/Arsenal.png',
  competitionIds: [1],
} satisfies Static<typeof Team>;

/** `GET /teams/101/matches?last=1`: the latest finished match, newest first. */
export const TEAM_MATCHES = {
  data: [
    {
      ...ARSENAL_CHELSEA,
      id: 1000031,
      status: 'finished',
      away: { name: 'Everton' },
      awayLogo: 'https://assets.example/UploadFolder/Teams/Everton.png',
      score: { current: '3-1', halfTime: '2-0' },
      kickoffUtc: '2026-11-15T15:00:00Z',
      round: 'Round 12',
    },
  ],
  meta: { page: 1, pageSize: 1, total: 1, totalPages: 1 },
} satisfies Static<typeof MatchPageEnvelope>;
