import { GraphQLScalarType } from 'graphql';
import { DateTimeResolver } from 'graphql-scalars';

/** What `Date#toISOString` writes: the form every `DateTime` string of ours already has. */
const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * graphql-scalars' `DateTime`, except that a string already in `toISOString` form is sent as
 * it is: the stock scalar validates it, parses it into a `Date` and the response's JSON turns
 * it back into the same string, for every `at` of a day page's odds (1,500 of them;
 * docs/performance-miss-path.md). Anything else takes the stock path, errors included.
 */
export const DateTimeScalar = new GraphQLScalarType({
  ...DateTimeResolver.toConfig(),
  serialize: (value) =>
    typeof value === 'string' && CANONICAL.test(value) ? value : DateTimeResolver.serialize(value),
});
