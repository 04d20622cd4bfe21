import { PassThrough } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Deps } from '../../../src/deps.js';
import { ApiError } from '../../../src/errors/api-error.js';
import { negotiateLanguage } from '../../../src/http/language.js';
import type { Principal } from '../../../src/policy/access-policy.js';
import { rawKeyOf } from '../../../src/policy/raw-key.js';
import { STREAMS_PER_TIER } from '../../../src/policy/stream-leases.js';
import { createChangeHub } from '../../../src/push/change-hub.js';
import { openChangeStream } from '../../../src/push/change-stream.js';
import { createChangeValues } from '../../../src/push/change-values.js';

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

export interface StreamRouteOptions {
  deps: Deps;
  assetsUrl: string;
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
  const hub = createChangeHub(deps.database.prisma, deps.events);
  const values = createChangeValues(deps.services, options.assetsUrl);
  const open = new Set<{ close: () => void }>();
  app.addHook('preClose', async () => {
    for (const stream of open) {
      stream.close();
    }
  });
  app.addHook('onClose', async () => {
    hub.close();
    values.close();
  });

  /** One of the account's concurrent streams, or 429 when it holds them all (DECISIONS.md). */
  async function leaseFor(principal: Principal) {
    const { accountId, tier } = principal.account;
    const limit = STREAMS_PER_TIER[tier];
    const lease = await deps.access.streams.acquire(accountId, limit);
    if (!lease) {
      throw new ApiError(
        'rate_limited',
        `At most ${limit} concurrent streams on the ${tier} plan: close one first`,
      );
    }
    return lease;
  }

  app.get(
    '/stream',
    {
      config: { access: 'plan', translated: true },
      compress: false,
      schema: {
        querystring: StreamQuery,
        response: {
          200: {
            description: 'text/event-stream: `change`, `reset` and `error` events (docs/push.md)',
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
      const pass = request.pass;
      const lease = pass ? await leaseFor(pass.principal) : null;
      const out = new PassThrough();
      // The lease goes back if the stream cannot open (the database is away, say).
      const stream = await openChangeStream(
        hub,
        values,
        {
          matchIds: ids ? new Set(ids) : null,
          lastEventId,
          analysis: pass?.principal.account.limits.analysis ?? false,
          language: negotiateLanguage(request),
          maxMs: options.maxMs,
          revalidate: async () => {
            const again = await deps.access.gate.open(rawKeyOf(request.headers), request.ip);
            await again.allow('plan');
          },
        },
        out,
      ).catch(async (error: unknown) => {
        await lease?.release();
        throw error;
      });
      open.add(stream);
      const closed = () => {
        stream.close();
        open.delete(stream);
        void lease?.release();
      };
      request.raw.once('close', closed);
      out.once('close', closed);
      return (
        reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('x-accel-buffering', 'no')
          // The body is the stream itself; the schema above only documents its text for OpenAPI.
          .send(out as unknown as string)
      );
    },
  );
}
