import { formatDocument, gql, stringifyDocument } from '@urql/core';

/**
 * The `query` text urql sends for a document, and hashes for a persisted query: as `gql` parses
 * it, with `__typename` added where its cacheExchange adds it.
 */
export function urqlSends(text: string, options: { cacheExchange?: boolean } = {}): string {
  // @urql/core's document types come from @0no-co/graphql.web and do not line up with one
  // another under exactOptionalPropertyTypes; the values are the documents urql itself passes.
  const document = gql(text) as never;
  return stringifyDocument(options.cacheExchange ? (formatDocument(document) as never) : document);
}
