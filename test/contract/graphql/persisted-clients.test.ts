import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApolloClient, gql as apolloGql, HttpLink, InMemoryCache } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { Client, cacheExchange, type Exchange, fetchExchange, gql } from '@urql/core';
import { persistedExchange } from '@urql/exchange-persisted';
import type { FastifyInstance } from 'fastify';
import { parse, print } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withTypename } from '../../../src/graphql/documents/client-forms.js';
import {
  documentHash,
  registerDocuments,
} from '../../../src/graphql/documents/trusted-documents.js';
import { schema } from '../../../src/graphql/schema/schema.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { type GraphqlDemoServer, startGraphqlDemoServer } from '../../helpers/graphql-server.js';
import { urqlSends } from '../../helpers/urql.js';

/**
 * Trusted documents driven by clients nobody here wrote, over real HTTP: urql (@urql/core 6) with
 * its persisted-query exchange, and Apollo Client 4 with its PersistedQueryLink, both sending
 * hashes by GET. The server's request log shows what went on the wire.
 */

const MATCH = `query Match($id: Int!) {
  match(id: $id) { id status home { ...Side } away { ...Side } }
}
fragment Side on Team { name }`;
const UNREGISTERED = 'query Minute($id: Int!) { match(id: $id) { id minute kickoffUtc } }';

interface Logged {
  method: string;
  params: URLSearchParams;
  body: unknown;
}

/** The request log of an app: method, query string and body of every /graphql request. */
function logRequests(app: FastifyInstance, log: Logged[]): void {
  app.addHook('preHandler', (req, _reply, done) => {
    if (req.url.startsWith('/graphql')) {
      const params = new URL(req.url, 'http://x').searchParams;
      log.push({ method: req.method, params, body: req.body });
    }
    done();
  });
}

const hashSent = (logged: Logged | undefined) => {
  const extensions = JSON.parse(logged?.params.get('extensions') ?? 'null') as {
    persistedQuery?: { version: number; sha256Hash: string };
  } | null;
  return extensions?.persistedQuery;
};

