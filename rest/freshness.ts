import type { FastifyRequest } from 'fastify';
import type { SourceFreshness } from '../src/freshness/source-freshness.js';
import type { FreshnessScope } from '../src/freshness/verdicts.js';
import { routeConfigOf } from '../src/http/route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answer depends on the data sources' freshness (docs/sources/freshness.md): its
     * handler judges the page, and a cached answer is served only while nothing of the scope is
     * stale or refused.
     */
    sourceFreshness?: FreshnessScope;
  }
}

/**
 * Whether a cached answer of the request's route may be sent as it is (the response cache and
 * the replays ask): always for routes without a scope; while the sources are quiet for the
 * others, else the handler runs and judges what it read.
 */
export const cachedAnswerStands =
  (freshness: SourceFreshness) =>
  (request: FastifyRequest): boolean => {
    const scope = routeConfigOf(request).sourceFreshness;
    return scope === undefined || freshness.isQuiet(scope);
  };
