import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.js';
import './types/meta.js';
import './types/match.js';
import './types/match-children.js';
import './types/match-result.js';
import './types/odds.js';
import './types/player.js';
import './types/search.js';
import './types/analysis.js';
import './types/competitions.js';
import './types/competition-fields.js';
import './types/query.js';
import './types/team.js';
import './node/node-fields.js';
import './types/viewer.js';
import './types/subscription.js';

/**
 * The schema with the `@defer` and `@stream` directives that yoga's defer-stream plugin executes,
 * taken from the plugin itself: declared in the schema, they are printed in `schema.graphql` (for
 * codegen, GraphiQL and linters), and the plugin, finding them there, keeps them as they are.
 */
function withIncrementalDelivery(base: GraphQLSchema): GraphQLSchema {
  let schema = base;
  useDeferStream().onSchemaChange?.({
    schema: base,
    replaceSchema: (next: GraphQLSchema) => {
      schema = next;
    },
  });
  return schema;
}

/** The GraphQL schema, built once from the Pothos declarations (`schema.graphql` prints it). */
export const schema = withIncrementalDelivery(lexicographicSortSchema(builder.toSchema()));

export const printedSchema = () => `${printSchema(schema)}\n`;
