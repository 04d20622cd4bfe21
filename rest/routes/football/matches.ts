import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { tags } from '../../../src/changes/change-summary.js';
import type { Services } from '../../../src/deps.js';
import { parseFilter, parseListQuery } from '../../../src/football/match-query.js';
import { listWindow } from '../../../src/football/matches.js';
import type { ChangeResource } from '../../../src/football/vocabulary.js';
import { negotiateLanguage } from '../../../src/http/language.js';
import { Envelope, envelope } from '../../../src/wire/envelope.js';
import { pageMeta, presentMatch } from '../../../src/wire/presenters/match.js';
import { presentEvents, presentStatistics } from '../../../src/wire/presenters/match-details.js';
import { presentH2h } from '../../../src/wire/presenters/match-h2h.js';
import {
  HeadToHead,
  Lineups,
  MatchEvent,
  MatchStatistic,
} from '../../../src/wire/schemas/match-details.js';
import { Match, MatchPageEnvelope } from '../../../src/wire/schemas/matches.js';
import { LiveQuery, MatchListQuery } from '../../schemas/match-query.js';
import { MatchIdParams } from '../../schemas/params.js';

interface MatchesRouteOptions {
  services: Services;
  /** `{assets_url}` (config ASSETS_URL): team logos live under it. */
  assetsUrl: string;
  now: () => Date;
}

/** Child routes: plan quota (spec 8.2 rule 4); their part-4 rows declare no 400, so a bad id is 404. */
const CHILD = { access: 'plan', invalidPathIsNotFound: true, translated: true } as const;
/** A child route whose payload shows these match resources (`Last-Modified`, docs/live.md). */
const showing = (...lastModified: ChangeResource[]) => ({ ...CHILD, lastModified });
const child = <T extends Parameters<typeof Envelope>[0]>(data: T) => ({
  params: MatchIdParams,
  response: { 200: Envelope(data) },
});

/** Spec 4.2: match routes. Names follow Accept-Language (DECISIONS.md "Languages"). */
export async function matchesRoutes(fastify: FastifyInstance, options: MatchesRouteOptions) {
  const { services, assetsUrl, now } = options;
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const present = (language: ReturnType<typeof negotiateLanguage>) => ({ language, assetsUrl });

  app.get(
    '/matches/live',
    {
      config: { access: 'plan', translated: true, sourceFreshness: 'matches' },
      schema: { querystring: LiveQuery, response: { 200: Envelope(Type.Array(Match)) } },
    },
    async (request) => {
      const options = present(negotiateLanguage(request));
      const live = await services.matches.listLive(parseFilter(request.query));
      // 503 for a live match of a silent source, 502 for a refused one (docs/sources/freshness.md).
      await services.freshness.checkMatches(live);
      request.cacheTags = [tags.live];
      return envelope(live.map((m) => presentMatch(m, options)));
    },
  );

  app.get(
    '/matches',
    {
      config: {
        access: 'matchList',
        translated: true,
        sourceFreshness: 'matches',
        // Without `date` (or a range) the list is "today", which moves: the cache must see which
        // day it was.
        cacheVary: (request) =>
          parseListQuery(request.query as Static<typeof MatchListQuery>, now()).date,
      },
      schema: { querystring: MatchListQuery, response: { 200: MatchPageEnvelope } },
    },
    async (request) => {
      const options = present(negotiateLanguage(request));
      const query = parseListQuery(request.query, now());
      const page = await services.matches.list(query);
      await services.freshness.checkMatches(page.items);
      // A range is tagged with every date of its window (change-summary.ts `tags.window`).
      const { from, to } = listWindow(query);
      request.cacheTags = [
        tags.anyDay,
        ...tags.window(from, to),
        ...page.items.map((m) => tags.match(m.id, 'detail')),
      ];
      return {
        data: page.items.map((m) => presentMatch(m, options)),
        meta: pageMeta(query.page, query.pageSize, page.total),
      };
    },
  );

  app.get(
    '/matches/:matchId',
    { config: showing('detail', 'reference'), schema: child(Match) },
    async (request) => {
      const match = await services.matches.getById(request.params.matchId);
      return envelope(presentMatch(match, present(negotiateLanguage(request))));
    },
  );

  app.get(
    '/matches/:matchId/events',
    { config: showing('events'), schema: child(Type.Array(MatchEvent)) },
    async (request) =>
      envelope(presentEvents(await services.matchEvents.eventsForMatch(request.params.matchId))),
  );

  app.get(
    '/matches/:matchId/statistics',
    { config: showing('statistics'), schema: child(Type.Array(MatchStatistic)) },
    async (request) =>
      envelope(
        presentStatistics(await services.matchEvents.statisticsForMatch(request.params.matchId)),
      ),
  );

  app.get(
    '/matches/:matchId/h2h',
    { config: CHILD, schema: child(HeadToHead) },
    async (request) => {
      const h2h = await services.headToHead.h2hForMatch(request.params.matchId);
      request.cacheTags = [
        tags.anyH2h,
        tags.team(h2h.home.id),
        tags.team(h2h.away.id),
        tags.match(request.params.matchId, 'detail'),
      ];
      return envelope(presentH2h(h2h, negotiateLanguage(request)));
    },
  );

  app.get(
    '/matches/:matchId/lineups',
    { config: showing('lineups'), schema: child(Lineups) },
    async (request) => envelope(await services.lineups.wireForMatch(request.params.matchId)),
  );
}
