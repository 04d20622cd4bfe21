import { CriticalityLevel, diff } from '@graphql-inspector/core';
import { buildSchema, type GraphQLSchema } from 'graphql';

/**
 * The changes from the committed `schema.graphql` to `current` that would break a client
 * (a removed field, a changed type, a new required argument...), as GraphQL Inspector rates them.
 */
export async function breakingChanges(
  committedSdl: string,
  current: GraphQLSchema,
): Promise<string[]> {
  const changes = await diff(buildSchema(committedSdl), current);
  return changes
    .filter((change) => change.criticality.level === CriticalityLevel.Breaking)
    .map((change) => change.message);
}
