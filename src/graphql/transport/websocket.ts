import type { IncomingMessage } from 'node:http';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type DocumentNode, type ExecutionArgs, GraphQLError } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { YogaServerInstance } from 'graphql-yoga';
import { type WebSocket, WebSocketServer } from 'ws';
import { ApiError } from '../../errors/api-error.js';
import type { Gate } from '../../policy/gate.js';
import { rawKeyOf } from '../../policy/raw-key.js';
import type { DoorContext, ExecutionContext } from '../charging/execution-context.js';
import { OperationRecord } from '../charging/operation-result.js';
import { GRAPHQL_LIMITS } from '../documents/limits.js';
import { graphqlErrorOf } from './errors.js';
import { checkOperationShape } from './request-shape.js';

/** The connection_init payload fields a client may send instead of the upgrade's headers. */
const PARAMETER_HEADERS = ['authorization', 'x-api-key', 'accept-language'] as const;

/** A close reason is at most 123 bytes (RFC 6455). */
const closeReason = (error: ApiError) => `${error.code}: ${error.detail}`.slice(0, 120);

/**
 * The headers an operation on this socket is read with: the upgrade's, with the connection_init
 * payload's `Authorization`, `X-API-Key` and `Accept-Language` over them (a browser's WebSocket
 * cannot set headers; a key never goes in the URL).
 */
function headersOf(request: FastifyRequest, params: Record<string, unknown> | undefined) {
  const headers: Record<string, string | string[] | undefined> = { ...request.headers };
  for (const [name, value] of Object.entries(params ?? {})) {
    const header = name.toLowerCase() as (typeof PARAMETER_HEADERS)[number];
    if (PARAMETER_HEADERS.includes(header) && typeof value === 'string') {
      headers[header] = value;
    }
  }
  return headers;
}

/** The HTTP request as the operation's context sees it: its address, the socket's headers. */
const requestWith = (request: FastifyRequest, headers: FastifyRequest['headers']) =>
  Object.assign(Object.create(request) as FastifyRequest, { headers });

type Envelope = ReturnType<YogaServerInstance<DoorContext, ExecutionContext>['getEnveloped']>;
type RootValue = Pick<Envelope, 'execute' | 'subscribe'>;

/**
 * GraphQL over WebSocket (the graphql-ws protocol) on /graphql's port: the same schema, plugins,
 * context and access policy as over HTTP (yoga's envelope). The key comes in the upgrade's
 * headers or the connection_init payload (`{ "Authorization": "Bearer ..." }`); a connection
 * without a good key is closed with 4403 and the error's code as its reason.
 */
export async function graphqlWebSocket(
  app: FastifyInstance,
  options: { yoga: YogaServerInstance<DoorContext, ExecutionContext>; gate: Gate },
) {
  await app.register(websocket, { options: { maxPayload: GRAPHQL_LIMITS.maxBodyBytes } });
  const sockets = new WebSocketServer({ noServer: true });
  const requests = new WeakMap<IncomingMessage, FastifyRequest>();
  const requestOf = (raw: IncomingMessage) => requests.get(raw) as FastifyRequest;

  useServer<Record<string, unknown>>(
    {
      isProd: true,
      execute: (args: ExecutionArgs) => (args.rootValue as RootValue).execute(args),
      subscribe: (args: ExecutionArgs) => (args.rootValue as RootValue).subscribe(args),
      onConnect: async (ctx) => {
        const request = requestOf(ctx.extra.request);
        const headers = headersOf(request, ctx.connectionParams);
        try {
          await options.gate.check(rawKeyOf(headers), request.ip);
          return true;
        } catch (error) {
          const refusal =
            error instanceof ApiError ? error : new ApiError('internal_error', 'Unexpected error');
          ctx.extra.socket.close(CloseCode.Forbidden, closeReason(refusal));
          return false;
        }
      },
      onSubscribe: async (ctx, _id, payload) => {
        const request = requestOf(ctx.extra.request);
        const req = requestWith(request, headersOf(request, ctx.connectionParams));
        // graphql-ws sends each payload of a deferred or streamed answer as a `next` message.
        const operation = new OperationRecord({ addressCounted: false, streams: true });
        const envelope = options.yoga.getEnveloped({ req, operation, params: payload });
        let document: DocumentNode;
        try {
          // The same shape check as over HTTP (routes.ts), before anything reads the variables.
          checkOperationShape(payload);
          document = envelope.parse(payload.query);
        } catch (error) {
          if (error instanceof ApiError) {
            return [graphqlErrorOf(error)];
          }
          if (error instanceof GraphQLError) {
            return [error];
          }
          throw error;
        }
        const args = {
          schema: envelope.schema,
          operationName: payload.operationName ?? null,
          document,
          variableValues: payload.variables ?? null,
          contextValue: await envelope.contextFactory(),
          rootValue: { execute: envelope.execute, subscribe: envelope.subscribe },
        };
        const errors = envelope.validate(args.schema, args.document);
        return errors.length > 0 ? errors : args;
      },
    },
    sockets,
  );
  // @fastify/websocket closes every socket when the server closes.
  /** The GET /graphql route's handler of an upgraded request. */
  return (socket: WebSocket, request: FastifyRequest) => {
    requests.set(request.raw, request);
    sockets.emit('connection', socket, request.raw);
  };
}
