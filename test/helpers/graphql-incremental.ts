import type { FastifyInstance } from 'fastify';
import type { GraphqlRequest } from './graphql.js';

/** One payload of an answer delivered in parts (the 2022-08-24 incremental format yoga emits). */
export interface Payload {
  data?: Record<string, unknown> | null;
  errors?: Array<{
    message: string;
    path?: (string | number)[];
    extensions?: Record<string, unknown>;
  }>;
  hasNext?: boolean;
  incremental?: Array<{
    data?: Record<string, unknown> | null;
    items?: unknown[] | null;
    path: (string | number)[];
    label?: string;
    errors?: Payload['errors'];
  }>;
  extensions?: { cost?: Record<string, unknown> } & Record<string, unknown>;
}

/** Accept headers as clients send them for incremental delivery. */
export const MULTIPART = 'multipart/mixed';
export const EVENT_STREAM = 'text/event-stream';
/** What Apollo Client's Defer20220824Handler and HttpLink send. */
export const APOLLO_DEFER_ACCEPT =
  'multipart/mixed;deferSpec=20220824,application/graphql-response+json,application/json;q=0.9';

/** The JSON parts of a multipart/mixed body, in order (RFC 2046: CRLF "--" boundary). */
export function multipartPayloads(body: string, contentType: string): Payload[] {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) {
    throw new Error(`no boundary in ${contentType}`);
  }
  const parts = body.split(`\r\n--${boundary}`);
  const closing = parts.pop();
  if (!closing?.startsWith('--')) {
    throw new Error(`multipart body not closed: ${JSON.stringify(body.slice(-200))}`);
  }
  return parts.slice(1).map((part) => {
    const cut = part.indexOf('\r\n\r\n');
    return JSON.parse(part.slice(cut + 4)) as Payload;
  });
}

/** The `next` events of a text/event-stream body, in order; it must end with `complete`. */
export function eventStreamPayloads(body: string): Payload[] {
  const events = body
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [event, data] = block.split('\n');
      return { event: event?.slice('event: '.length), data: data?.replace(/^data: ?/, '') ?? '' };
    });
  if (events.at(-1)?.event !== 'complete') {
    throw new Error(`event stream not complete: ${JSON.stringify(body.slice(-200))}`);
  }
  return events.filter((e) => e.event === 'next').map((e) => JSON.parse(e.data) as Payload);
}

export interface IncrementalResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  contentType: string;
  payloads: Payload[];
}

/** POST /graphql in process with an Accept for incremental delivery; every payload, in order. */
export async function graphqlPayloads(
  app: FastifyInstance,
  query: string,
  request: GraphqlRequest & { accept: string },
): Promise<IncrementalResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      accept: request.accept,
      ...(request.key ? { authorization: `Bearer ${request.key}` } : {}),
      ...request.headers,
    },
    payload: { query, ...(request.variables ? { variables: request.variables } : {}) },
  });
  const contentType = String(response.headers['content-type'] ?? '');
  const payloads = contentType.startsWith('multipart/mixed')
    ? multipartPayloads(response.body, contentType)
    : contentType.startsWith('text/event-stream')
      ? eventStreamPayloads(response.body)
      : [JSON.parse(response.body) as Payload];
  return { status: response.statusCode, headers: response.headers, contentType, payloads };
}

type Json = Record<string, unknown> | unknown[];

/** The value at `path` in `root` (objects and arrays), which must be there. */
function at(root: Json, path: (string | number)[]): Json {
  let node: unknown = root;
  for (const step of path) {
    node = (node as Record<string | number, unknown>)[step];
  }
  if (typeof node !== 'object' || node === null) {
    throw new Error(`nothing at ${path.join('.')}`);
  }
  return node as Json;
}

/**
 * The whole `data` the payloads make together, as a client assembles it: deferred fragments
 * merged at their path, streamed items put at their index.
 */
export function assembled(payloads: Payload[]): Record<string, unknown> {
  const [initial, ...rest] = payloads;
  const data = structuredClone(initial?.data ?? {});
  for (const part of rest.flatMap((p) => p.incremental ?? [])) {
    if (part.items) {
      const index = Number(part.path.at(-1));
      const list = at(data, part.path.slice(0, -1)) as unknown[];
      list.splice(index, part.items.length, ...part.items);
    } else if (part.data) {
      merge(at(data, part.path), part.data);
    }
  }
  return data;
}

/** Deep merge of a deferred fragment's data into what is there (objects by key, lists by index). */
function merge(target: Json, source: Json): void {
  for (const [key, value] of Object.entries(source)) {
    const here = (target as Record<string, unknown>)[key];
    if (typeof value === 'object' && value !== null && typeof here === 'object' && here !== null) {
      merge(here as Json, value as Json);
    } else {
      (target as Record<string, unknown>)[key] = value;
    }
  }
}
