import SchemaBuilder from '@pothos/core';
import { JSONResolver, NonNegativeIntResolver } from 'graphql-scalars';
import type { ResolverContext } from './context.js';
import { DateTimeScalar } from './date-time-scalar.js';

/**
 * The one Pothos builder: `schema.graphql` is printed from what is declared on it. Fields are
 * non-null unless they say otherwise, as the REST payloads' required properties are.
 */
export const builder = new SchemaBuilder<{
  Context: ResolverContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    // JSON carries documents whose shape is data, not schema (exchange odds, analysis maps).
    JSON: { Input: unknown; Output: unknown };
    NonNegativeInt: { Input: number; Output: number };
  };
}>({ defaultFieldNullability: false });

/** The builder's type parameters, for helpers that build fields outside a `fields` callback. */
export type BuilderTypes =
  typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

builder.addScalarType('DateTime', DateTimeScalar);
builder.addScalarType('JSON', JSONResolver);
builder.addScalarType('NonNegativeInt', NonNegativeIntResolver);

builder.queryType({
  description: 'touchline football data: the REST /v1 resources as one nested graph.',
});
