import type { FastifyRequest } from 'fastify';
import { digestKey } from '../../cache/bounded-cache.js';
import { minuteWindow } from '../../counters/windows.js';
import type { Language } from '../../i18n/language.js';
import { persistedHashOf } from '../documents/use-trusted-documents.js';

/** The operation as the client sent it (POST JSON body or GET query string). */
interface OperationText {
  /** The document's text as sent, or `#` and the hash of a registered one (`documentOf`). */
  query: string;
  operationName: string;
  variables: string;
}

/** What the key reads besides the request: the clock, the language, the registered documents. */
export interface OperationKeyOptions {
  now: () => Date;
  languageOf(req: FastifyRequest): Language;
  /** The registered document a persisted query's hash names (TRUSTED_DOCUMENTS). */
  textOf(hash: string): string | undefined;
}

/**
 * What names a request's document: its text, or for a persisted query sent by hash alone, that
 * hash once it names a registered document (a hash names one text: `#` and the hash key the
 * answer, shorter to digest). A hash beside a text (a client's retry after a miss: the full path
 * checks the hash) and other extensions without a text go the full way.
 */
function documentOf(
  source: Record<string, unknown>,
  textOf: (hash: string) => string | undefined,
): string | undefined {
  const { query, extensions } = source;
  if (extensions === undefined || extensions === null) {
    return typeof query === 'string' ? query : undefined;
  }
  const hash = query === undefined ? persistedHashOf(extensions) : undefined;
  return hash !== undefined && textOf(hash) !== undefined ? `#${hash}` : undefined;
}

function operationTextOf(
  req: FastifyRequest,
  textOf: (hash: string) => string | undefined,
): OperationText | undefined {
  const source = (req.method === 'GET' ? req.query : req.body) as Record<string, unknown> | null;
  if (!source || typeof source !== 'object' || Array.isArray(source)) {
    return undefined;
  }
  const query = documentOf(source, textOf);
  if (query === undefined) {
    return undefined;
  }
  const { operationName, variables } = source;
  return {
    query,
    operationName: typeof operationName === 'string' ? operationName : '',
    variables: typeof variables === 'string' ? variables : JSON.stringify(variables ?? null),
  };
}

/**
 * The operation cache's key of a request: a digest of everything the answer depends on (its
 * size is fixed whatever the document's): the minute, whether the caller reads analysis, the
 * negotiated language, Accept, the operation's name, variables and document. Undefined when the
 * request names no document the cache can key.
 */
export function operationKeyOf(
  req: FastifyRequest,
  analysis: boolean,
  options: OperationKeyOptions,
): string | undefined {
  const accept = req.headers.accept ?? '';
  const text = operationTextOf(req, options.textOf);
  if (!text) {
    return undefined;
  }
  return digestKey([
    String(minuteWindow(options.now())),
    analysis ? 'a' : '-',
    options.languageOf(req),
    accept,
    text.operationName,
    text.variables,
    text.query,
  ]);
}
