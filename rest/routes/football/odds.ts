import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Services } from '../../../src/deps.js';
import { Envelope, envelope } from '../../envelope.js';
import { Bookmaker } from '../../schemas/odds.js';

/** Spec 4.3: odds routes. */
export async function oddsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get(
    '/odds/bookmakers',
    { config: { access: 'plan' }, schema: { response: { 200: Envelope(Type.Array(Bookmaker)) } } },
    async () => envelope(await services.bookmakers.list()),
  );
}
