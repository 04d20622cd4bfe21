import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type AddressLimiter,
  addressRateLimited,
  addressRateLimitHeaders,
} from '../../counters/address-limiter.js';
import { whenReady } from '../../counters/quota-store.js';
import { ApiError } from '../../errors/api-error.js';
import { rawKeyOf } from '../../policy/raw-key.js';
import { GRAPHQL_LIMITS } from '../documents/limits.js';
import type { OperationCache } from '../operation-cache/operation-cache.js';
import { readSmallBody } from '../operation-cache/repeated-requests.js';
import type { OperationRunner } from './operation-runner.js';
import { checkOperationShape } from './request-shape.js';
import type { graphqlWebSocket } from './websocket.js';

type Query = Record<string, unknown>;

export interface GraphqlRoutesParts {
  runner: OperationRunner;
  operations: OperationCache | undefined;
  /** The per-address limit that keyless requests count on (DECISIONS.md "Access"). */
  addresses: AddressLimiter;
  /** The upgraded GET's handler: graphql-ws (websocket.ts). */
  upgraded: Awaited<ReturnType<typeof graphqlWebSocket>>;
}

/** A GET with neither a document nor a persisted query's hash: GraphiQL's page (or nothing). */
const isPageRequest = (query: Query | null) =>
  typeof query?.['query'] !== 'string' && query?.['extensions'] === undefined;

/**
 * `/graphql`: GET (also GraphiQL's page and the WebSocket upgrade), POST and OPTIONS to the
 * operation's handler, a repeated keyed request replayed before it is parsed, and 405 for the
 * other methods.
 */
export function registerGraphqlRoutes(app: FastifyInstance, parts: GraphqlRoutesParts) {
  const route = {
    url: '/graphql',
    bodyLimit: GRAPHQL_LIMITS.maxBodyBytes,
    // Operations decide their own counting (a keyless one counts on the address); names follow
    // Accept-Language.
    config: { addressLimit: false, translated: true },
    handler: handlerOf(parts),
  };
  const replay = replayOf(parts.operations);
  // GET also upgrades to graphql-ws (src/graphql/transport/websocket.ts).
  app.route({ ...route, method: 'GET', wsHandler: parts.upgraded, onRequest: replay });
  app.route({ ...route, method: 'POST', preParsing: replayPostOf(parts.operations, replay) });
  app.route({ ...route, method: 'OPTIONS' });
  // The endpoint exists: another method is 405 with Allow, as on REST, not the 404 of an unknown
  // route (found by test/fuzz: `DELETE /graphql` was 404 `No route DELETE /graphql`). Refused
  // in onRequest, before any body is read.
  app.route({
    url: '/graphql',
    method: ['PUT', 'PATCH', 'DELETE'],
    schema: { hide: true },
    config: { refusesMethod: true },
    onRequest: refuseMethod,
    handler: refuseMethod,
  });
}

async function refuseMethod(req: FastifyRequest, reply: FastifyReply) {
  reply.header('allow', 'GET, POST, OPTIONS');
  throw new ApiError('method_not_allowed', `${req.method} is not allowed on /graphql`);
}

/**
 * Keyless traffic counts on its address first (GraphiQL's page, any operation sent without a
 * key, valid or not); a keyed operation counts on its key, and may be answered from the
 * operation cache without waiting for anything (the handler returns nothing once it sent).
 */
function handlerOf({ runner, operations, addresses }: GraphqlRoutesParts) {
  const admitKeyless = async (req: FastifyRequest, reply: FastifyReply) => {
    const admission = await addresses.admit(req.ip);
    if (!admission.admitted) {
      reply.headers(addressRateLimitHeaders(admission));
      throw addressRateLimited(admission);
    }
  };
  return (req: FastifyRequest, reply: FastifyReply) => {
    checkOperationShape(req.method === 'GET' ? req.query : req.body);
    const page = req.method === 'GET' && isPageRequest(req.query as Query | null);
    const keyless = rawKeyOf(req.headers) === undefined;
    if (page || keyless) {
      return admitKeyless(req, reply).then(() => runner.answer(req, reply, true));
    }
    if (!operations) {
      return runner.answer(req, reply, false);
    }
    const answered = operations.answer(req, reply);
    if (answered === true) {
      return undefined;
    }
    // Whatever becomes of it, an operation others wait for lands (operation-flights.ts `lead`).
    const run = () => runner.answer(req, reply, false).finally(() => operations.landed(req));
    return answered === false ? run() : answered.then((sent) => (sent ? reply : run()));
  };
}

type Done = (error?: Error) => void;

/** A keyed request the operation cache answered before, answered again (repeated-requests.ts). */
function replayOf(operations: OperationCache | undefined) {
  return (req: FastifyRequest, reply: FastifyReply, done: Done) => {
    if (!operations || rawKeyOf(req.headers) === undefined) {
      done();
      return;
    }
    try {
      whenReady(
        operations.replay(req, reply),
        (sent) => {
          if (!sent) {
            done();
          }
        },
        done,
      );
    } catch (error) {
      done(error as Error);
    }
  };
}

/** A small JSON POST is read first, then replayed like a GET when it repeats. */
function replayPostOf(
  operations: OperationCache | undefined,
  replay: (req: FastifyRequest, reply: FastifyReply, done: Done) => void,
) {
  return (
    req: FastifyRequest,
    reply: FastifyReply,
    payload: Readable,
    done: (error: Error | null, body?: Readable) => void,
  ) => {
    const read = operations && rawKeyOf(req.headers) !== undefined && readSmallBody(req, payload);
    if (!read) {
      done(null, payload);
      return;
    }
    read.then(
      (body) => replay(req, reply, (error) => (error ? done(error) : done(null, body))),
      (error: Error) => done(error),
    );
  };
}
