/**
 * The freshness row's recorded session: one Premier League match in play today, as Sportmonks
 * answers `livescores/inplay` and `livescores/latest`, changing its clock (and, every 90
 * changes, its score) once per step. Step 0 is what the server's first full pass reads (the
 * current season's `fixtures/between` windows, the match in the window of today); step k is the
 * k-th change, which `changeOf` reads back out of the match the server pushes.
 */
import type { RecordedSession } from '../../scripts/provider-stand-in.js';
import { passDates, splitWindows } from '../../src/ingest/sync/sources/sportmonks/windows.js';
import { CLUBS, type Club } from './clubs.js';
import type { Side } from './match-play.js';
import { fixturesPage, sportmonksSession, windowAnswers } from './sportmonks-session.js';
import { fixtureBase, type Json, participant, round, scores, season } from './sportmonks-shapes.js';

const LIVE_FIXTURE_ID = 19200001;
const LIVE_SEASON_ID = 25583;

/** Change k: the minute on the clock (1 to 90) and the home side's goals. */
export function changeState(k: number): { minute: number; homeGoals: number } {
  return { minute: 1 + (k % 90), homeGoals: Math.floor(k / 90) };
}

/**
 * The change a pushed match shows (its `minute` and `score.current`, "1-0", as the REST detail
 * writes them), or null for a match this session never served.
 */
export function changeOf(match: { minute?: unknown; score?: unknown }): number | null {
  const minute = Number(match.minute);
  const current = (match.score as { current?: unknown } | null | undefined)?.current;
  const goals = typeof current === 'string' ? /^(\d+)-0$/.exec(current) : null;
  if (!Number.isInteger(minute) || minute < 1 || minute > 90 || !goals) {
    return null;
  }
  return Number(goals[1]) * 90 + minute - 1;
}

/** The clock's periods as the `periods` include shows a match at `minute` of regular time. */
function periods(kickoff: Date, minute: number): Json[] {
  const first = {
    id: LIVE_FIXTURE_ID * 10 + 1,
    fixture_id: LIVE_FIXTURE_ID,
    type_id: 1,
    started: Math.floor(kickoff.getTime() / 1000),
    ended: minute > 45 ? Math.floor(kickoff.getTime() / 1000) + 47 * 60 : null,
    counts_from: 0,
    ticking: minute <= 45,
    sort_order: 1,
    description: '1st-half',
    time_added: null,
    period_length: 45,
    minutes: Math.min(minute, 45),
    seconds: 0,
    has_timer: true,
  };
  if (minute <= 45) {
    return [first];
  }
  const second = {
    ...first,
    id: LIVE_FIXTURE_ID * 10 + 2,
    type_id: 2,
    started: Math.floor(kickoff.getTime() / 1000) + 62 * 60,
    ended: null,
    counts_from: 45,
    ticking: true,
    sort_order: 2,
    description: '2nd-half',
    minutes: minute,
  };
  return [first, second];
}

function liveFixture(clubs: Record<Side, Club>, kickoff: Date, k: number, now: Date): Json {
  const { minute, homeGoals } = changeState(k);
  const year = now.getUTCMonth() >= 6 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const day = kickoff.toISOString().slice(0, 10);
  return {
    ...fixtureBase({
      id: LIVE_FIXTURE_ID,
      clubs,
      kickoff,
      seasonJson: season(
        LIVE_SEASON_ID,
        `${year}/${year + 1}`,
        `${year}-08-15`,
        `${year + 1}-05-24`,
      ),
      roundJson: round(LIVE_SEASON_ID * 10, LIVE_SEASON_ID, '15', day),
      state: minute <= 45 ? 'INPLAY_1ST_HALF' : 'INPLAY_2ND_HALF',
    }),
    participants: [participant(clubs.home, 'home', null), participant(clubs.away, 'away', null)],
    scores: scores(LIVE_FIXTURE_ID, clubs, { home: homeGoals, away: 0 }, null),
    periods: periods(kickoff, minute),
    events: [],
    lineups: [],
    formations: [],
    statistics: [],
  };
}

/** Step 0 and `changes` changes of the live match, kicked off a quarter of an hour before `now`. */
export function liveSession(now: Date, changes: number): RecordedSession {
  const clubs = { home: CLUBS[0] as Club, away: CLUBS[11] as Club };
  const kickoff = new Date(now.getTime() - 15 * 60_000);
  const windows = splitWindows(passDates({ kind: 'full', now, live: [], paths: [] }));
  const livescores = (k: number) => {
    const page = fixturesPage([liveFixture(clubs, kickoff, k, now)], 1, 1);
    const { pagination: _none, ...answer } = page;
    return ['inplay', 'latest'].map((which) => ({ path: `/livescores/${which}`, json: answer }));
  };
  const steps: RecordedSession['steps'] = [
    {
      name: 'change-0',
      note: 'the first full pass: the season, the match in play',
      answers: [
        ...windowAnswers(windows, [liveFixture(clubs, kickoff, 0, now)], (f) =>
          String(f['starting_at']),
        ),
        ...livescores(0),
      ],
    },
  ];
  for (let k = 1; k <= changes; k++) {
    steps.push({ name: `change-${k}`, answers: livescores(k) });
  }
  return sportmonksSession(
    `${clubs.home.name} v ${clubs.away.name} in play, ${changes} changes of its clock and score (bench/sync/live-session.ts)`,
    steps,
  );
}
