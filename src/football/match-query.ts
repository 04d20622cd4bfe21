import { ApiError } from '../errors/api-error.js';
import {
  canonicalZone,
  daysBetween,
  HONG_KONG_TZ,
  parseCalendarDate,
  type TimeZone,
  todayIn,
} from './match-day.js';
import type { MatchStatus } from './match-record.js';
import type { MatchListQuery as ListQuery, MatchFilter } from './matches.js';

/** Spec 8.2 rule 5: default 25, capped (not refused) at 100. */
const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Issue 49: a `from`..`to` range of `/matches` spans at most this many days, both included. */
export const MAX_RANGE_DAYS = 31;

/** DECISIONS.md "Matches": `tz` in minutes, -720..840. */
const TZ_MIN = -720;
const TZ_MAX = 840;

/** The filters of a match list as a client sends them (REST query, GraphQL arguments). */
interface FilterInput {
  league?: string | undefined;
  status?: string | undefined;
}

/** A match list request as a client sends it, before its defaults. */
interface ListInput extends FilterInput {
  date?: string | undefined;
  /** Minutes east of UTC, or an IANA zone name (issue 49). */
  tz?: number | string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  competitionId?: number | undefined;
  teamId?: number | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

const list = (value: string | undefined) =>
  [...new Set((value ?? '').split(',').map((v) => v.trim()))].filter((v) => v !== '');

const invalid = (parameter: string, detail: string): never => {
  throw new ApiError('invalid_parameter', detail, { parameter });
};

/** `league` and `status` after validation (each door vetted the statuses against the list). */
export function parseFilter(query: FilterInput): MatchFilter {
  const leagues = list(query.league);
  const statuses = list(query.status) as MatchStatus[];
  return {
    ...(leagues.length ? { leagues } : {}),
    ...(statuses.length ? { statuses } : {}),
  };
}

/**
 * `tz` as minutes east of UTC (the contract's form, decimal digits) or an IANA zone name, which
 * is returned in its canonical spelling so one zone is one cache entry (docs/decisions.md
 * "Catalogue (issue 49): teams, fixtures, ranges").
 */
export function parseTimeZone(value: number | string | undefined, parameter = 'tz'): TimeZone {
  if (value === undefined) {
    return HONG_KONG_TZ;
  }
  const minutes =
    typeof value === 'number' ? value : /^-?[0-9]+$/.test(value) ? Number(value) : null;
  if (minutes !== null) {
    if (!Number.isInteger(minutes) || minutes < TZ_MIN || minutes > TZ_MAX) {
      invalid(
        parameter,
        `Parameter '${parameter}' in minutes must be between ${TZ_MIN} and ${TZ_MAX}`,
      );
    }
    return minutes;
  }
  return (
    canonicalZone(value as string) ??
    invalid(
      parameter,
      `Parameter '${parameter}' must be minutes east of UTC (${TZ_MIN}..${TZ_MAX}) or an IANA ` +
        `time zone such as Asia/Hong_Kong or Europe/London; '${String(value).slice(0, 64)}' is neither`,
    )
  );
}

function checkDate(parameter: string, value: string | undefined): void {
  if (value !== undefined && !parseCalendarDate(value)) {
    invalid(parameter, `Parameter '${parameter}' must be a calendar date YYYY-MM-DD`);
  }
}

/**
 * A `from`..`to` range (both given, calendar dates, `to` not before `from`, at most `maxDays`
 * days when bounded), or undefined when neither is given.
 */
export function parseRange(
  query: { from?: string | undefined; to?: string | undefined },
  maxDays: number | undefined,
): { from: string; to: string } | undefined {
  const { from, to } = query;
  if (from === undefined && to === undefined) {
    return undefined;
  }
  if (from === undefined || to === undefined) {
    const missing = from === undefined ? 'from' : 'to';
    return invalid(
      missing,
      `Parameters 'from' and 'to' go together (a range of days, both included): '${missing}' is missing`,
    );
  }
  checkDate('from', from);
  checkDate('to', to);
  const days = daysBetween(from, to);
  if (days < 1) {
    invalid('to', `Parameter 'to' (${to}) is before 'from' (${from})`);
  }
  if (maxDays !== undefined && days > maxDays) {
    invalid(
      'to',
      `Parameter 'to': a range spans at most ${maxDays} days, both included; ${from}..${to} spans ${days}`,
    );
  }
  return { from, to };
}

/**
 * DECISIONS.md "Matches": `date` defaults to today in `tz`; `tz` to Hong Kong. Issue 49: a
 * `from`..`to` range instead of `date` (not both), `competitionId`, `teamId`; a request using
 * any of them is strict about its `league` values (docs/decisions.md).
 */
export function parseListQuery(query: ListInput, now: Date): ListQuery {
  const tz = parseTimeZone(query.tz);
  checkDate('date', query.date);
  if (query.date !== undefined && (query.from !== undefined || query.to !== undefined)) {
    invalid(
      'date',
      `Parameter 'date' cannot be combined with 'from' and 'to': ask for one day (date) or a range (from, to)`,
    );
  }
  const range = parseRange(query, MAX_RANGE_DAYS);
  const strict =
    range !== undefined || query.competitionId !== undefined || query.teamId !== undefined;
  return {
    ...parseFilter(query),
    date: range?.from ?? query.date ?? todayIn(tz, now),
    ...(range ? { to: range.to } : {}),
    tz,
    ...(query.competitionId !== undefined ? { competitionId: query.competitionId } : {}),
    ...(query.teamId !== undefined ? { teamId: query.teamId } : {}),
    ...(strict ? { strict: true } : {}),
    page: query.page ?? 1,
    pageSize: Math.min(query.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}
