import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Services } from '../../../src/deps.js';
import { parseBookmakerRef } from '../../../src/football/odds/movement.js';
import type { ChangeResource } from '../../../src/football/vocabulary.js';
import { Envelope, envelope } from '../../../src/wire/envelope.js';
import { presentMovement, presentRegionalBoard } from '../../../src/wire/presenters/odds.js';
import {
  Bookmaker,
  BookmakerOdds,
  ExchangeBody,
  OddsMovement,
  RegionalBoard,
} from '../../../src/wire/schemas/odds.js';
import { KellyIndex } from '../../../src/wire/schemas/odds-kelly.js';
import { sendJsonText } from '../../json-text.js';
import { MatchIdParams, MovementParams } from '../../schemas/params.js';

/** Rows of spec 4.3 without a 400: a malformed path id names no resource, so it is a 404. */
const CHILD = { access: 'plan', invalidPathIsNotFound: true } as const;
/** A child route whose payload shows these match resources (`Last-Modified`, docs/live.md). */
const showing = (...lastModified: ChangeResource[]) => ({ ...CHILD, lastModified });

/** Spec 4.3: odds routes (docs/rest/odds-analysis.md). */
export async function oddsRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/odds/bookmakers',
    {
      config: { access: 'plan', showsNoMatchData: true },
      schema: {
        response: { 200: Envelope(Type.Array(Bookmaker)) },
      },
    },
    async () => envelope(await services.bookmakers.list()),
  );
  app.get(
    '/matches/:matchId/odds',
    {
      config: showing('odds', 'reference'),
      schema: {
        params: MatchIdParams,
        response: { 200: Envelope(Type.Array(BookmakerOdds)) },
      },
    },
    async (req) => envelope(await services.odds.getWireForMatch(req.params.matchId)),
  );
  app.get(
    '/matches/:matchId/odds/exchange',
    {
      config: { ...showing('exchange'), sourceFreshness: 'exchange' },
      schema: {
        params: MatchIdParams,
        response: { 200: ExchangeBody },
      },
    },
    async (req, reply) => {
      // 502 while a source of this match has its newest exchange answer refused.
      await services.freshness.checkExchange(req.params.matchId);
      return sendJsonText(reply, await services.exchangeOdds.getForMatch(req.params.matchId));
    },
  );
  app.get(
    '/matches/:matchId/odds/kelly',
    {
      config: showing('odds', 'reference'),
      schema: { params: MatchIdParams, response: { 200: Envelope(KellyIndex) } },
    },
    async (req) => envelope(await services.kellyIndex.getForMatch(req.params.matchId)),
  );
  app.get(
    '/matches/:matchId/odds/regional',
    {
      config: showing('regional'),
      schema: {
        params: MatchIdParams,
        response: { 200: Envelope(Type.Union([RegionalBoard, Type.Null()])) },
      },
    },
    async (req) =>
      envelope(presentRegionalBoard(await services.regionalBoards.getForMatch(req.params.matchId))),
  );
  // This row declares 400: a malformed matchId or market is 400 naming it (DECISIONS.md "Matches").
  app.get(
    '/matches/:matchId/odds/:market/:bookmaker',
    {
      config: { access: 'plan', lastModified: ['movement', 'reference'] },
      schema: {
        params: MovementParams,
        response: { 200: Envelope(OddsMovement) },
      },
    },
    async (req) => {
      const { matchId, market, bookmaker } = req.params;
      const movement = await services.oddsMovements.getForMatch(
        matchId,
        market,
        parseBookmakerRef(bookmaker),
      );
      return envelope(presentMovement(movement));
    },
  );
}
