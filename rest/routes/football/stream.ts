import { PassThrough } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Deps } from '../../../src/deps.js';
import { ApiError } from '../../../src/errors/api-error.js';
import { negotiateLanguage } from '../../../src/http/language.js';
import { rawKeyOf } from '../../../src/policy/raw-key.js';
import { leaseStream, type Push } from '../../../src/push/push.js';
import { openChangeStream } from '../../stream/change-stream.js';

/** DECISIONS.md "Push": at most 50 matches per stream. */
const MAX_MATCHES = 50;

const StreamQuery = Type.Object({
  matchId: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,10}(,[0-9]{1,10})*$',
      maxLength: 600,
      description: `Match ids, comma separated (at most ${MAX_MATCHES}); none: every live match.`,
    }),
  ),
  competitionId: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,10}(,[0-9]{1,10})*$',
      maxLength: 600,
      description:
        'Competition ids, comma separated: the changes of their matches and a `standings` event ' +
        'whenever one of them moves the live table of the current season (docs/push.md).',
    }),
  ),
});

const invalid = (parameter: string, detail: string) =>
  new ApiError('invalid_parameter', detail, { parameter });

function parseLastEventId(value: string | string[] | undefined): bigint | null {
  if (value === undefined) {
    return null;
  }
  if (typeof value !== 'string' || !/^[0-9]{1,18}$/.test(value)) {
    throw invalid('Last-Event-ID', "Header 'Last-Event-ID' must be the id of an event (digits)");
  }
  return BigInt(value);
}

/** The `competitionId` list, each a known competition (400 naming the parameter otherwise). */
async function checkCompetitions(
  deps: Deps,
  value: string | undefined,
): Promise<ReadonlySet<number> | null> {
  const ids = value?.split(',').map(Number);
  if (!ids) {
    return null;
  }
  if (ids.length > MAX_MATCHES) {
    throw invalid('competitionId', `At most ${MAX_MATCHES} competition ids per stream`);
  }
  const catalogue = await deps.services.competitions.catalogue();
  const unknown = ids.filter((id) => !catalogue.byId.has(id));
  if (unknown.length > 0) {
    throw invalid('competitionId', `Unknown competition ids: ${unknown.slice(0, 10).join(', ')}`);
  }
  return new Set(ids);
}

interface StreamRouteOptions {
  deps: Deps;
  push: Push;
  /** How long a stream stays open (STREAM_MAX_MS). */
  maxMs: number;
}

/**
 * `GET /v1/football/stream` (DECISIONS.md "Push", docs/push.md): Server-Sent Events of the
 * changes of the followed matches. Opening it is one request on the minute and one unit of the
 * day, as any plan route; its events are free.
 */
export async function streamRoutes(fastify: FastifyInstance, options: StreamRouteOptions) {
  const { deps } = options;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { hub, values } = options.push;

  app.get(
    '/stream',
    {
      config: { access: 'plan', translated: true },
      compress: false,
      schema: {
        querystring: StreamQuery,
        response: {
          200: {
            description:
              'text/event-stream: `change`, `standings`, `reset` and `error` events (docs/push.md)',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
        },
      },
    },
    async (request, reply) => {
      const lastEventId = parseLastEventId(request.headers['last-event-id']);
      const ids = request.query.matchId?.split(',').map(Number);
      if (ids && ids.length > MAX_MATCHES) {
        throw invalid('matchId', `At most ${MAX_MATCHES} match ids per stream`);
      }
      if (ids) {
        const found = await deps.services.matches.getByIds(ids);
        const unknown = ids.filter((id) => !found.has(id));
        if (unknown.length > 0) {
          throw invalid('matchId', `Unknown match ids: ${unknown.slice(0, 10).join(', ')}`);
        }
      }
      const competitionIds = await checkCompetitions(deps, request.query.competitionId);
      const pass = request.pass;
      const lease = pass ? await leaseStream(deps.access.streams, pass.principal) : null;
      const out = new PassThrough();
      // The lease goes back if the stream cannot open (the database is away, say).
      const stream = await openChangeStream(
        hub,
        values,
        {
          matchIds: ids ? new Set(ids) : null,
          competitionIds,
          lastEventId,
          analysis: pass?.principal.account.limits.analysis ?? false,
          language: negotiateLanguage(request),
          maxMs: options.maxMs,
          watchKey: (refused) =>
            options.push.watchKey(rawKeyOf(request.headers), request.ip, refused),
        },
        out,
      ).catch(async (error: unknown) => {
        await lease?.release();
        throw error;
      });
      const forget = options.push.track(stream, 'sse');
      const closed = () => {
        stream.close();
        forget();
        void lease?.release();
      };
      request.raw.once('close', closed);
      out.once('close', closed);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('x-accel-buffering', 'no')
          // The socket closes with the stream (its time is up, the server shuts down): a client
          // reconnects after `retry` anyway, and a keep-alive socket left behind would hold a
          // shutdown until its idle timeout (found by the /live page's test: 70 s).
          .header('connection', 'close')
          // The body is the stream itself; the schema above only documents its text for OpenAPI.
          .send(out as unknown as string)
      );
    },
  );
}
