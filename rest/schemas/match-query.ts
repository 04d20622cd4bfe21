import Type from 'typebox';
import { MAX_RANGE_DAYS } from '../../src/football/match-query.js';
import { MATCH_STATUSES } from '../../src/football/match-record.js';

/** Request schemas of the match routes: they drive validation and the OpenAPI document. */
const STATUS_VALUES = MATCH_STATUSES.join('|');

/** DECISIONS.md "Matches": one status or a comma list of them. */
const StatusFilter = Type.String({
  pattern: `^\\s*(${STATUS_VALUES})\\s*(,\\s*(${STATUS_VALUES})\\s*)*$`,
  description: `One of ${STATUS_VALUES.replaceAll('|', ', ')}, or a comma list of them.`,
});

const LeagueFilter = Type.String({
  maxLength: 1000,
  description:
    'Competition name (any served language, or the original name), code or id, case-insensitive; ' +
    'comma list allowed. Unknown: an empty list, or 400 on a request with from/to, competitionId or teamId.',
});

export const CalendarDate = (description: string) =>
  Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

/**
 * DECISIONS.md "Matches": minutes east of UTC; issue 49: or an IANA zone name. A union, so the
 * typed clients keep sending numbers; a text that is neither is refused by the handler.
 */
export const TimeZoneParam = Type.Union(
  [
    Type.Integer({ format: 'int32', minimum: -720, maximum: 840 }),
    Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_+\\-/]*$', maxLength: 64 }),
  ],
  {
    default: 480,
    description:
      'UTC offset in minutes (-720..840), or an IANA time zone (Asia/Hong_Kong, Europe/London) ' +
      'whose days follow its DST changes.',
  },
);

export const LiveQuery = Type.Object({
  league: Type.Optional(LeagueFilter),
  status: Type.Optional(StatusFilter),
});

export const MatchListQuery = Type.Object({
  date: Type.Optional(CalendarDate('Default: today in tz.')),
  tz: Type.Optional(TimeZoneParam),
  from: Type.Optional(CalendarDate('First day of a range (with `to`, instead of `date`), in tz.')),
  to: Type.Optional(
    CalendarDate(`Last day of the range, included; at most ${MAX_RANGE_DAYS} days from \`from\`.`),
  ),
  competitionId: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: 2147483647,
      description: 'Only this competition (an unknown id is 400).',
    }),
  ),
  teamId: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: 2147483647,
      description: 'Only matches of this team, home or away (an unknown id is 400).',
    }),
  ),
  league: Type.Optional(LeagueFilter),
  status: Type.Optional(StatusFilter),
  page: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: 2147483647,
      default: 1,
      description: 'Page number, from 1.',
    }),
  ),
  pageSize: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: 2147483647,
      default: 25,
      description: 'Values above 100 are capped to 100.',
    }),
  ),
});
