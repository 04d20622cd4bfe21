import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The route's `config`, read once: `request.routeOptions` builds a new object per read. */
    routeConfig: FastifyContextConfig | null;
  }
}

/** Declares the per-request slot up front, so every request object keeps one shape. */
export function registerRouteConfig(app: FastifyInstance): void {
  app.decorateRequest('routeConfig', null);
}

/** The route's `config` (the hooks read it several times per request: once is enough). */
export function routeConfigOf(request: FastifyRequest): FastifyContextConfig {
  request.routeConfig ??= request.routeOptions.config;
  return request.routeConfig;
}
