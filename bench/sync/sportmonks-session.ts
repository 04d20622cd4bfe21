import type { RecordedAnswer, RecordedSession } from '../../scripts/provider-stand-in.js';
import type { DateWindow } from '../../src/ingest/sync/sources/sportmonks/windows.js';
import type { Json } from './sportmonks-shapes.js';

/** The token the bench's stand-in takes, in the `Authorization` header as Sportmonks takes it. */
export const SPORTMONKS_TOKEN = 'bench-sportmonks-token';

/** The documents the answers follow (test/fixtures/providers/sportmonks/season.json cites more). */
const SPORTMONKS_SOURCES = [
  'https://docs.sportmonks.com/v3/endpoints-and-entities/endpoints/fixtures/get-fixtures-by-date-range',
  'https://docs.sportmonks.com/football/endpoints-and-entities/endpoints/livescores/get-latest-updated-livescores',
  'https://docs.sportmonks.com/football/definitions/types/events',
  'https://docs.sportmonks.com/v3/tutorials-and-guides/tutorials/lineups-and-formations',
  'https://docs.sportmonks.com/football/definitions/types/statistics/fixture-statistics',
  'https://docs.sportmonks.com/football2/tutorials-and-guides/tutorials/introduction/pagination',
  'https://docs.sportmonks.com/v3/api/error-codes',
];

const PAGE_SIZE = 50;

/** What every v3 answer carries besides its data (as in the recorded sessions). */
const ENVELOPE = {
  subscription: [
    {
      meta: [],
      plans: [{ plan: 'Football Advanced', sport: 'Football', category: 'Advanced' }],
      add_ons: [],
      widgets: [],
    },
  ],
  rate_limit: { resets_in_seconds: 3600, remaining: 2999, requested_entity: 'Fixture' },
  timezone: 'UTC',
};

/** A page of a list answer; an empty list is answered with `message` and no `pagination`. */
export function fixturesPage(data: readonly Json[], page: number, total: number): Json {
  if (total === 0) {
    return {
      data: [],
      message:
        "No result(s) found matching your request. Either the query did not return any results or you don't have access to it via your current subscription.",
      ...ENVELOPE,
    };
  }
  const hasMore = page * PAGE_SIZE < total;
  return {
    data,
    pagination: {
      count: data.length,
      per_page: PAGE_SIZE,
      current_page: page,
      next_page: hasMore ? `page=${page + 1}` : null,
      has_more: hasMore,
    },
    ...ENVELOPE,
  };
}

/** `fixtures/between/{start}/{end}` of each window, every page of 50 fixtures. */
export function windowAnswers(
  windows: readonly DateWindow[],
  fixtures: readonly Json[],
  kickoffOf: (fixture: Json) => string,
): RecordedAnswer[] {
  const answers: RecordedAnswer[] = [];
  for (const window of windows) {
    const inside = fixtures.filter((f) => {
      const day = kickoffOf(f).slice(0, 10);
      return day >= window.start && day <= window.end;
    });
    const pages = Math.max(1, Math.ceil(inside.length / PAGE_SIZE));
    for (let page = 1; page <= pages; page++) {
      answers.push({
        path: `/fixtures/between/${window.start}/${window.end}`,
        query: { page: String(page) },
        json: fixturesPage(
          inside.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
          page,
          inside.length,
        ),
      });
    }
  }
  return answers;
}

/** A Sportmonks session of the given steps, with its documented bad-token answer. */
export function sportmonksSession(
  description: string,
  steps: RecordedSession['steps'],
): RecordedSession {
  return {
    provider: 'Sportmonks Football API v3',
    description,
    sources: SPORTMONKS_SOURCES,
    auth: {
      header: 'Authorization',
      value: SPORTMONKS_TOKEN,
      badKey: {
        status: 401,
        json: { error: 'Unauthenticated.', message: 'Please provide a valid API token' },
      },
    },
    steps,
  };
}
