import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Services } from '../../../src/deps.js';
import { negotiateLanguage } from '../../../src/http/language.js';
import { Envelope, envelope } from '../../../src/wire/envelope.js';
import { presentPlayer } from '../../../src/wire/presenters/players.js';
import { Player } from '../../../src/wire/schemas/players.js';
import { PlayerIdParams } from '../../schemas/params.js';

/** Issue 49: players by id; one unit of the plan quota, names in the requested language. */
export async function playersRoutes(
  fastify: FastifyInstance,
  { services }: { services: Services },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  /** Read from the raw request: the replay path asks before validation. */
  const lastModifiedOf = (request: FastifyRequest) => {
    const playerId = Number((request.params as { playerId?: unknown }).playerId);
    return Number.isSafeInteger(playerId)
      ? services.playerVersions.lastModified(playerId)
      : undefined;
  };
  app.get(
    '/players/:playerId',
    {
      config: { access: 'plan', translated: true, lastModifiedOf },
      schema: { params: PlayerIdParams, response: { 200: Envelope(Player) } },
    },
    async (request) =>
      envelope(
        presentPlayer(
          await services.players.getById(request.params.playerId),
          negotiateLanguage(request),
        ),
      ),
  );
}
