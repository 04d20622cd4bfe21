import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type, { type TSchema } from 'typebox';
import type { Services } from '../../../src/deps.js';
import type { ReportKind } from '../../../src/football/analysis/ai-report.js';
import { negotiateLanguage, setContentLanguage } from '../../../src/http/language.js';
import { Envelope, envelope, envelopeText } from '../../../src/wire/envelope.js';
import { presentAiReport } from '../../../src/wire/presenters/analysis.js';
import { AiReport, TipsDistributionEntry } from '../../../src/wire/schemas/analysis.js';
import { CornerAnalysis } from '../../../src/wire/schemas/analysis-corners.js';
import { HandicapAnalysis, OverUnderAnalysis } from '../../../src/wire/schemas/analysis-market.js';
import { sendJsonText } from '../../json-text.js';
import { MatchIdParams } from '../../schemas/params.js';

/** Spec 4.4: Plus/Pro only; the rows declare 400, so a malformed matchId is 400 naming it. */
/** Paid analysis; every document is logged as `analysis` (`Last-Modified`, docs/live.md). */
const ANALYSIS = { access: 'analysis', lastModified: ['analysis'] } as const;
const schemaOf = <T extends TSchema>(data: T) => ({
  params: MatchIdParams,
  response: { 200: Envelope(data) },
});

/** Spec 4.4: analysis routes (docs/rest/odds-analysis.md). */
export async function analysisRoutes(
  fastify: FastifyInstance,
  { services }: { services: Services },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  for (const kind of ['basic', 'deep'] as const satisfies readonly ReportKind[]) {
    app.get(
      `/matches/:matchId/analysis/ai-${kind}`,
      { config: ANALYSIS, schema: schemaOf(AiReport) },
      async (req, reply) => {
        const requested = negotiateLanguage(req);
        const report = await services.aiReports.getForMatch(req.params.matchId, kind, requested);
        setContentLanguage(reply, report.language);
        return envelope(presentAiReport(report));
      },
    );
  }

  app.get(
    '/matches/:matchId/analysis/tips-distribution',
    { config: ANALYSIS, schema: schemaOf(Type.Array(TipsDistributionEntry)) },
    async (req) => envelope(await services.tipsDistribution.getForMatch(req.params.matchId)),
  );

  // The stored documents are spliced into the envelope unparsed (fast path); the schemas only
  // document them (OpenAPI), the stored text is what is sent.
  app.get(
    '/matches/:matchId/analysis/handicap',
    { config: ANALYSIS, schema: schemaOf(HandicapAnalysis) },
    async (req, reply) =>
      sendJsonText(
        reply,
        envelopeText(await services.analyses.getMarketText(req.params.matchId, 'hdp')),
      ),
  );
  app.get(
    '/matches/:matchId/analysis/over-under',
    { config: ANALYSIS, schema: schemaOf(OverUnderAnalysis) },
    async (req, reply) =>
      sendJsonText(
        reply,
        envelopeText(await services.analyses.getMarketText(req.params.matchId, 'hilo')),
      ),
  );
  app.get(
    '/matches/:matchId/analysis/corners',
    { config: ANALYSIS, schema: schemaOf(CornerAnalysis) },
    async (req, reply) =>
      sendJsonText(reply, envelopeText(await services.analyses.getCornerText(req.params.matchId))),
  );
}
