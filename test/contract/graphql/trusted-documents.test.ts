import type { FastifyInstance } from 'fastify';
import { parse, print } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import type { Deps } from '../../../src/deps.js';
import { withTypename } from '../../../src/graphql/documents/client-forms.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { loadDemo } from '../../helpers/demo-fixture.js';
import { TEST_REDIS_URL } from '../../helpers/redis.js';
import {
  countersOf,
  hashOf,
  printed,
  sendOperation,
  writeTrustedManifest,
} from '../../helpers/trusted.js';
import { urqlSends } from '../../helpers/urql.js';

/**
 * Trusted documents at the GraphQL door (docs/graphql.md "Trusted documents"): requests by hash
 * in Apollo's persisted-query format, by POST and by GET; the miss clients answer with the text;
 * a hash sent with a text that is not its; TRUSTED_DOCUMENTS_ONLY. Conditional GETs:
 * http-cache.test.ts.
 */

const MATCH = `query Match($id: Int!) {
  match(id: $id) { id status home { ...Side } away { ...Side } }
}
fragment Side on Team { name }`;
const BOOKMAKERS = 'query Bookmakers { bookmakers { id name } }';
const UNREGISTERED = 'query Other($id: Int!) { match(id: $id) { id minute } }';

type App = FastifyInstance & { deps: Deps };
type Account = Awaited<ReturnType<typeof createAccountWithKey>>;

const bodyOf = (res: { body: string }) =>
  JSON.parse(res.body) as {
    data?: Record<string, unknown> | null;
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };

