import { ApiError } from '../errors/api-error.js';
import type { TimeZone } from './match-day.js';
import { MAX_PAGE_SIZE, parseFilter, parseRange, parseTimeZone } from './match-query.js';
import type { MatchStatus } from './match-record.js';

const DEFAULT_PAGE_SIZE = 25;

/**
 * Which of a team's matches a list shows (docs/decisions.md "Catalogue (issue 49): teams,
 * fixtures, ranges"): `all` by kick-off, oldest first; `last` its finished matches, newest
 * first; `next` its scheduled ones, soonest first.
 */
export type TeamMatchesPick = 'all' | 'last' | 'next';

/** `GET /teams/{teamId}/matches` after validation: one page of one team's matches. */
export interface TeamMatchesQuery {
  teamId: number;
  pick: TeamMatchesPick;
  /** A range of days `from`..`to` in `tz`, both included (`all` only). */
  from?: string;
  to?: string;
  tz: TimeZone;
  statuses?: MatchStatus[];
  page: number;
  pageSize: number;
}

/** The request as a client sends it (REST query, GraphQL arguments). */
export interface TeamMatchesInput {
  from?: string | undefined;
  to?: string | undefined;
  tz?: number | string | undefined;
  status?: string | undefined;
  last?: number | undefined;
  next?: number | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

const refuse = (parameter: string, detail: string): never => {
  throw new ApiError('invalid_parameter', detail, { parameter });
};

/**
 * `last=N` and `next=N` are lists of N of their own: with each other, a range, a status or a
 * page they make no sense, so each such pair is a 400 naming the parameter that does not fit.
 */
export function parseTeamMatchesQuery(teamId: number, input: TeamMatchesInput): TeamMatchesQuery {
  const tz = parseTimeZone(input.tz);
  if (input.last !== undefined && input.next !== undefined) {
    refuse('next', `Parameters 'last' and 'next' exclude each other: ask for one list`);
  }
  const count = input.last ?? input.next;
  if (count !== undefined) {
    const name = input.last !== undefined ? 'last' : 'next';
    for (const other of ['from', 'to', 'status', 'page', 'pageSize'] as const) {
      if (input[other] !== undefined) {
        refuse(
          other,
          `Parameter '${other}' cannot be combined with '${name}': '${name}=N' is the team's ` +
            `${name === 'last' ? 'N latest finished' : 'N next scheduled'} matches`,
        );
      }
    }
    if (count < 1 || count > MAX_PAGE_SIZE) {
      refuse(name, `Parameter '${name}' must be between 1 and ${MAX_PAGE_SIZE}`);
    }
    return { teamId, pick: name, tz, page: 1, pageSize: count };
  }
  const range = parseRange(input, undefined);
  const { statuses } = parseFilter({ status: input.status });
  return {
    teamId,
    pick: 'all',
    ...(range ?? {}),
    tz,
    ...(statuses ? { statuses: [...statuses] } : {}),
    page: input.page ?? 1,
    pageSize: Math.min(input.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}
