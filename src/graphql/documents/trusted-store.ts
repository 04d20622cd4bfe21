import { type GraphQLSchema, parse, print } from 'graphql';
import { LRUCache } from 'lru-cache';
import { ConfigError } from '../../config/config-error.js';
import { clientTexts } from './client-forms.js';
import { GRAPHQL_LIMITS } from './limits.js';
import {
  documentHash,
  readManifest,
  TrustedDocumentError,
  trustedDocumentOf,
} from './trusted-documents.js';

/** The registered documents as the server answers them (docs/graphql.md "Trusted documents"). */
export interface TrustedStore {
  /** The text a persisted query's `sha256Hash` stands for: a registered document, as sent. */
  textOf(hash: string): string | undefined;
  /**
   * Whether a document sent as text is registered: as a client sends it, or printed alike
   * (spacing and comments aside).
   */
  admits(text: string): boolean;
  /** Documents in the manifest (each answers to the hashes of its client texts). */
  readonly size: number;
}

/** Texts admitted by printing them, remembered so a client's repeats are not parsed again. */
const ADMITTED_MEMO = 1024;

/**
 * Every document of the manifest, under its own hash and those of the texts clients send for it
 * (client-forms.ts). Each is parsed and validated against the schema: a document the server
 * could not run is a configuration error, found at start rather than by a client.
 */
export function createTrustedStore(
  schema: GraphQLSchema,
  manifest: ReadonlyMap<string, string>,
  source: string,
): TrustedStore {
  const texts = new Map<string, string>();
  for (const [hash, text] of manifest) {
    const { node } = trustedDocumentOf(schema, `${source}: document ${hash.slice(0, 12)}`, text);
    texts.set(hash, text);
    for (const form of clientTexts(node)) {
      texts.set(documentHash(form), form);
    }
  }
  const admitted = new LRUCache<string, true>({ max: ADMITTED_MEMO });
  return {
    textOf: (hash) => texts.get(hash),
    admits(text) {
      const hash = documentHash(text);
      if (texts.has(hash) || admitted.has(hash)) {
        return true;
      }
      let printed: string;
      try {
        printed = print(parse(text, { maxTokens: GRAPHQL_LIMITS.maxTokens }));
      } catch {
        return false;
      }
      if (!texts.has(documentHash(printed))) {
        return false;
      }
      admitted.set(hash, true);
      return true;
    },
    size: manifest.size,
  };
}

/**
 * The manifest at TRUSTED_DOCUMENTS, read at start (a missing file: no documents). One that is
 * not a manifest, or holds a document the schema refuses, stops the start with one line.
 */
export async function loadTrustedStore(schema: GraphQLSchema, path: string): Promise<TrustedStore> {
  try {
    return createTrustedStore(schema, await readManifest(path), path);
  } catch (error) {
    if (error instanceof TrustedDocumentError) {
      throw new ConfigError([`TRUSTED_DOCUMENTS ${error.message}`]);
    }
    throw error;
  }
}