describeEachDatabase('GraphQL trusted documents', ({ db }) => {
  let matchId = 0;
  let manifest: Awaited<ReturnType<typeof writeTrustedManifest>>;
  beforeAll(async () => {
    matchId = (await loadDemo(db())).cases.finishedMatchId;
    manifest = await writeTrustedManifest([MATCH, BOOKMAKERS]);
  }, 300_000);
  afterAll(() => manifest?.remove());

  describe('memory counters', () => contract(db, 'memory'));
  if (TEST_REDIS_URL) {
    describe('redis counters', () => contract(db, 'redis'));
  } else {
    describe.skip('[redis: SKIPPED, REDIS_URL not set]', () => contract(db, 'redis'));
  }

  function contract(db: () => Database, store: 'memory' | 'redis') {
    const clock = createFakeClock();
    let app: App;
    let only: App;

    beforeAll(async () => {
      const env = {
        TRUSTED_DOCUMENTS: manifest.path,
        ...(store === 'redis' ? { REDIS_URL: TEST_REDIS_URL ?? '' } : {}),
      };
      app = await buildTestApp(db(), { clock, env });
      only = await buildTestApp(db(), { clock, env: { ...env, TRUSTED_DOCUMENTS_ONLY: 'true' } });
    });
    afterAll(async () => {
      await app?.close();
      await only?.close();
    });
    beforeEach(() => clock.set('2026-11-22T10:00:00.000Z'));

    const counters = (target: App, account: Account) => countersOf(target, account, clock.now());

    describe('by hash', () => {
      it.each(['POST', 'GET'] as const)(
        '%s runs the registered document and charges what its text would',
        async (method) => {
          const account = await createAccountWithKey(db(), 'Pro');
          const variables = { id: matchId };
          const byHash = await sendOperation(app, {
            method,
            hash: hashOf(printed(MATCH)),
            variables,
            operationName: 'Match',
            key: account.key,
          });
          expect(byHash.statusCode, byHash.body).toBe(200);
          const byText = await sendOperation(app, { query: MATCH, variables, key: account.key });
          expect(bodyOf(byHash).data).toEqual(bodyOf(byText).data);
          expect(bodyOf(byHash).data).toMatchObject({ match: { id: matchId } });
          expect(Number(byHash.headers['x-quota-remaining'])).toBe(
            Number(byText.headers['x-quota-remaining']) + 1,
          );
          expect(await counters(app, account)).toEqual({ minute: 2, quota: 2, free: 0 });
        },
      );

      it("answers every client's hash of a registered document: urql's, and with __typename", async () => {
        const account = await createAccountWithKey(db(), 'Pro');
        const texts = [
          urqlSends(MATCH),
          urqlSends(MATCH, { cacheExchange: true }),
          print(withTypename(parse(MATCH), 'apollo')),
        ];
        expect(new Set([...texts, printed(MATCH)]).size).toBe(4);
        for (const text of texts) {
          const res = await sendOperation(app, {
            method: 'GET',
            hash: hashOf(text),
            variables: { id: matchId },
            key: account.key,
          });
          expect(res.statusCode, `${text}\n${res.body}`).toBe(200);
          const match = bodyOf(res).data?.['match'] as Record<string, unknown>;
          // The text run is the one the hash stands for: __typename only where the client added it.
          expect('__typename' in match).toBe(text.includes('__typename'));
        }
      });

      it('an unknown hash is PersistedQueryNotFound: 400 invalid_parameter, one request on the minute', async () => {
        const account = await createAccountWithKey(db(), 'Pro');
        for (const method of ['GET', 'POST'] as const) {
          const res = await sendOperation(app, {
            method,
            hash: hashOf(UNREGISTERED),
            variables: { id: matchId },
            key: account.key,
          });
          expect(res.statusCode, res.body).toBe(400);
          const [error, ...more] = bodyOf(res).errors ?? [];
          expect(more).toEqual([]);
          // The message is what Apollo Client and urql look for; the code is ours.
          expect(error?.message).toBe('PersistedQueryNotFound');
          expect(error?.extensions).toEqual({
            code: 'invalid_parameter',
            status: 400,
            parameter: 'extensions.persistedQuery',
          });
          expect(res.headers['x-ratelimit-limit']).toBeDefined();
          expect(res.headers['x-quota-remaining']).toBe(res.headers['x-quota-limit']);
        }
        expect(await counters(app, account)).toEqual({ minute: 2, quota: 0, free: 0 });
      });

      it('without a key: 401 for a keyed document, as its text would be', async () => {
        const res = await sendOperation(app, {
          hash: hashOf(printed(MATCH)),
          variables: { id: matchId },
        });
        expect(res.statusCode, res.body).toBe(401);
        expect(bodyOf(res).errors?.[0]?.extensions?.['code']).toBe('unauthorized');
      });

      it('neither a document nor a hash: 400 invalid_parameter naming query', async () => {
        const account = await createAccountWithKey(db(), 'Pro');
        const res = await app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': 'application/json', 'x-api-key': account.key },
          payload: { extensions: { persistedQuery: { version: 2, sha256Hash: 'x' } } },
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(bodyOf(res).errors?.[0]?.extensions).toMatchObject({
          code: 'invalid_parameter',
          parameter: 'query',
        });
        expect(await counters(app, account)).toEqual({ minute: 1, quota: 0, free: 0 });
      });
    });

    describe('hash and text together (a client retrying after a miss)', () => {
      it('runs the text when the hash is its own, and registers nothing', async () => {
        const account = await createAccountWithKey(db(), 'Pro');
        const retry = await sendOperation(app, {
          hash: hashOf(UNREGISTERED),
          query: UNREGISTERED,
          variables: { id: matchId },
          key: account.key,
        });
        expect(retry.statusCode, retry.body).toBe(200);
        expect(bodyOf(retry).data).toMatchObject({ match: { id: matchId } });
        const again = await sendOperation(app, {
          hash: hashOf(UNREGISTERED),
          variables: { id: matchId },
          key: account.key,
        });
        expect(bodyOf(again).errors?.[0]?.message).toBe('PersistedQueryNotFound');
      });

      it('refuses a hash that is not the text’s: 400, one request on the minute', async () => {
        const account = await createAccountWithKey(db(), 'Pro');
        const res = await sendOperation(app, {
          hash: hashOf(printed(MATCH)),
          query: UNREGISTERED,
          variables: { id: matchId },
          key: account.key,
        });
        expect(res.statusCode, res.body).toBe(400);
        expect(bodyOf(res).data ?? null).toBeNull();
        expect(bodyOf(res).errors?.[0]?.extensions).toMatchObject({
          code: 'invalid_parameter',
          parameter: 'extensions.persistedQuery',
        });
        expect(await counters(app, account)).toEqual({ minute: 1, quota: 0, free: 0 });
      });
    });

    describe('TRUSTED_DOCUMENTS_ONLY=true', () => {
      it('refuses a document not registered: 400 after the key checks, one request on the minute', async () => {
        const account = await createAccountWithKey(db(), 'Pro');
        for (const method of ['POST', 'GET'] as const) {
          const res = await sendOperation(only, {
            method,
            query: UNREGISTERED,
            variables: { id: matchId },
            key: account.key,
          });
          expect(res.statusCode, res.body).toBe(400);
          expect(bodyOf(res).data ?? null).toBeNull();
          expect(bodyOf(res).errors?.[0]?.extensions).toMatchObject({
            code: 'invalid_parameter',
            parameter: 'query',
          });
          expect(res.headers['x-ratelimit-remaining']).toBeDefined();
          expect(res.headers['x-quota-remaining']).toBe(res.headers['x-quota-limit']);
        }
        expect(await counters(only, account)).toEqual({ minute: 2, quota: 0, free: 0 });
      });

      it('the retry after a miss is refused too; a bad key is still refused as such', async () => {
        const account = await createAccountWithKey(db(), 'Pro');
        const retry = await sendOperation(only, {
          hash: hashOf(UNREGISTERED),
          query: UNREGISTERED,
          variables: { id: matchId },
          key: account.key,
        });
        expect(retry.statusCode, retry.body).toBe(400);
        const noKey = await sendOperation(only, {
          hash: hashOf(printed(MATCH)),
          variables: { id: matchId },
        });
        expect(noKey.statusCode, noKey.body).toBe(401);
      });

      it('runs registered documents: by hash, and as text however it is spaced', async () => {
        const account = await createAccountWithKey(db(), 'Pro');
        const runs = [
          await sendOperation(only, {
            method: 'GET',
            hash: hashOf(printed(MATCH)),
            variables: { id: matchId },
            key: account.key,
          }),
          await sendOperation(only, { query: MATCH, variables: { id: matchId }, key: account.key }),
          await sendOperation(only, {
            query: `# mine\n${MATCH.replaceAll(' ', '  ')}`,
            variables: { id: matchId },
            key: account.key,
          }),
          await sendOperation(only, { query: BOOKMAKERS, key: account.key }),
        ];
        for (const res of runs) {
          expect(res.statusCode, res.body).toBe(200);
          expect(bodyOf(res).errors).toBeUndefined();
        }
        expect(await counters(only, account)).toEqual({ minute: 4, quota: 4, free: 0 });
      });

      it('refuses keyless text too (plans, introspection) unless registered', async () => {
        const res = await sendOperation(only, { query: '{ plans { planCode } }' });
        expect(res.statusCode, res.body).toBe(400);
        expect(bodyOf(res).errors?.[0]?.extensions?.['code']).toBe('invalid_parameter');
        expect(res.headers['x-ratelimit-limit']).toBeUndefined();
      });
    });
  }
});
