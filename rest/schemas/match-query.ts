import Type from 'typebox';
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
    'Competition name (any served language, or the original name), case-insensitive; comma list allowed.',
});

export const LiveQuery = Type.Object({
  league: Type.Optional(LeagueFilter),
  status: Type.Optional(StatusFilter),
});

export const MatchListQuery = Type.Object({
  date: Type.Optional(
    Type.String({
      format: 'date',
      pattern: '^\\d{4}-\\d{2}-\\d{2}$',
      description: 'Default: today in tz.',
    }),
  ),
  tz: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: -720,
      maximum: 840,
      default: 480,
      description: 'UTC offset in minutes.',
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
