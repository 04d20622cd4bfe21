import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { ERROR_CODES, isErrorCode } from '../../src/errors/codes.js';

/**
 * What every fuzzed response must satisfy, as lists of violations ([] = fine), so a property
 * reports all that is wrong with one counterexample at once.
 */

export type HeaderBag = Record<string, string | string[] | number | undefined>;

/** A response as `inject` gives it (and as the raw-socket helper rebuilds it). */
export interface FuzzResponse {
  statusCode: number;
  headers: HeaderBag;
  rawPayload: Buffer;
}

export const headerText = (value: HeaderBag[string]) =>
  Array.isArray(value) ? value.join(', ') : value === undefined ? undefined : String(value);

/** The body as text, decompressed as `Content-Encoding` says (garbage Accept-Encoding included). */
export function bodyText(res: FuzzResponse): string {
  const encoding = headerText(res.headers['content-encoding'])?.trim().toLowerCase();
  const raw = res.rawPayload;
  if (raw.length === 0) {
    return '';
  }
  switch (encoding) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case 'deflate':
      return inflateSync(raw).toString('utf8');
    default:
      return raw.toString('utf8');
  }
}

/**
 * Internals that must never reach a client. Specific enough not to fire on data (AI report
 * prose, team names); the generators never produce these words themselves (`leakFree`).
 */
export const LEAK_PATTERNS: ReadonlyArray<readonly [string, RegExp]> = [
  ['stack frame', /\n\s*at \S|\bat (?:async )?[\w$.<>[\]]+ \((?:file:|node:|\/)/],
  ['source position', /\.(?:[cm]?[jt]s):\d+:\d+/],
  ['file path', /\/work\/|\/home\/|node_modules|file:\/\//],
  // graphql-js's user-facing "Syntax Error: ..." is the one exception.
  ['exception text', /(?<!Syntax )\b(?:[A-Z]\w*)?Error: /],
  ['database internals', /[Pp]risma|PGlite|pglite|postgres|SQLSTATE|invalid byte sequence/],
  ['framework internals', /FST_ERR|originalError|INTERNAL_SERVER_ERROR|"stack"\s*:/],
];

/** True for generated text that cannot itself trip a leak pattern when a response echoes it. */
export const leakFree = (text: string) =>
  !/prisma|pglite|postgres|sqlstate|node_modules|work|home|file:|error|fst_err|stack|\.[cm]?[jt]s|\bat\b|invalid byte/i.test(
    text,
  );

export function leaksIn(text: string): string[] {
  return LEAK_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(
    ([name]) => `${name} in ${JSON.stringify(text.slice(0, 300))}`,
  );
}

/** Secrets (API keys, the Authorization value sent) echoed in a header or the body. */
export function secretEchoes(
  res: FuzzResponse,
  text: string,
  secrets: readonly string[],
): string[] {
  const out: string[] = [];
  for (const secret of secrets) {
    if (secret.length < 16) {
      continue;
    }
    for (const [name, value] of Object.entries(res.headers)) {
      if (headerText(value)?.includes(secret)) {
        out.push(`header ${name} echoes a secret`);
      }
    }
    if (text.includes(secret)) {
      out.push('the body echoes a secret');
    }
  }
  return out;
}

const PROBLEM_FIELDS = new Set([
  'type',
  'title',
  'status',
  'detail',
  'code',
  'parameter',
  'address',
]);

/** Spec part 7: problem+json with a known `code` whose status is the HTTP status. */
/** The body as a JSON object, or why it is not one (`what` it should have been). */
function jsonObject(text: string, what: string): Record<string, unknown> | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `the body is not JSON: ${JSON.stringify(text.slice(0, 200))}`;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return `the body is not ${what}: ${text.slice(0, 200)}`;
  }
  return body as Record<string, unknown>;
}

export function problemViolations(res: FuzzResponse, text: string): string[] {
  const out: string[] = [];
  const contentType = headerText(res.headers['content-type']);
  if (!/^application\/problem\+json\b/.test(contentType ?? '')) {
    out.push(`content-type ${contentType} is not application/problem+json`);
  }
  const body = jsonObject(text, 'a problem object');
  if (typeof body === 'string') {
    return [...out, body];
  }
  const code = body['code'];
  if (typeof code !== 'string' || !isErrorCode(code)) {
    out.push(`code ${JSON.stringify(code)} is not in src/errors/codes.ts`);
  } else {
    if (ERROR_CODES[code].status !== res.statusCode) {
      out.push(
        `code ${code} means ${ERROR_CODES[code].status}, the HTTP status is ${res.statusCode}`,
      );
    }
    if (body['title'] !== ERROR_CODES[code].title) {
      out.push(`title ${JSON.stringify(body['title'])} is not the title of ${code}`);
    }
    if (typeof body['type'] !== 'string' || !body['type'].endsWith(`/errors#${code}`)) {
      out.push(`type ${JSON.stringify(body['type'])} does not point at ${code}`);
    }
  }
  if (body['status'] !== res.statusCode) {
    out.push(`status field ${JSON.stringify(body['status'])} is not ${res.statusCode}`);
  }
  if (typeof body['detail'] !== 'string') {
    out.push('detail is not a string');
  }
  const extra = Object.keys(body).filter((k) => !PROBLEM_FIELDS.has(k));
  if (extra.length > 0) {
    out.push(`unexpected problem fields ${extra.join(', ')}`);
  }
  return out;
}

