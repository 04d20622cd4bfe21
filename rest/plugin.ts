import type { FastifyInstance } from 'fastify';
import type { Deps } from '../src/deps.js';
import { registerCompression } from '../src/http/compression.js';
import { registerEtag } from '../src/http/etag.js';
import { registerLastModified } from '../src/http/last-modified.js';
import { registerMethodNotAllowed } from '../src/http/method-not-allowed.js';
import type { Push } from '../src/push/push.js';
import { registerAccess } from './access.js';
import { cachedAnswerStands } from './freshness.js';
import { completeRouteSchema } from './openapi.js';
import { Replays } from './replay.js';
import { createResponseCache, declareQueryParameters } from './response-cache.js';
import { analysisRoutes } from './routes/football/analysis.js';
import { competitionsRoutes } from './routes/football/competitions.js';
import { matchesRoutes } from './routes/football/matches.js';
import { metaRoutes } from './routes/football/meta.js';
import { oddsRoutes } from './routes/football/odds.js';
import { playersRoutes } from './routes/football/players.js';
import { scorersRoutes } from './routes/football/scorers.js';
import { searchRoutes } from './routes/football/search.js';
import { streamRoutes } from './routes/football/stream.js';
import { teamsRoutes } from './routes/football/teams.js';

/** The /v1 compatibility layer (spec part 4). */
export async function restPlugin(
  app: FastifyInstance,
  {
    deps,
    docsUrl,
    assetsUrl,
    responseCache,
    accessGate,
    streamMaxMs,
    push,
  }: {
    deps: Deps;
    docsUrl: string;
    assetsUrl: string;
    responseCache: boolean;
    /** Off only in benchmarks (app/build-app.ts `BuildOptions`). */
    accessGate: boolean;
    /** How long a push stream stays open (STREAM_MAX_MS). */
    streamMaxMs: number;
    /** The push hub the stream route shares with GraphQL subscriptions. */
    push: Push;
  },
) {
  const urls: string[] = [];
  app.addHook('onRoute', (route) => {
    completeRouteSchema(route);
    declareQueryParameters(route);
    if (route.method === 'GET' || (Array.isArray(route.method) && route.method.includes('GET'))) {
      urls.push(route.url);
    }
  });
  // Hook order matters. onSend: the cache stores the 200, the ETag hook may turn it into a 304,
  // the access hook settles the charge on the final status, compression comes last.
  // preHandler: the access policy admits before the cache may answer.
  // A page that may show a stale or refused source's match is made afresh and judged.
  const mayServe = cachedAnswerStands(deps.services.freshness);
  const cache = responseCache
    ? createResponseCache(deps.events, {
        onLookup: deps.metrics.cacheLookup('rest_response'),
        mayServe,
      })
    : undefined;
  // onRequest: a remembered cached answer is sent before the access hooks (rest/replay.ts).
  const replays = cache
    ? new Replays({
        entryOf: cache.entryOf,
        countHit: cache.countHit,
        gate: accessGate ? deps.access.gate : undefined,
        lastModified: deps.services.versions.lastModified,
        now: deps.clock.now,
        mayReplay: mayServe,
      })
    : undefined;
  replays?.register(app, 'replay');
  cache?.register(app, 'store');
  registerEtag(app);
  registerLastModified(app, deps.services.versions.lastModified);
  if (accessGate) {
    registerAccess(app, deps.access.gate, deps.clock.now);
  }
  cache?.register(app, 'lookup');
  replays?.register(app, 'remember');
  await registerCompression(app);
  const prefix = '/v1/football';
  await app.register(metaRoutes, { prefix, plans: deps.services.plans });
  await app.register(matchesRoutes, {
    prefix,
    services: deps.services,
    assetsUrl,
    now: deps.clock.now,
  });
  await app.register(oddsRoutes, { prefix, services: deps.services });
  await app.register(teamsRoutes, { prefix, services: deps.services, assetsUrl });
  await app.register(analysisRoutes, { prefix, services: deps.services });
  await app.register(playersRoutes, { prefix, services: deps.services });
  await app.register(competitionsRoutes, { prefix, services: deps.services, now: deps.clock.now });
  await app.register(scorersRoutes, { prefix, services: deps.services, now: deps.clock.now });
  await app.register(streamRoutes, { prefix, deps, push, maxMs: streamMaxMs });
  await app.register(searchRoutes, { prefix, services: deps.services });
  registerMethodNotAllowed(app, [...urls], docsUrl);
}
