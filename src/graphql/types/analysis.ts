import type { Static } from 'typebox';
import type { TipsDistributionEntry } from '../../analysis/tips-distribution.js';
import type { Language } from '../../i18n/language.js';
import type { ReportKind } from '../../services/ai-report.js';
import type { MatchRecord } from '../../services/match-record.js';
import { presentAiReport } from '../../wire/presenters/analysis.js';
import type { AiReport } from '../../wire/schemas/analysis.js';
import { billedChild } from '../billed.js';
import { BILLING, costExtensions, type FieldBilling } from '../billing.js';
import { builder } from '../builder.js';
import { parseOnce } from '../memo.js';
import { LanguageEnum, OddsMarketEnum, ReportKindEnum } from './enums.js';
import { MatchType } from './match.js';

const AiReportType = builder.objectRef<Static<typeof AiReport>>('AiReport').implement({
  description: 'A published AI report, in the language `language` names.',
  fields: (t) => ({
    matchId: t.exposeInt('matchId'),
    kind: t.expose('kind', { type: ReportKindEnum }),
    language: t.expose('language', { type: LanguageEnum, description: 'The language served.' }),
    text: t.exposeString('text'),
    publishedAt: t.expose('publishedAt', { type: 'DateTime', nullable: true }),
  }),
});

const TipSelectionType = builder
  .objectRef<TipsDistributionEntry['selections'][number]>('TipSelection')
  .implement({
    fields: (t) => ({
      selection: t.exposeString('selection'),
      count: t.exposeInt('count'),
      percent: t.exposeFloat('percent', { description: 'Percent of `tips`, 2 decimals.' }),
    }),
  });

const TipsEntryType = builder.objectRef<TipsDistributionEntry>('TipsDistributionEntry').implement({
  description: 'Only samples of more than ten tips are reported.',
  fields: (t) => ({
    betType: t.expose('betType', { type: OddsMarketEnum }),
    line: t.exposeFloat('line', { nullable: true }),
    tips: t.exposeInt('tips'),
    selections: t.expose('selections', { type: [TipSelectionType] }),
  }),
});

const report = (kind: ReportKind, billing: FieldBilling) =>
  billedChild(
    billing,
    async (m: MatchRecord, args: { language?: Language | null | undefined }, ctx) => {
      const language = args.language ?? ctx.language;
      const found = await ctx.loaders.aiReport({ kind, language }).load(m.id);
      return found ? presentAiReport(found) : null;
    },
  );

/** A stored analysis document (handicap, over-under, corners): the REST `data` as JSON. */
const parseDocument = parseOnce();
const storedDocument = (text: string | null): unknown =>
  text === null ? null : parseDocument(text);

const documentField = (description: string) =>
  `${description} Null when not computed yet (REST 404, charged alike). docs/analysis.md has its shape.`;

/**
 * Paid analysis (Plus and Pro). Every field is nullable: on a Free key each resolves to null with
 * `tier_insufficient` and costs nothing (DECISIONS.md "GraphQL").
 */
const MatchAnalysisType = builder.objectRef<MatchRecord>('MatchAnalysis').implement({
  fields: (t) => ({
    aiBasic: t.field({
      type: AiReportType,
      nullable: true,
      description: 'GET /matches/{matchId}/analysis/ai-basic: one unit per language.',
      args: { language: t.arg({ type: LanguageEnum, description: 'Default: Accept-Language.' }) },
      ...costExtensions({ billing: BILLING.aiBasic }),
      resolve: report('basic', BILLING.aiBasic),
    }),
    aiDeep: t.field({
      type: AiReportType,
      nullable: true,
      description: 'GET /matches/{matchId}/analysis/ai-deep: one unit per language.',
      args: { language: t.arg({ type: LanguageEnum, description: 'Default: Accept-Language.' }) },
      ...costExtensions({ billing: BILLING.aiDeep }),
      resolve: report('deep', BILLING.aiDeep),
    }),
    tipsDistribution: t.field({
      type: [TipsEntryType],
      nullable: true,
      description: 'GET /matches/{matchId}/analysis/tips-distribution: one unit.',
      ...costExtensions({ billing: BILLING.tipsDistribution }),
      resolve: billedChild(BILLING.tipsDistribution, (m, _a, ctx) => ctx.loaders.tips.load(m.id)),
    }),
    handicap: t.field({
      type: 'JSON',
      nullable: true,
      description: documentField('GET /matches/{matchId}/analysis/handicap: one unit.'),
      ...costExtensions({ billing: BILLING.handicap }),
      resolve: billedChild(BILLING.handicap, async (m, _a, ctx) =>
        storedDocument(await ctx.loaders.marketAnalysis('hdp').load(m.id)),
      ),
    }),
    overUnder: t.field({
      type: 'JSON',
      nullable: true,
      description: documentField('GET /matches/{matchId}/analysis/over-under: one unit.'),
      ...costExtensions({ billing: BILLING.overUnder }),
      resolve: billedChild(BILLING.overUnder, async (m, _a, ctx) =>
        storedDocument(await ctx.loaders.marketAnalysis('hilo').load(m.id)),
      ),
    }),
    corners: t.field({
      type: 'JSON',
      nullable: true,
      description: documentField('GET /matches/{matchId}/analysis/corners: one unit.'),
      ...costExtensions({ billing: BILLING.corners }),
      resolve: billedChild(BILLING.corners, async (m, _a, ctx) =>
        storedDocument(await ctx.loaders.corners.load(m.id)),
      ),
    }),
  }),
});

builder.objectFields(MatchType, (t) => ({
  analysis: t.field({
    type: MatchAnalysisType,
    description: 'Paid analysis (Plus and Pro); each field below costs one unit.',
    ...costExtensions({ container: true }),
    resolve: (m) => m,
  }),
}));
