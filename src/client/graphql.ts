import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { print } from 'graphql';

export * from './generated/graphql.js';

export interface GraphqlClientOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`; operations go to `/graphql`. */
  baseUrl: string;
  /** Sent as `X-Api-Key`, as on REST (spec 5.1). */
  apiKey?: string | undefined;
  /** More headers for every request. */
  headers?: Record<string, string> | undefined;
  /** Another fetch (tests, instrumentation, a polyfill); the global one by default. */
  fetch?: typeof fetch | undefined;
}

/** A GraphQL error as the server sends it: `extensions.code` is the spec's error code. */
export interface GraphqlError {
  message: string;
  path?: ReadonlyArray<string | number>;
  extensions?: { code?: string; [key: string]: unknown };
}

/** The answer: `data` typed by the document, `errors` (partial data is possible), the response. */
export interface GraphqlResult<TData> {
  data: TData | null | undefined;
  errors: GraphqlError[] | undefined;
  /** `extensions.cost`: what the operation cost (docs/graphql.md). */
  extensions: Record<string, unknown> | undefined;
  response: Response;
}

/** Variables are optional when the operation declares none required. */
type VariablesArgument<TVariables> =
  Record<string, never> extends TVariables ? [variables?: TVariables] : [variables: TVariables];

/**
 * Runs a query or mutation (POST JSON to `/graphql`); the result's type comes from the typed
 * document, so `graphqlRequest(options, MatchDetailDocument, { id })` is `MatchDetailQuery`.
 * Subscriptions need a streaming client (graphql-sse, graphql-ws: docs/push.md).
 * Throws only when the answer is not GraphQL JSON (a proxy's error page, a dropped connection).
 */
export async function graphqlRequest<TData, TVariables>(
  options: GraphqlClientOptions,
  document: TypedDocumentNode<TData, TVariables>,
  ...[variables]: VariablesArgument<TVariables>
): Promise<GraphqlResult<TData>> {
  const send = options.fetch ?? fetch;
  const response = await send(`${options.baseUrl.replace(/\/$/, '')}/graphql`, {
    method: 'POST',
    headers: {
      ...options.headers,
      'content-type': 'application/json',
      accept: 'application/graphql-response+json, application/json',
      ...(options.apiKey ? { 'X-Api-Key': options.apiKey } : {}),
    },
    body: JSON.stringify({ query: print(document), ...(variables ? { variables } : {}) }),
  });
  const text = await response.text();
  let body: { data?: TData | null; errors?: GraphqlError[]; extensions?: Record<string, unknown> };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw new Error(
      `/graphql answered ${response.status} without GraphQL JSON: ${text.slice(0, 200)}`,
    );
  }
  return { data: body.data, errors: body.errors, extensions: body.extensions, response };
}
