import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { parse, print } from 'graphql';
import type { Deps } from '../../src/deps.js';
import { documentHash } from '../../src/graphql/documents/trusted-documents.js';

/** The hash a client sends for a document: the SHA-256 of the text it would send. */
export const hashOf = (text: string) => documentHash(text);

/** A document as `touchline documents add` stores it (graphql-js print). */
export const printed = (text: string) => print(parse(text));

/** A manifest holding `documents` (printed) in a folder of its own; `remove` deletes it. */
export async function writeTrustedManifest(documents: readonly string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'touchline-trusted-'));
  const path = join(dir, 'trusted-documents.json');
  const entries = documents.map((text) => [hashOf(printed(text)), printed(text)]);
  await writeFile(path, JSON.stringify(Object.fromEntries(entries)));
  return { path, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface PersistedRequest {
  method?: 'GET' | 'POST';
  /** The persisted query's hash (Apollo's extension, version 1). */
  hash?: string;
  /** The document text, sent beside the hash or alone. */
  query?: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  key?: string;
  headers?: Record<string, string>;
}

/** A request to /graphql as a persisted-query client sends it, in process. */
export function sendOperation(
  app: FastifyInstance,
  request: PersistedRequest,
): Promise<LightMyRequestResponse> {
  const extensions =
    request.hash === undefined
      ? undefined
      : { persistedQuery: { version: 1, sha256Hash: request.hash } };
  const params = {
    ...(request.query === undefined ? {} : { query: request.query }),
    ...(request.operationName === undefined ? {} : { operationName: request.operationName }),
    ...(request.variables === undefined ? {} : { variables: request.variables }),
    ...(extensions === undefined ? {} : { extensions }),
  };
  const headers = {
    ...(request.key ? { authorization: `Bearer ${request.key}` } : {}),
    ...request.headers,
  };
  if (request.method === 'GET') {
    const search = new URLSearchParams(
      Object.entries(params).map(([name, value]) => [
        name,
        typeof value === 'string' ? value : JSON.stringify(value),
      ]),
    );
    return app.inject({ method: 'GET', url: `/graphql?${search}`, headers });
  }
  return app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...headers },
    payload: params,
  });
}

/** The key's counters now: requests on the minute, units on the day and the free allowance. */
export async function countersOf(
  app: FastifyInstance & { deps: Deps },
  account: { accountId: number; keyId: number },
  at: Date,
) {
  const usage = await app.deps.access.store.peek({
    ...account,
    limits: { ratePerMinute: 1, dailyQuota: 1, freeMatchesDailyQuota: 1 },
    now: at,
  });
  return { minute: usage.minute.used, quota: usage.quota.used, free: usage.free.used };
}
