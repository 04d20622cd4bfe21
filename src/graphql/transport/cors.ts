import { type CORSOptions, getCORSHeadersByRequestAndOptions } from '@whatwg-node/server';
import type { FastifyRequest } from 'fastify';
import type { DoorContext } from '../charging/execution-context.js';

/**
 * CORS on /graphql: any origin, as yoga's default (keys travel in headers, never in cookies, so
 * an origin gains nothing a script could not do without it). One value for yoga and for answers
 * the operation cache sends without yoga (operation-cache/cached-answer.ts), which must carry the same headers.
 */
export const GRAPHQL_CORS: CORSOptions = {};

/**
 * Yoga's CORS per answer: none on GraphiQL's page, which may carry the demo key (issue 46: with
 * any origin allowed, any web page could read the key from it); GRAPHQL_CORS on the rest.
 */
export const graphqlCors = (_request: Request, ctx: unknown) =>
  (ctx as Partial<DoorContext> | undefined)?.operation?.graphiqlPage ? false : GRAPHQL_CORS;

/** The CORS headers yoga gives an answer to this request, or undefined without an Origin. */
export function corsHeadersOf(req: FastifyRequest): Record<string, string> | undefined {
  if (req.headers.origin === undefined) {
    return undefined;
  }
  // Only `headers.get` of the Fetch request is read.
  const request = { headers: { get: (name: string) => headerOf(req, name) } } as Request;
  return getCORSHeadersByRequestAndOptions(request, GRAPHQL_CORS) ?? undefined;
}

function headerOf(req: FastifyRequest, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}
