import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerAccess } from '../../../rest/access.js';
import { Replays } from '../../../rest/replay.js';
import { createResponseCache } from '../../../rest/response-cache.js';
import type { UsageSnapshot } from '../../../src/counters/quota-store.js';
import { ApiError } from '../../../src/errors/api-error.js';
import { createEventBus } from '../../../src/events/event-bus.js';
import { registerCompression } from '../../../src/http/compression.js';
import { registerEtag } from '../../../src/http/etag.js';
import { registerContentLanguage } from '../../../src/http/language.js';
import { registerLastModified } from '../../../src/http/last-modified.js';
import { registerProblemHandlers } from '../../../src/http/problem.js';
import { registerRequestId, requestIdOf } from '../../../src/http/request-id.js';
import { registerRouteConfig } from '../../../src/http/route-config.js';
import type { AccessPolicy, Principal } from '../../../src/policy/access-policy.js';
import { Gate } from '../../../src/policy/gate.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const MODIFIED = {
  at: new Date('2026-11-21T09:00:00.000Z'),
  httpDate: 'Sat, 21 Nov 2026 09:00:00 GMT',
};

/**
 * The real gate over a policy of one counter: each admitted request uses one unit; `refuse` names
 * the next refusal.
 */
function countingGate() {
  const state = { used: 0, opened: 0, refuse: undefined as ApiError | undefined };
  const usage = (): UsageSnapshot => ({
    minute: { limit: 100, used: state.used },
    quota: { limit: 1000, used: state.used },
    free: { limit: 0, used: 0 },
  });
  const principal = { key: {}, account: { limits: { analysis: true } } } as unknown as Principal;
  // A stand-in with the policy's steps the gate calls (the real one needs keys and counters).
  const policy = {
    authenticate(rawKey: string | undefined) {
      state.opened += 1;
      if (rawKey !== 'good-key') {
        throw new ApiError('key_invalid', 'unknown key');
      }
      return principal;
    },
    checkAddress: () => undefined,
    checkTier: () => undefined,
    reserve: () => {
      if (state.refuse) {
        return { admitted: false, error: state.refuse, usage: usage() };
      }
      state.used += 1;
      return { admitted: true, admission: { principal, usage: usage() } };
    },
    chargeMinute: async () => usage(),
    settle: () => usage(),
    peek: () => usage(),
  } as unknown as AccessPolicy;
  return { gate: new Gate(policy), state };
}

/**
 * The REST scope's hooks in rest/plugin.ts's order, around one cached route whose handler and
 * preValidation count the requests that take the ordinary path.
 */
async function buildScope(bodySize = 40, cacheBytes?: number, note = 'x') {
  const { gate, state } = countingGate();
  const ordinary = { handled: 0, validated: 0 };
  const app = Fastify({ genReqId: requestIdOf, requestIdHeader: false });
  registerRouteConfig(app);
  registerProblemHandlers(app, 'http://docs.test');
  registerRequestId(app);
  registerContentLanguage(app);
  const cache = createResponseCache(createEventBus(), cacheBytes ? { maxBytes: cacheBytes } : {});
  const replays = new Replays({
    entryOf: cache.entryOf,
    countHit: cache.countHit,
    gate,
    lastModified: () => MODIFIED,
    now: () => NOW,
  });
  replays.register(app, 'replay');
  cache.register(app, 'store');
  registerEtag(app);
  registerLastModified(app, () => MODIFIED);
  registerAccess(app, gate, () => NOW);
  cache.register(app, 'lookup');
  replays.register(app, 'remember');
  await registerCompression(app);
  app.addHook('preValidation', (_request, _reply, done) => {
    ordinary.validated += 1;
    done();
  });
  app.get(
    '/matches/:matchId',
    { config: { access: 'plan', lastModified: ['detail'], translated: true } },
    async (request) => {
      ordinary.handled += 1;
      const { matchId } = request.params as { matchId: string };
      return { data: { id: Number(matchId), note: note.repeat(bodySize) } };
    },
  );
  await app.ready();
  return { app, state, ordinary, replays, cache };
}

const withoutId = (headers: Record<string, unknown>) => {
  const { 'x-request-id': _id, date: _date, ...rest } = headers;
  return rest;
};

