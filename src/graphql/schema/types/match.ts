import type { Static } from 'typebox';
import { ApiError } from '../../../errors/api-error.js';
import type { MatchRecord, TeamRecord } from '../../../football/match-record.js';
import {
  competitionRef,
  logoUrl,
  nameIn,
  type pageMeta,
  presentMatch,
} from '../../../wire/presenters/match.js';
import type { CardCount, CompetitionRef, Match } from '../../../wire/schemas/matches.js';
import { builder } from '../builder.js';
import type { ResolverContext } from '../context.js';
import { NodeInterface } from '../node/node-interface.js';
import { MatchStatusEnum } from './enums.js';

type MatchWire = Static<typeof Match>;

/** A record's payload as presented in one language with one assets URL. */
interface Presented {
  language: string;
  assetsUrl: string;
  wire: MatchWire;
}

/**
 * Presented payloads per record (records may be shared across requests), one per language and
 * assets URL: a list compared by identity, since every field of a match reads it and building a
 * string key per read cost more than the lookup.
 */
const presented = new WeakMap<MatchRecord, Presented[]>();

/**
 * The REST payload of a match, built once per record and language: every `Match` field reads
 * it, so GraphQL and REST say the same thing about the same data.
 */
export function wireOf(match: MatchRecord, ctx: ResolverContext): MatchWire {
  const { language, assetsUrl } = ctx;
  let kept = presented.get(match);
  if (!kept) {
    kept = [];
    presented.set(match, kept);
  }
  for (const entry of kept) {
    if (entry.language === language && entry.assetsUrl === assetsUrl) {
      return entry.wire;
    }
  }
  const wire = presentMatch(match, { language, assetsUrl });
  kept.push({ language, assetsUrl, wire });
  return wire;
}

/** A team record as the graph shows it: its id, name in the operation's language and logo. */
export const teamView = (team: TeamRecord, ctx: ResolverContext): TeamView => ({
  id: team.id,
  name: nameIn(team.names, ctx.language),
  logo: logoUrl(ctx.assetsUrl, team.nameOriginal),
});

/** A competition record as the graph shows it. */
export const competitionView = (
  competition: MatchRecord['competition'],
  ctx: ResolverContext,
): CompetitionView => ({ ...competitionRef(competition, ctx.language), id: competition.id });

/** A competition as a payload shows it, with the id the data model keeps for it. */
export type CompetitionView = Static<typeof CompetitionRef> & { id: number };
/** A team as a payload names it, with its id. */
export type TeamNameView = { id: number; name: string };

export const CompetitionType = builder.objectRef<CompetitionView>('Competition').implement({
  interfaces: [NodeInterface],
  description:
    'Name in the negotiated language, and as the source wrote it. `id` is the same competition ' +
    'wherever it appears (a normalised client cache keys it by `Competition:id`).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name', { nullable: true }),
    nameOriginal: t.exposeString('nameOriginal', { nullable: true }),
  }),
});

export const TeamNameType = builder.objectRef<TeamNameView>('TeamName').implement({
  description: 'A team by name (head-to-head, form); `id` is its id, as on `Team`.',
  fields: (t) => ({ id: t.exposeInt('id'), name: t.exposeString('name') }),
});

export type TeamView = TeamNameView & { logo: string };

export const TeamType = builder.objectRef<TeamView>('Team').implement({
  interfaces: [NodeInterface],
  description:
    'A side of a match: its id, name and logo URL (REST: home/away and homeLogo/awayLogo).',
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    logo: t.exposeString('logo'),
  }),
});

const ScoreType = builder.objectRef<NonNullable<MatchWire['score']>>('Score').implement({
  fields: (t) => ({
    current: t.exposeString('current', { description: '"home-away"' }),
    halfTime: t.exposeString('halfTime', { nullable: true }),
  }),
});

const CardCountType = builder.objectRef<Static<typeof CardCount>>('CardCount').implement({
  fields: (t) => ({
    yellow: t.exposeInt('yellow', { nullable: true }),
    red: t.exposeInt('red', { nullable: true }),
  }),
});

const CardsType = builder.objectRef<NonNullable<MatchWire['cards']>>('Cards').implement({
  fields: (t) => ({
    home: t.expose('home', { type: CardCountType }),
    away: t.expose('away', { type: CardCountType }),
  }),
});

export const MatchType = builder.objectRef<MatchRecord>('Match');

/** The fields of the REST match payload (spec 2.3): reading one under `match(id)` is the detail route. */
MatchType.implement({
  description: 'A match (spec 2.3) and, as fields, its child resources.',
  interfaces: [NodeInterface],
  fields: (t) => ({
    id: t.exposeInt('id'),
    updatedAt: t.field({
      type: 'DateTime',
      description:
        'The last change of the match or of any child resource (events, odds, lineups ...), to ' +
        'the millisecond; REST `Last-Modified` is the same instant in whole seconds, per route.',
      resolve: async (m, _a, ctx) => {
        const at = await ctx.loaders.updatedAt.load(m.id);
        if (!at) {
          throw new ApiError('not_found', `Match ${m.id} was deleted`);
        }
        return at;
      },
    }),
    competition: t.field({
      type: CompetitionType,
      resolve: (m, _a, ctx) => ({ ...wireOf(m, ctx).competition, id: m.competition.id }),
    }),
    home: t.field({
      type: TeamType,
      resolve: (m, _a, ctx) => ({
        id: m.home.id,
        name: wireOf(m, ctx).home.name,
        logo: wireOf(m, ctx).homeLogo,
      }),
    }),
    away: t.field({
      type: TeamType,
      resolve: (m, _a, ctx) => ({
        id: m.away.id,
        name: wireOf(m, ctx).away.name,
        logo: wireOf(m, ctx).awayLogo,
      }),
    }),
    status: t.field({ type: MatchStatusEnum, resolve: (m) => m.status }),
    minute: t.string({
      nullable: true,
      description: 'Live only: "67", "HT", "45+2".',
      resolve: (m, _a, ctx) => wireOf(m, ctx).minute ?? null,
    }),
    score: t.field({
      type: ScoreType,
      nullable: true,
      resolve: (m, _a, ctx) => wireOf(m, ctx).score ?? null,
    }),
    corners: t.string({ nullable: true, resolve: (m, _a, ctx) => wireOf(m, ctx).corners ?? null }),
    cards: t.field({
      type: CardsType,
      nullable: true,
      resolve: (m, _a, ctx) => wireOf(m, ctx).cards ?? null,
    }),
    kickoffUtc: t.field({ type: 'DateTime', resolve: (m) => m.kickoffUtc }),
    round: t.string({ nullable: true, resolve: (m, _a, ctx) => wireOf(m, ctx).round ?? null }),
    venue: t.string({ nullable: true, resolve: (m, _a, ctx) => wireOf(m, ctx).venue ?? null }),
  }),
});

export interface MatchPage {
  items: MatchRecord[];
  meta: ReturnType<typeof pageMeta>;
}

const PageInfoType = builder.objectRef<MatchPage['meta']>('PageInfo').implement({
  description: 'Spec 2.2 page meta: totalPages is 0 for an empty result.',
  fields: (t) => ({
    page: t.exposeInt('page'),
    pageSize: t.exposeInt('pageSize'),
    total: t.exposeInt('total'),
    totalPages: t.exposeInt('totalPages'),
  }),
});

export const MatchPageType = builder.objectRef<MatchPage>('MatchPage').implement({
  fields: (t) => ({
    items: t.expose('items', { type: [MatchType] }),
    pageInfo: t.expose('meta', { type: PageInfoType }),
  }),
});
