import type { CompetitionSpec } from './competition-spec.js';

/**
 * Club friendlies fill the Hong Kong days on which no league or cup plays (DECISIONS.md "Live
 * data": every day has matches). Kick-off days and times are the home club's league's; the
 * season fields are unused.
 */
export const CLUB_FRIENDLIES: CompetitionSpec = {
  id: 11,
  code: 'INT-CF',
  nameEn: 'Club Friendlies',
  nameZhCn: '俱乐部友谊赛',
  nameZhHk: '球會友誼賽',
  nameOriginal: 'Club Friendlies',
  region: 'Asia',
  country: null,
  kind: 'friendly',
  utcOffset: 8,
  days: [0, 1, 2, 3, 4, 5, 6],
  kickoffs: ['19:30'],
  goals: 2.9,
  leagueStrength: 0,
  seasonStart: [1, 1],
  calendarYear: true,
  robins: 0,
  seasonWeeks: 52,
};