describe('replayed cached answers (rest/replay.ts)', () => {
  let scope: Awaited<ReturnType<typeof buildScope>>;
  const get = (url: string, headers: Record<string, string> = {}) =>
    scope.app.inject({ url, headers: { 'x-api-key': 'good-key', ...headers } });

  beforeEach(async () => {
    scope = await buildScope();
  });
  afterEach(async () => {
    await scope.app.close();
  });

  it('sends a cached answer again without the ordinary hooks, with the same headers', async () => {
    const ordinary = await get('/matches/7'); // read, stored and remembered
    const replayed = await get('/matches/7');
    expect(scope.ordinary).toEqual({ handled: 1, validated: 1 });
    expect(scope.replays.size()).toBe(1);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.body).toBe(ordinary.body);
    const counters = (r: typeof ordinary) => [
      r.headers['x-ratelimit-remaining'],
      r.headers['ratelimit'],
    ];
    expect(counters(replayed)).not.toEqual(counters(ordinary));
    const fresh = ['x-ratelimit-remaining', 'x-quota-remaining', 'ratelimit'];
    const ordinaryHeaders = withoutId(ordinary.headers);
    for (const [name, value] of Object.entries(withoutId(replayed.headers))) {
      if (!fresh.includes(name)) {
        expect(value, name).toBe(ordinaryHeaders[name]);
      }
    }
    expect(Object.keys(withoutId(replayed.headers)).sort()).toEqual(
      Object.keys(ordinaryHeaders).sort(),
    );
    expect(replayed.headers['last-modified']).toBe(MODIFIED.httpDate);
    expect(replayed.headers['content-language']).toBe('en');
    expect(replayed.headers['x-request-id']).not.toBe(ordinary.headers['x-request-id']);
  });

  it('replays a body past ASCII byte for byte, with its length in bytes', async () => {
    await scope.app.close();
    scope = await buildScope(3, undefined, '明治安田J1リーグ, Málaga');
    const ordinary = await get('/matches/7');
    const replayed = await get('/matches/7');
    expect(scope.ordinary.handled).toBe(1);
    expect(replayed.rawPayload.equals(ordinary.rawPayload)).toBe(true);
    expect(JSON.parse(replayed.body).data.note).toContain('明治安田J1リーグ, Málaga');
    expect(replayed.headers['content-length']).toBe(String(ordinary.rawPayload.byteLength));
    expect(replayed.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('counts every replay on the key, as the ordinary hit would', async () => {
    for (let i = 0; i < 5; i += 1) {
      await get('/matches/7');
    }
    expect(scope.state.used).toBe(5);
    expect(scope.ordinary.handled).toBe(1);
    const last = await get('/matches/7');
    expect(last.headers['x-ratelimit-remaining']).toBe(String(100 - 6));
  });

  it('refusals take the ordinary error path: a bad key is 401, a refused reservation 429 with counters', async () => {
    await get('/matches/7');
    const anonymous = await scope.app.inject('/matches/7');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    scope.state.refuse = new ApiError('rate_limited', 'slow down', { retryAfter: 30 });
    const limited = await get('/matches/7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect(limited.headers['x-ratelimit-limit']).toBe('100');
  });

  it('leaves conditional requests, other languages and other URLs to the ordinary path', async () => {
    const first = await get('/matches/7');
    const handledBefore = scope.ordinary.validated;
    const conditional = await get('/matches/7', { 'if-none-match': String(first.headers.etag) });
    expect(conditional.statusCode).toBe(304);
    const chinese = await get('/matches/7', { 'accept-language': 'zh-CN' });
    expect(chinese.headers['content-language']).toBe('zh-CN');
    const other = await get('/matches/8');
    expect(other.statusCode).toBe(200);
    expect(scope.ordinary.validated).toBe(handledBefore + 3);
  });

  it('never remembers a request longer than its bound (a padded URL or header)', async () => {
    const padded = `/matches/7?pad=${'x'.repeat(1100)}`;
    await get(padded);
    await get(padded);
    await get('/matches/7', { 'accept-language': `en, ${'x'.repeat(1100)}` });
    expect(scope.replays.size()).toBe(0);
    expect(scope.ordinary.validated).toBe(3);
  });

  it('stops replaying an answer the cache no longer holds', async () => {
    await get('/matches/7');
    scope.cache.clear();
    const validatedBefore = scope.ordinary.validated;
    const after = await get('/matches/7');
    expect(after.statusCode).toBe(200);
    expect(scope.ordinary.validated).toBe(validatedBefore + 1);
    expect(scope.ordinary.handled).toBe(2);
  });
});

describe('replays and the cache bound', () => {
  it('an answer the cache did not keep (over its bound) is never remembered', async () => {
    const scope = await buildScope(4000, 2000);
    try {
      for (let i = 0; i < 3; i++) {
        expect(
          (await scope.app.inject({ url: '/matches/7', headers: { 'x-api-key': 'good-key' } }))
            .statusCode,
        ).toBe(200);
      }
      expect(scope.ordinary.handled).toBe(3);
      expect(scope.replays.size()).toBe(0);
    } finally {
      await scope.app.close();
    }
  });
});

describe('replays and compression', () => {
  it('an answer compression would change is never replayed to a client that accepts it', async () => {
    const scope = await buildScope(4000);
    try {
      const get = (headers: Record<string, string>) =>
        scope.app.inject({ url: '/matches/7', headers: { 'x-api-key': 'good-key', ...headers } });
      await get({ 'accept-encoding': 'gzip' });
      await get({ 'accept-encoding': 'gzip' });
      const gzipped = await get({ 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(scope.replays.size()).toBe(0);
      // Without Accept-Encoding it is sent as is, so it may be replayed.
      await get({});
      const plain = await get({});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(scope.replays.size()).toBe(1);
    } finally {
      await scope.app.close();
    }
  });
});
