import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from './builder.js';
import './types/meta.js';
import './types/match.js';
import './types/match-children.js';
import './types/odds.js';
import './types/analysis.js';
import './types/query.js';
import './node/node-fields.js';
import './types/viewer.js';
import './types/subscription.js';

/** The GraphQL schema, built once from the Pothos declarations (`schema.graphql` prints it). */
export const schema = lexicographicSortSchema(builder.toSchema());

export const printedSchema = () => `${printSchema(schema)}\n`;
