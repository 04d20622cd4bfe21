import Type from 'typebox';
import { CalendarDate, MatchListQuery, TimeZoneParam } from './match-query.js';

/** Path `{teamId}`: a positive int32; not one is a 400, as on every catalogue route. */
export const TeamIdParams = Type.Object(
  {
    teamId: Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: 2147483647,
      description: 'The team id (as `Team.id`, or `teamId` of the match filters).',
    }),
  },
  { additionalProperties: false },
);

const count = (description: string) =>
  Type.Integer({ format: 'int32', minimum: 1, maximum: 100, description });

/** Issue 49: `GET /teams/{teamId}/matches` (docs/decisions.md "Catalogue (issue 49)"). */
export const TeamMatchesQuery = Type.Object({
  from: Type.Optional(CalendarDate('First day of a range, in tz (with `to`).')),
  to: Type.Optional(CalendarDate('Last day of the range, included.')),
  tz: Type.Optional(TimeZoneParam),
  status: MatchListQuery.properties.status,
  last: Type.Optional(
    count(
      "The team's N latest finished matches, newest first (alone: not with next, from, to, status, page, pageSize).",
    ),
  ),
  next: Type.Optional(
    count("The team's N next scheduled matches, soonest first (alone, as `last`)."),
  ),
  // No schema defaults: `last`/`next` refuse a page the client sent, not one validation added.
  page: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: 2147483647,
      description: 'Page number, from 1 (default 1).',
    }),
  ),
  pageSize: Type.Optional(
    Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: 2147483647,
      description: 'Default 25; values above 100 are capped to 100.',
    }),
  ),
});
