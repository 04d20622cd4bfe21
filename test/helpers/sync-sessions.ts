import {
  loadSession,
  type RecordedAnswer,
  type RecordedSession,
  type RecordedStep,
} from './provider-stand-in.js';

/**
 * Recorded sessions put together for the runner (test/integration/sync/): the adapters' unit
 * tests hand a live pass its match ids, while the runner takes them from the store, so a live
 * session is preceded here by the full pass that stored its match. Also: sessions chained, a
 * step put in, a recorded answer taken out to queue it ahead of a fault.
 */

/**
 * One recorded session after another, as one stand-in replays them: `first`'s steps, then each
 * of `then`'s (the provider and its key are `first`'s). An answer an earlier session recorded
 * stays served until a later step records another, as within one session.
 */
export function chainSessions(
  first: RecordedSession,
  ...then: readonly RecordedSession[]
): RecordedSession {
  return {
    ...first,
    description: [first, ...then].map((s) => s.description).join(' Then: '),
    sources: [...new Set([first, ...then].flatMap((s) => s.sources))],
    steps: [first, ...then].flatMap((s) => s.steps),
  };
}

/** The answer a session's step recorded for `path` (and `query`), to queue it ahead of a fault. */
export function recordedAnswer(
  session: RecordedSession,
  step: string,
  path: string,
  query: Record<string, string> = {},
): RecordedAnswer {
  const answer = session.steps
    .find((s) => s.name === step)
    ?.answers.find(
      (a) =>
        a.path === path &&
        JSON.stringify(Object.entries(a.query ?? {}).sort()) ===
          JSON.stringify(Object.entries(query).sort()),
    );
  if (!answer) {
    throw new Error(`${session.provider}: step ${step} recorded no answer for ${path}`);
  }
  return answer;
}

/**
 * The session with one more step (a broken answer) after the step `after` (default: the last),
 * so that what it does not answer is served as at `after`.
 */
export function withStep(
  session: RecordedSession,
  step: RecordedStep,
  after = session.steps.at(-1)?.name,
): RecordedSession {
  const at = session.steps.findIndex((s) => s.name === after) + 1;
  return { ...session, steps: [...session.steps.slice(0, at), step, ...session.steps.slice(at)] };
}

interface ApiFootballAnswer {
  results?: number;
  response?: { fixture?: { id?: number } }[];
}

/** The session with one fixture taken out of every `/fixtures` and `/odds` answer. */
function withoutFixture(session: RecordedSession, fixtureId: number): RecordedSession {
  const copy = structuredClone(session);
  for (const answer of copy.steps.flatMap((s) => s.answers)) {
    const json = answer.json as ApiFootballAnswer | undefined;
    if (Array.isArray(json?.response)) {
      json.response = json.response.filter((item) => item.fixture?.id !== fixtureId);
      json.results = json.response.length;
    }
  }
  return copy;
}

/**
 * API-Football on 18 August 2024: round 1 read in the morning (season.json), then Chelsea v
 * Manchester City live (live.json). Brentford v Crystal Palace (13:00) is taken out of the
 * morning's answers: the live session records no answer for it, and the runner would poll it
 * until its result is stored.
 */
export function apiFootballLiveDay(): RecordedSession {
  return chainSessions(
    withoutFixture(loadSession('api-football', 'season'), 1208028),
    loadSession('api-football', 'live'),
  );
}

/** `include` of every Sportmonks fixture request (src/ingest/sync/sources/sportmonks). */
const SPORTMONKS_INCLUDE =
  'participants;scores;state;periods;events;lineups;formations;statistics;league;venue;season;round';

interface SportmonksAnswer {
  data: { lineups?: unknown[]; formations?: unknown[] }[];
}

/**
 * Sportmonks on 27 October 2024: the morning's full pass over the Premier League's day
 * (`fixtures/between`, the one fixture of live.json's first step, not started, before its team
 * sheets are out), then Arsenal v Liverpool live (live.json).
 */
export function sportmonksLiveDay(): RecordedSession {
  const live = loadSession('sportmonks', 'live');
  const inplay = live.steps[0]?.answers[0]?.json as SportmonksAnswer;
  const morning = structuredClone(inplay);
  for (const fixture of morning.data) {
    fixture.lineups = [];
    fixture.formations = [];
  }
  const pagination = { count: 1, per_page: 50, current_page: 1, next_page: null, has_more: false };
  return {
    ...live,
    steps: [
      {
        name: 'morning',
        note: '10:00 UTC: the full pass over the day; the match not started, no team sheets yet.',
        answers: [
          {
            path: '/fixtures/between/2024-10-27/2024-10-27',
            query: {
              include: SPORTMONKS_INCLUDE,
              filters: 'fixtureLeagues:8',
              per_page: '50',
              page: '1',
            },
            json: { ...morning, pagination },
          },
        ],
      },
      ...live.steps,
    ],
  };
}
