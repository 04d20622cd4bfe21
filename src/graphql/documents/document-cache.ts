import type { DocumentNode } from 'graphql';
import { createBoundedCache, digestKey } from '../../cache/bounded-cache.js';

/**
 * Heap a parsed document keeps (measured: about 520 bytes per lexical token, for the token
 * list its locations hold and the AST nodes, plus the source text itself).
 */
const BYTES_PER_TOKEN = 520;

function documentBytes(document: DocumentNode): number {
  let tokens = 0;
  for (let token = document.loc?.startToken ?? null; token; token = token.next) {
    tokens++;
  }
  return (document.loc?.source.body.length ?? 0) + tokens * BYTES_PER_TOKEN;
}

/** A parse error keeps its message and the source it points into. */
function errorBytes(error: unknown): number {
  const source = (error as { source?: { body?: string } }).source?.body ?? '';
  const message = error instanceof Error ? error.message : '';
  return source.length + message.length;
}

/**
 * Texts up to this length are their own key: a parsed document holds its text already, and the
 * key is counted against the cap as well, so nothing is unbounded; hashing every request's text
 * (SHA-256) cost more than the lookup. Longer texts are keyed by their digest.
 */
const MAX_TEXT_KEY = 16 * 1024;

/** A document text's key: itself, or NUL and its digest (no GraphQL text contains NUL). */
const keyOf = (text: string) => (text.length <= MAX_TEXT_KEY ? text : `\u0000${digestKey([text])}`);

export interface DocumentCacheOptions {
  /** Bytes of parsed documents kept (their token lists dominate). */
  maxDocumentBytes?: number;
  maxErrorBytes?: number;
  ttlMs?: number;
}

/**
 * Yoga's parse caches (documents, and the errors of documents that do not parse), keyed by the
 * document text (a digest of a long one) and bounded by what the parsed documents weigh. Yoga's
 * default keeps 1,024 documents by their full text whatever their size: a document of 5,000
 * tokens holds about 2.5 MB, so the default could grow past 2 GB on hostile input
 * (docs/operations.md "Memory").
 */
export function createDocumentCaches(options: DocumentCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 3_600_000;
  const documents = createBoundedCache<DocumentNode>({
    maxBytes: options.maxDocumentBytes ?? 16 * 1024 * 1024,
    sizeOf: documentBytes,
    ttlMs,
  });
  const errors = createBoundedCache<NonNullable<unknown>>({
    maxBytes: options.maxErrorBytes ?? 4 * 1024 * 1024,
    sizeOf: errorBytes,
    ttlMs,
  });
  return {
    documentCache: {
      get: (text: string) => documents.get(keyOf(text)),
      set: (text: string, document: DocumentNode) => documents.set(keyOf(text), document),
    },
    errorCache: {
      get: (text: string) => errors.get(keyOf(text)),
      set: (text: string, error: unknown) => {
        if (error !== null && error !== undefined) {
          errors.set(keyOf(text), error);
        }
      },
    },
    bytes: () => documents.bytes + errors.bytes,
    close() {
      documents.close();
      errors.close();
    },
  };
}
