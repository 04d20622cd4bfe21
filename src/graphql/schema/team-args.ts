import { ApiError } from '../../errors/api-error.js';
import type { MatchStatus } from '../../football/match-record.js';
import { parseTeamMatchesQuery, type TeamMatchesQuery } from '../../football/team-matches.js';

/** `team(id) { matches(...) }` arguments, as GraphQL hands them. */
export interface TeamMatchesArgs {
  from?: string | null | undefined;
  to?: string | null | undefined;
  tz?: number | null | undefined;
  timeZone?: string | null | undefined;
  status?: readonly MatchStatus[] | null | undefined;
  last?: number | null | undefined;
  next?: number | null | undefined;
  page?: number | null | undefined;
  pageSize?: number | null | undefined;
}

/** The scope of a team's reads in request keys (the cost planner uses the same form). */
export const teamScope = (teamId: number) => `team:${teamId}`;

/**
 * `tz` (minutes, as ever) or `timeZone` (an IANA name, or minutes as text): one zone, as REST's
 * `tz` takes either; both at once is a 400 (docs/decisions.md "Catalogue (issue 49)").
 */
export function zoneOf(args: {
  tz?: number | null | undefined;
  timeZone?: string | null | undefined;
}): number | string | undefined {
  if (
    args.tz !== null &&
    args.tz !== undefined &&
    args.timeZone !== null &&
    args.timeZone !== undefined
  ) {
    throw new ApiError('invalid_parameter', `Arguments 'tz' and 'timeZone' exclude each other`, {
      parameter: 'timeZone',
    });
  }
  return args.timeZone ?? args.tz ?? undefined;
}

const orUndefined = <T>(value: T | null | undefined) => value ?? undefined;

/** The arguments -> the query GET /teams/{teamId}/matches reads, validated as REST validates it. */
export function teamMatchesQueryOf(teamId: number, args: TeamMatchesArgs): TeamMatchesQuery {
  for (const name of ['page', 'pageSize'] as const) {
    const value = args[name];
    if (value !== null && value !== undefined && value < 1) {
      throw new ApiError('invalid_parameter', `Argument '${name}' must be at least 1`, {
        parameter: name,
      });
    }
  }
  return parseTeamMatchesQuery(teamId, {
    from: orUndefined(args.from),
    to: orUndefined(args.to),
    tz: zoneOf(args),
    status: args.status?.length ? args.status.join(',') : undefined,
    last: orUndefined(args.last),
    next: orUndefined(args.next),
    page: orUndefined(args.page),
    pageSize: orUndefined(args.pageSize),
  });
}

/** What makes two `matches` fields of a team the same REST request (its query string). */
export function teamMatchesVariant(args: Record<string, unknown>): string {
  const a = args as TeamMatchesArgs;
  return JSON.stringify([
    a.from ?? null,
    a.to ?? null,
    a.timeZone ?? a.tz ?? null,
    [...new Set(a.status ?? [])].sort(),
    a.last ?? null,
    a.next ?? null,
    a.page ?? null,
    a.pageSize ?? null,
  ]);
}
