import { ApiError } from '../../errors/api-error.js';
import { MAX_PAGE_SIZE, parseFilter, parseListQuery } from '../../football/match-query.js';
import type { MatchStatus } from '../../football/match-record.js';
import type { MatchFilter, MatchListQuery } from '../../football/matches.js';
import { zoneOf } from './team-args.js';

export interface FilterArgs {
  league?: readonly string[] | null | undefined;
  status?: readonly MatchStatus[] | null | undefined;
}

export interface ListArgs extends FilterArgs {
  date?: string | null | undefined;
  tz?: number | null | undefined;
  /** Issue 49: an IANA zone (or minutes as text), instead of `tz`. */
  timeZone?: string | null | undefined;
  from?: string | null | undefined;
  to?: string | null | undefined;
  competitionId?: number | null | undefined;
  teamId?: number | null | undefined;
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
}

/** The most live matches one `liveMatches` field returns (its cost bound needs a page size). */
export const MAX_LIVE_MATCHES = 100;

function inRange(name: string, value: number | null | undefined, min: number, max: number) {
  if (value !== null && value !== undefined && (value < min || value > max)) {
    throw new ApiError(
      'invalid_parameter',
      `Argument '${name}' must be between ${min} and ${max}`,
      {
        parameter: name,
      },
    );
  }
}

const joined = (values: readonly string[] | null | undefined) =>
  values?.length ? values.join(',') : undefined;

const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };

/** `league` and `status` as REST reads them (a list here, a comma list there). */
export const filterOf = (args: FilterArgs): MatchFilter =>
  parseFilter(defined({ league: joined(args.league), status: joined(args.status) }));

/** What makes two `matches` fields the same REST request (the day "today" included). */
export function listVariant(args: ListArgs): string {
  const sorted = (v: readonly string[] | null | undefined) => [...new Set(v ?? [])].sort();
  const base = [
    args.date ?? 'today',
    args.tz ?? 480,
    sorted(args.league),
    sorted(args.status),
    args.page ?? 1,
    plannedPageSize(args),
  ];
  // Issue 49's arguments join the key only when given: the requests before them keep theirs.
  const added = [args.timeZone, args.from, args.to, args.competitionId, args.teamId];
  return JSON.stringify(added.some((v) => v !== null && v !== undefined) ? [...base, added] : base);
}

/** `matches(...)` arguments -> the REST list query, validated as `GET /matches` validates it. */
export function listQueryOf(args: ListArgs, now: Date): MatchListQuery {
  inRange('tz', args.tz, -720, 840);
  inRange('page', args.page, 1, 2_147_483_647);
  inRange('pageSize', args.pageSize, 1, 2_147_483_647);
  return parseListQuery(
    defined({
      date: args.date ?? undefined,
      tz: zoneOf(args),
      from: args.from ?? undefined,
      to: args.to ?? undefined,
      competitionId: args.competitionId ?? undefined,
      teamId: args.teamId ?? undefined,
      league: joined(args.league),
      status: joined(args.status),
      page: args.page ?? undefined,
      pageSize: args.pageSize ?? undefined,
    }),
    now,
  );
}

/** Page size the cost planner assumes full (REST caps, not refuses, above 100). */
export const plannedPageSize = (args: ListArgs) =>
  Math.min(Math.max(args.pageSize ?? 25, 1), MAX_PAGE_SIZE);

export function liveLimitOf(first: number | null | undefined): number {
  inRange('first', first, 1, MAX_LIVE_MATCHES);
  return first ?? MAX_LIVE_MATCHES;
}

/** What makes two `liveMatches` fields the same REST request (`first` is ours, not REST's). */
export function liveVariant(args: FilterArgs): string {
  const sorted = (v: readonly string[] | null | undefined) => [...new Set(v ?? [])].sort();
  return JSON.stringify([sorted(args.league), sorted(args.status)]);
}

/** `matchesByIds` reads at most this many matches, as a page does. */
export const MAX_MATCH_IDS = 100;

/** The distinct positive ids of `matchesByIds` (non-positive ids name no match: not charged). */
export function matchIdsOf(ids: readonly number[]): number[] {
  if (ids.length > MAX_MATCH_IDS) {
    throw new ApiError(
      'invalid_parameter',
      `ids: at most ${MAX_MATCH_IDS} match ids in one matchesByIds (${ids.length} given)`,
    );
  }
  return [...new Set(ids)].filter((id) => id > 0);
}
