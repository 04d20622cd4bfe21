import { resolve } from 'node:path';
import { type EnvOf, integer, oneOf, type Reading, text } from './env.js';

/** The GraphQL door's limits and its trusted documents. */
export const GRAPHQL_ENV = {
  GRAPHQL_MAX_COST: integer(1, 1_000_000),
  TRUSTED_DOCUMENTS: text({ minLength: 1 }),
  TRUSTED_DOCUMENTS_ONLY: oneOf(['true', 'false']),
} as const;

export interface GraphqlConfig {
  /** The most units one GraphQL operation may reserve (docs/graphql.md "Limits"). */
  readonly graphqlMaxCost: number;
  /**
   * The manifest of trusted GraphQL documents (TRUSTED_DOCUMENTS, default
   * `./trusted-documents.json`): sha256 of a document's text -> the text, written by `touchline
   * documents add`, read at start (docs/graphql.md "Trusted documents").
   */
  readonly trustedDocuments: string;
  /** TRUSTED_DOCUMENTS_ONLY=true: only registered documents run; any other text is refused. */
  readonly trustedDocumentsOnly: boolean;
}

export function readGraphql(env: EnvOf<typeof GRAPHQL_ENV>): Reading<GraphqlConfig> {
  return {
    problems: [],
    config: () => ({
      graphqlMaxCost: env.GRAPHQL_MAX_COST ?? 1000,
      trustedDocuments: resolve(env.TRUSTED_DOCUMENTS ?? './trusted-documents.json'),
      trustedDocumentsOnly: env.TRUSTED_DOCUMENTS_ONLY === 'true',
    }),
  };
}