/** HTTP statuses /graphql may answer with (docs/graphql.md "Errors"; yoga's 405/406/415). */
const GRAPHQL_STATUSES = new Set([200, 400, 401, 403, 405, 406, 415, 429]);
const GRAPHQL_ERROR_FIELDS = new Set(['message', 'locations', 'path', 'extensions']);

/**
 * docs/graphql.md "Errors": every error has `extensions.code` from the table (and, when it
 * carries `extensions.status`, the status of that code); `internal_error` is a masked crash,
 * so it fails the property like a 500 would. Refusals Fastify answers before yoga (a key in
 * the URL, a body it cannot read, a method) are problem+json.
 */
export function graphqlViolations(res: FuzzResponse, text: string): string[] {
  const contentType = headerText(res.headers['content-type']);
  if (/^application\/problem\+json\b/.test(contentType ?? '')) {
    return problemViolations(res, text);
  }
  const out: string[] = [];
  if (!GRAPHQL_STATUSES.has(res.statusCode)) {
    out.push(`status ${res.statusCode} is not one /graphql answers with`);
  }
  if (!/^application\/(?:graphql-response\+)?json\b/.test(contentType ?? '')) {
    out.push(`content-type ${contentType} is not JSON`);
  }
  const body = jsonObject(text, 'a GraphQL result');
  if (typeof body === 'string') {
    return [...out, body];
  }
  const errors = body['errors'];
  if (errors !== undefined && !Array.isArray(errors)) {
    return [...out, '`errors` is not a list'];
  }
  const list = (errors ?? []) as Array<Record<string, unknown>>;
  if (!('data' in body) && list.length === 0) {
    out.push('neither data nor errors');
  }
  if (res.statusCode !== 200 && list.length === 0) {
    out.push(`status ${res.statusCode} without errors`);
  }
  if (res.statusCode === 200 && !('data' in body)) {
    out.push('a request refused as a whole (no data) answered 200');
  }
  for (const error of list) {
    out.push(...graphqlErrorViolations(error, res.statusCode));
  }
  return out;
}

function graphqlErrorViolations(error: Record<string, unknown>, httpStatus: number): string[] {
  const out: string[] = [];
  if (typeof error['message'] !== 'string') {
    out.push('an error without a message');
  }
  const extra = Object.keys(error).filter((k) => !GRAPHQL_ERROR_FIELDS.has(k));
  if (extra.length > 0) {
    out.push(`unexpected error fields ${extra.join(', ')}`);
  }
  const extensions = (error['extensions'] ?? {}) as Record<string, unknown>;
  const code = extensions['code'];
  if (typeof code !== 'string' || !isErrorCode(code)) {
    out.push(`extensions.code ${JSON.stringify(code)} is not in src/errors/codes.ts`);
    return out;
  }
  if (code === 'internal_error') {
    out.push(`internal_error (a masked crash) for ${JSON.stringify(error['path'])}`);
  }
  const status = extensions['status'];
  if (status !== undefined && status !== ERROR_CODES[code].status) {
    out.push(`extensions.status ${JSON.stringify(status)} is not the status of ${code}`);
  }
  if (typeof status === 'number' && httpStatus !== 200 && status !== httpStatus) {
    out.push(`a whole refusal with ${code} (${status}) answered HTTP ${httpStatus}`);
  }
  return out;
}

/** Throws with every violation and the exchange, so fast-check prints it with the seed. */
export function failOn(violations: string[], exchange: () => string): void {
  if (violations.length > 0) {
    throw new Error(`${violations.join('\n')}\n--- exchange ---\n${exchange()}`);
  }
}

export function describeExchange(
  request: { method: string; url: string; headers?: Record<string, string>; payload?: unknown },
  res: FuzzResponse,
  text: string,
): string {
  const payload = request.payload === undefined ? '' : `\n${String(request.payload).slice(0, 500)}`;
  return [
    `${request.method} ${request.url.slice(0, 500)}`,
    JSON.stringify(request.headers ?? {}).slice(0, 500) + payload,
    `-> ${res.statusCode} ${JSON.stringify(res.headers).slice(0, 500)}`,
    text.slice(0, 800),
  ].join('\n');
}
