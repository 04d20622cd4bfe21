import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { DoorContext } from '../charging/execution-context.js';
import { documentHash } from './trusted-documents.js';
import type { TrustedStore } from './trusted-store.js';

type Context = Partial<DoorContext>;

/**
 * The message Apollo Client's PersistedQueryLink and urql's persistedExchange look for to send
 * the query again with its text: kept word for word whatever else the error says.
 */
export const PERSISTED_QUERY_NOT_FOUND = 'PersistedQueryNotFound';

/** The hash in an extensions object (`{"persistedQuery": {"version": 1, "sha256Hash"}}`). */
function hashIn(extensions: unknown): string | undefined {
  const persisted = (extensions as { persistedQuery?: unknown } | null | undefined)?.persistedQuery;
  if (persisted === null || typeof persisted !== 'object') {
    return undefined;
  }
  const { version, sha256Hash } = persisted as { version?: unknown; sha256Hash?: unknown };
  return version === 1 && typeof sha256Hash === 'string' ? sha256Hash : undefined;
}

/**
 * A GET's `extensions` texts read lately (a client repeats the same one), up to 512 of at most
 * 256 characters each (the persisted-query extension is about 110): cleared when full.
 */
const hashesOfText = new Map<string, string | undefined>();
const MAX_REMEMBERED_TEXTS = 512;
const MAX_REMEMBERED_LENGTH = 256;

/**
 * The `sha256Hash` of Apollo's persisted-query extension, from a POST body's object or a GET's
 * JSON text; undefined when there is none (or it is not version 1).
 */
export function persistedHashOf(extensions: unknown): string | undefined {
  if (typeof extensions !== 'string') {
    return hashIn(extensions);
  }
  if (hashesOfText.has(extensions)) {
    return hashesOfText.get(extensions);
  }
  let hash: string | undefined;
  try {
    hash = hashIn(JSON.parse(extensions));
  } catch {
    hash = undefined;
  }
  if (extensions.length <= MAX_REMEMBERED_LENGTH) {
    if (hashesOfText.size >= MAX_REMEMBERED_TEXTS) {
      hashesOfText.clear();
    }
    hashesOfText.set(extensions, hash);
  }
  return hash;
}

/** A request refused for its document: 400 `invalid_parameter` naming what was wrong. */
function refusal(context: Context, message: string, parameter: string): GraphQLError {
  context.operation?.refuseRequest();
  return new GraphQLError(message, {
    extensions: { code: 'invalid_parameter', status: 400, parameter, http: { status: 400 } },
  });
}

/**
 * A document sent as text: with a hash beside it, the hash must be the text's (a client retrying
 * after a miss sends both; nothing is registered at run time); with TRUSTED_DOCUMENTS_ONLY, the
 * text must be a registered document's.
 */
function checkSentText(store: TrustedStore, only: boolean): Plugin<Context> {
  return {
    onParams({ params, context }) {
      const { query } = params;
      if (typeof query !== 'string') {
        return;
      }
      const hash = persistedHashOf(params.extensions);
      if (hash !== undefined && documentHash(query) !== hash) {
        throw refusal(
          context,
          'extensions.persistedQuery.sha256Hash is not the SHA-256 of the query sent with it',
          'extensions.persistedQuery',
        );
      }
      if (only && !store.admits(query)) {
        throw refusal(
          context,
          'This server runs registered documents only (TRUSTED_DOCUMENTS_ONLY): register it with `touchline documents add`, then send its sha256Hash',
          'query',
        );
      }
    },
  };
}

/**
 * Trusted documents at the GraphQL door (docs/graphql.md "Trusted documents"): a request by hash
 * (Apollo's persisted-query extension, POST or GET) runs the registered document; an unknown
 * hash is `PersistedQueryNotFound`, which existing clients answer by sending the text.
 */
export function useTrustedDocuments(
  store: TrustedStore,
  options: { only: boolean },
): Plugin<Context>[] {
  return [
    checkSentText(store, options.only),
    usePersistedOperations<Context>({
      getPersistedOperation: (hash) => store.textOf(hash) ?? null,
      // Text is checked above: only TRUSTED_DOCUMENTS_ONLY refuses it, and not when registered.
      allowArbitraryOperations: true,
      customErrors: {
        notFound: ({ context }) =>
          refusal(context as Context, PERSISTED_QUERY_NOT_FOUND, 'extensions.persistedQuery'),
        keyNotFound: ({ context }) =>
          refusal(
            context as Context,
            'Send the document as `query`, or its hash as extensions.persistedQuery { version: 1, sha256Hash }',
            'query',
          ),
      },
    }),
  ];
}
