import type { Static } from 'typebox';
import type { TipsDistributionEntry } from '../../../analysis/tips-distribution.js';
import type { ReportKind } from '../../../football/analysis/ai-report.js';
import type { MatchRecord } from '../../../football/match-record.js';
import type { Language } from '../../../i18n/language.js';
import { presentAiReport } from '../../../wire/presenters/analysis.js';
import type { AiReport } from '../../../wire/schemas/analysis.js';
import { billedChild } from '../../charging/billed-resolver.js';
import { BILLING, costExtensions, type FieldBilling } from '../../charging/field-billing.js';
import { type BuilderTypes, builder } from '../builder.js';
import type { ResolverContext } from '../context.js';
import { parseOnce } from '../memo.js';
import {
  CornerAnalysisType,
  HandicapAnalysisType,
  OverUnderAnalysisType,
} from './analysis-documents.js';
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

/** A stored analysis document (handicap, over-under, corners): the REST `data` document. */
const parseDocument = parseOnce();
// biome-ignore lint/suspicious/noExplicitAny: the stored text is the wire document its type names (written by src/analysis, validated by the REST route's schema)
const storedDocument = (text: string | null): any => (text === null ? null : parseDocument(text));

type Context = ResolverContext;
const handicapOf = async (m: MatchRecord, _a: object, ctx: Context) =>
  storedDocument(await ctx.loaders.marketAnalysis('hdp').load(m.id));
const overUnderOf = async (m: MatchRecord, _a: object, ctx: Context) =>
  storedDocument(await ctx.loaders.marketAnalysis('hilo').load(m.id));
const cornersOf = async (m: MatchRecord, _a: object, ctx: Context) =>
  storedDocument(await ctx.loaders.corners.load(m.id));

const typedDocument = (path: string) =>
  `GET /matches/{matchId}/analysis/${path}: one unit (the same request as the JSON field; both ` +
  'selected count once). Every field of the REST `data` document, typed. Null when not computed ' +
  'yet (REST 404, charged alike).';

type AnalysisFieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, MatchRecord>;

/** The untyped form these analyses first had: kept for existing clients, deprecated. */
function jsonDocument(
  t: AnalysisFieldBuilder,
  path: string,
  typed: string,
  billing: FieldBilling,
  resolve: (m: MatchRecord, a: object, ctx: Context) => Promise<unknown>,
) {
  return t.field({
    type: 'JSON',
    nullable: true,
    description: `GET /matches/{matchId}/analysis/${path}: one unit; the REST \`data\` document as JSON.`,
    deprecationReason: `Use \`${typed}\`: the same document, typed (the same unit).`,
    ...costExtensions({ billing }),
    resolve: billedChild(billing, resolve),
  });
}

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
    handicap: jsonDocument(t, 'handicap', 'handicapAnalysis', BILLING.handicap, handicapOf),
    overUnder: jsonDocument(t, 'over-under', 'overUnderAnalysis', BILLING.overUnder, overUnderOf),
    corners: jsonDocument(t, 'corners', 'cornerAnalysis', BILLING.corners, cornersOf),
    handicapAnalysis: t.field({
      type: HandicapAnalysisType,
      nullable: true,
      description: typedDocument('handicap'),
      ...costExtensions({ billing: BILLING.handicap }),
      resolve: billedChild(BILLING.handicap, handicapOf),
    }),
    overUnderAnalysis: t.field({
      type: OverUnderAnalysisType,
      nullable: true,
      description: typedDocument('over-under'),
      ...costExtensions({ billing: BILLING.overUnder }),
      resolve: billedChild(BILLING.overUnder, overUnderOf),
    }),
    cornerAnalysis: t.field({
      type: CornerAnalysisType,
      nullable: true,
      description: typedDocument('corners'),
      ...costExtensions({ billing: BILLING.corners }),
      resolve: billedChild(BILLING.corners, cornersOf),
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
