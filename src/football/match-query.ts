import { ApiError } from '../errors/api-error.js';
import { HONG_KONG_TZ, parseCalendarDate, todayIn } from './match-day.js';
import type { MatchStatus } from './match-record.js';
import type { MatchListQuery as ListQuery, MatchFilter } from './matches.js';

/** Spec 8.2 rule 5: default 25, capped (not refused) at 100. */
const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** The filters of a match list as a client sends them (REST query, GraphQL arguments). */
interface FilterInput {
  league?: string | undefined;
  status?: string | undefined;
}

/** A match list request as a client sends it, before its defaults. */
interface ListInput extends FilterInput {
  date?: string | undefined;
  tz?: number | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

const list = (value: string | undefined) =>
  [...new Set((value ?? '').split(',').map((v) => v.trim()))].filter((v) => v !== '');

/** `league` and `status` after validation (each door vetted the statuses against the list). */
export function parseFilter(query: FilterInput): MatchFilter {
  const leagues = list(query.league);
  const statuses = list(query.status) as MatchStatus[];
  return {
    ...(leagues.length ? { leagues } : {}),
    ...(statuses.length ? { statuses } : {}),
  };
}

/** DECISIONS.md "Matches": `date` defaults to today in `tz`; `tz` to Hong Kong. */
export function parseListQuery(query: ListInput, now: Date): ListQuery {
  const tz = query.tz ?? HONG_KONG_TZ;
  if (query.date !== undefined && !parseCalendarDate(query.date)) {
    throw new ApiError('invalid_parameter', `Parameter 'date' must be a calendar date YYYY-MM-DD`, {
      parameter: 'date',
    });
  }
  return {
    ...parseFilter(query),
    date: query.date ?? todayIn(tz, now),
    tz,
    page: query.page ?? 1,
    pageSize: Math.min(query.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}