describe('trusted documents through persisted-query clients, GET [pglite]', () => {
  let server: GraphqlDemoServer;
  let dir: string;
  let key: string;
  const log: Logged[] = [];

  const clientOf = (url: string, exchanges: Exchange[]) =>
    new Client({
      url,
      exchanges,
      fetchOptions: { headers: { authorization: `Bearer ${key}` } },
      requestPolicy: 'network-only',
    });
  const persisted = () => persistedExchange({ preferGetForPersistedQueries: true });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'touchline-urql-'));
    await writeFile(join(dir, 'match.graphql'), MATCH);
    const manifest = join(dir, 'trusted-documents.json');
    // As `touchline documents add` registers it.
    await registerDocuments(schema, [dir], manifest);
    server = await startGraphqlDemoServer({
      env: { TRUSTED_DOCUMENTS: manifest },
      beforeListen: (app) => logRequests(app, log),
    });
    ({ key } = await createAccountWithKey(server.database, 'Pro'));
  }, 300_000);
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    log.length = 0;
  });

  describe('urql persistedExchange({ preferGetForPersistedQueries: true })', () => {
    it('sends the hash by GET, no query text, and the data arrives', async () => {
      const client = clientOf(server.endpoint, [persisted(), fetchExchange]);
      const id = server.cases.finishedMatchId;
      const result = await client.query(gql(MATCH), { id }).toPromise();
      expect(result.error).toBeUndefined();
      expect(result.data).toMatchObject({ match: { id, home: { name: expect.any(String) } } });
      expect(log).toHaveLength(1);
      const [request] = log;
      expect(request?.method).toBe('GET');
      expect(request?.params.has('query')).toBe(false);
      expect(hashSent(request)).toEqual({ version: 1, sha256Hash: documentHash(urqlSends(MATCH)) });
      expect(JSON.parse(request?.params.get('variables') ?? '{}')).toEqual({ id });
    });

    it('with its cacheExchange (__typename added) the hash is known too', async () => {
      const client = clientOf(server.endpoint, [cacheExchange, persisted(), fetchExchange]);
      const id = server.cases.finishedMatchId;
      const result = await client.query(gql(MATCH), { id }).toPromise();
      expect(result.error).toBeUndefined();
      expect(result.data).toMatchObject({ match: { id, __typename: 'Match' } });
      expect(log.map((l) => [l.method, l.params.has('query')])).toEqual([['GET', false]]);
      expect(hashSent(log[0])?.sha256Hash).toBe(
        documentHash(urqlSends(MATCH, { cacheExchange: true })),
      );
    });

    it('an unregistered document: the miss, then urql sends the text and the data arrives', async () => {
      const client = clientOf(server.endpoint, [persisted(), fetchExchange]);
      const id = server.cases.finishedMatchId;
      const result = await client.query(gql(UNREGISTERED), { id }).toPromise();
      expect(result.error).toBeUndefined();
      expect(result.data).toMatchObject({ match: { id } });
      expect(log).toHaveLength(2);
      const [miss, retry] = log;
      expect(miss?.method).toBe('GET');
      expect(miss?.params.has('query')).toBe(false);
      // The retry carries the text (and the hash, which the server checks but never stores).
      const retried = retry?.method === 'GET' ? retry.params.get('query') : undefined;
      expect(retried ?? (retry?.body as { query?: string } | undefined)?.query).toBe(
        urqlSends(UNREGISTERED),
      );
      log.length = 0;
      await client.query(gql(UNREGISTERED), { id }).toPromise();
      expect(log).toHaveLength(2);
    });

    it('TRUSTED_DOCUMENTS_ONLY: a registered document still arrives; another is refused', async () => {
      const only = await buildTestApp(server.database, {
        clock: createFakeClock('2026-11-22T10:00:00.000Z'),
        env: {
          TRUSTED_DOCUMENTS: join(dir, 'trusted-documents.json'),
          TRUSTED_DOCUMENTS_ONLY: 'true',
        },
      });
      try {
        const base = (await only.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
        const client = clientOf(`${base}/graphql`, [cacheExchange, persisted(), fetchExchange]);
        const id = server.cases.finishedMatchId;
        const registered = await client.query(gql(MATCH), { id }).toPromise();
        expect(registered.error).toBeUndefined();
        expect(registered.data).toMatchObject({ match: { id } });
        const other = await client.query(gql(UNREGISTERED), { id }).toPromise();
        expect(other.data ?? null).toBeNull();
        expect(other.error?.graphQLErrors.map((e) => e.extensions['code'])).toEqual([
          'invalid_parameter',
        ]);
      } finally {
        await only.close();
      }
    });
  });

  describe('Apollo Client PersistedQueryLink({ useGETForHashedQueries: true })', () => {
    const apolloClient = () =>
      new ApolloClient({
        cache: new InMemoryCache(),
        link: new PersistedQueryLink({
          sha256: (text: string) => createHash('sha256').update(text).digest('hex'),
          useGETForHashedQueries: true,
        }).concat(
          new HttpLink({ uri: server.endpoint, headers: { authorization: `Bearer ${key}` } }),
        ),
      });

    it('sends the hash of the document with __typename by GET, and the data arrives', async () => {
      const id = server.cases.finishedMatchId;
      const result = await apolloClient().query({
        query: apolloGql(MATCH),
        variables: { id },
        fetchPolicy: 'network-only',
      });
      expect(result.data).toMatchObject({ match: { id, __typename: 'Match' } });
      expect(log).toHaveLength(1);
      expect(log[0]?.method).toBe('GET');
      expect(log[0]?.params.has('query')).toBe(false);
      expect(hashSent(log[0])?.sha256Hash).toBe(
        documentHash(print(withTypename(parse(MATCH), 'apollo'))),
      );
    });

    it('an unregistered document: the miss, then the text by POST, and the data arrives', async () => {
      const id = server.cases.finishedMatchId;
      const result = await apolloClient().query({
        query: apolloGql(UNREGISTERED),
        variables: { id },
        fetchPolicy: 'network-only',
      });
      expect(result.data).toMatchObject({ match: { id } });
      expect(log.map((l) => l.method)).toEqual(['GET', 'POST']);
      expect((log[1]?.body as { query?: string } | undefined)?.query).toContain('query Minute');
    });
  });
});
