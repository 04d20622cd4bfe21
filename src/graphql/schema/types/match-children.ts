import type { Static } from 'typebox';
import type { H2hRecord } from '../../../football/h2h-compute.js';
import type { Language } from '../../../i18n/language.js';
import { presentEvents, presentStatistics } from '../../../wire/presenters/match-details.js';
import { presentH2h } from '../../../wire/presenters/match-h2h.js';
import type {
  HeadToHead,
  Lineups,
  MatchEvent,
  MatchStatistic,
} from '../../../wire/schemas/match-details.js';
import { billedChild } from '../../charging/billed-resolver.js';
import { BILLING, costExtensions } from '../../charging/field-billing.js';
import { type BuilderTypes, builder } from '../builder.js';
import type { ResolverContext } from '../context.js';
import { presentOnce } from '../memo.js';
import { NodeInterface } from '../node/node-interface.js';
import { EventTypeEnum, ResultEnum, SideEnum } from './enums.js';
import { CompetitionType, MatchType, TeamNameType } from './match.js';
import { MatchDecisionEnum, MatchWinnerEnum } from './match-result.js';

const eventsOnce = presentOnce(presentEvents);

/** A match's events as the graph shows them: the REST payload, each with its match id. */
export const matchEventsOf = async (matchId: number, ctx: ResolverContext) =>
  eventsOnce(await ctx.loaders.events.load(matchId)).map((event) => ({ ...event, matchId }));
const statisticsOnce = presentOnce(presentStatistics);

/**
 * The REST head-to-head with the ids the data model keeps for its teams and competitions (the
 * REST payload names them only): the same team or competition is one entry in a client's
 * normalised cache wherever it shows.
 */
function h2hView(record: H2hRecord, language: Language) {
  const wire = presentH2h(record, language);
  const withId = <T extends object>(value: T, id: number) => ({ ...value, id });
  const formOf = (entries: H2hWire['form']['home'], records: H2hRecord['form']['home']) =>
    entries.map((entry, i) => {
      const { match, venue } = records[i] as H2hRecord['form']['home'][number];
      return {
        ...entry,
        competition: withId(entry.competition, match.competition.id),
        opponent: withId(entry.opponent, venue === 'home' ? match.away.id : match.home.id),
      };
    });
  return {
    ...wire,
    home: withId(wire.home, record.home.id),
    away: withId(wire.away, record.away.id),
    matches: wire.matches.map((meeting, i) => {
      const { match } = record.meetings[i] as H2hRecord['meetings'][number];
      return {
        ...meeting,
        competition: withId(meeting.competition, match.competition.id),
        home: withId(meeting.home, match.home.id),
        away: withId(meeting.away, match.away.id),
      };
    }),
    form: {
      home: formOf(wire.form.home, record.form.home),
      away: formOf(wire.form.away, record.form.away),
    },
  };
}

type H2hWire = Static<typeof HeadToHead>;
type H2h = ReturnType<typeof h2hView>;
type LineupSide = Static<typeof Lineups>['home'];
type Player = LineupSide['starters'][number];

export type MatchEventView = Static<typeof MatchEvent> & { matchId: number };

export const MatchEventType = builder.objectRef<MatchEventView>('MatchEvent').implement({
  interfaces: [NodeInterface],
  description: 'An event, in source order; scoring events carry the score after them.',
  fields: (t) => ({
    id: t.id({
      description:
        'The match id and the event\u2019s `seq` ("123:4"): the data model\u2019s key of an event.',
      resolve: (event) => `${event.matchId}:${event.seq}`,
    }),
    seq: t.exposeInt('seq'),
    minute: t.exposeInt('minute'),
    extraMinute: t.exposeInt('extraMinute', { nullable: true }),
    clock: t.exposeString('clock', { description: '"67", or "45+2" in stoppage time.' }),
    type: t.expose('type', { type: EventTypeEnum }),
    side: t.expose('side', { type: SideEnum }),
    player: t.exposeString('player', { nullable: true }),
    playerId: t.exposeInt('playerId', {
      nullable: true,
      description: 'The player by id where the source gives one (`player(id)`).',
    }),
    relatedPlayer: t.exposeString('relatedPlayer', { nullable: true }),
    relatedPlayerId: t.exposeInt('relatedPlayerId', { nullable: true }),
    detail: t.exposeString('detail', { nullable: true }),
    score: t.exposeString('score', { nullable: true }),
  }),
});

const MatchStatisticType = builder
  .objectRef<Static<typeof MatchStatistic>>('MatchStatistic')
  .implement({
    fields: (t) => ({
      type: t.exposeString('type'),
      home: t.exposeFloat('home', { nullable: true }),
      away: t.exposeFloat('away', { nullable: true }),
    }),
  });

const PlayerCardsType = builder.objectRef<Player['cards']>('PlayerCards').implement({
  fields: (t) => ({ yellow: t.exposeInt('yellow'), red: t.exposeInt('red') }),
});

const LineupPlayerType = builder.objectRef<Player>('LineupPlayer').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    playerId: t.exposeInt('playerId', {
      nullable: true,
      description: 'The player by id where the source gives one (`player(id)`).',
    }),
    shirtNumber: t.exposeInt('shirtNumber', { nullable: true }),
    position: t.exposeString('position', { nullable: true }),
    x: t.exposeFloat('x', { nullable: true }),
    y: t.exposeFloat('y', { nullable: true }),
    rating: t.exposeFloat('rating', { nullable: true }),
    captain: t.exposeBoolean('captain'),
    goals: t.exposeInt('goals'),
    cards: t.expose('cards', { type: PlayerCardsType }),
    subbedInMinute: t.exposeInt('subbedInMinute', { nullable: true }),
    subbedOutMinute: t.exposeInt('subbedOutMinute', { nullable: true }),
  }),
});

const LineupSideType = builder.objectRef<LineupSide>('LineupSide').implement({
  fields: (t) => ({
    formation: t.exposeString('formation', { nullable: true }),
    coach: t.exposeString('coach', { nullable: true }),
    starters: t.expose('starters', { type: [LineupPlayerType] }),
    substitutes: t.expose('substitutes', { type: [LineupPlayerType] }),
  }),
});

const LineupsType = builder.objectRef<Static<typeof Lineups>>('Lineups').implement({
  fields: (t) => ({
    home: t.expose('home', { type: LineupSideType }),
    away: t.expose('away', { type: LineupSideType }),
  }),
});

const H2hSummaryType = builder.objectRef<H2h['summary']>('H2hSummary').implement({
  fields: (t) => ({
    played: t.exposeInt('played'),
    homeWins: t.exposeInt('homeWins'),
    draws: t.exposeInt('draws'),
    awayWins: t.exposeInt('awayWins'),
    homeGoals: t.exposeInt('homeGoals'),
    awayGoals: t.exposeInt('awayGoals'),
  }),
});

/** How a cup meeting was decided, shown alike on a head-to-head meeting and a form entry. */
type Decided = Pick<H2h['matches'][number], 'penalties' | 'decidedBy' | 'winner'>;
function cupDecisionFields<P extends Decided>(
  t: PothosSchemaTypes.ObjectFieldBuilder<PothosSchemaTypes.ExtendDefaultTypes<BuilderTypes>, P>,
) {
  return {
    penalties: t.string({ nullable: true, resolve: (m) => m.penalties ?? null }),
    decidedBy: t.field({
      type: MatchDecisionEnum,
      nullable: true,
      resolve: (m) => m.decidedBy ?? null,
    }),
    winner: t.field({
      type: MatchWinnerEnum,
      nullable: true,
      description: 'A shoot-out is a draw in `result`: the winner went through.',
      resolve: (m) => m.winner ?? null,
    }),
  };
}

const H2hMeetingType = builder.objectRef<H2h['matches'][number]>('H2hMeeting').implement({
  description: 'An earlier finished meeting of the two teams.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    competition: t.expose('competition', { type: CompetitionType }),
    kickoffUtc: t.expose('kickoffUtc', { type: 'DateTime' }),
    home: t.expose('home', { type: TeamNameType }),
    away: t.expose('away', { type: TeamNameType }),
    score: t.exposeString('score'),
    halfTime: t.exposeString('halfTime', { nullable: true }),
    result: t.expose('result', { type: ResultEnum, description: "The home side's result." }),
    ...cupDecisionFields(t),
  }),
});

const FormEntryType = builder.objectRef<H2h['form']['home'][number]>('FormEntry').implement({
  fields: (t) => ({
    matchId: t.exposeInt('matchId'),
    competition: t.expose('competition', { type: CompetitionType }),
    kickoffUtc: t.expose('kickoffUtc', { type: 'DateTime' }),
    venue: t.expose('venue', { type: SideEnum }),
    opponent: t.expose('opponent', { type: TeamNameType }),
    score: t.exposeString('score'),
    result: t.expose('result', { type: ResultEnum }),
    ...cupDecisionFields(t),
  }),
});

const FormType = builder.objectRef<H2h['form']>('Form').implement({
  fields: (t) => ({
    home: t.expose('home', { type: [FormEntryType] }),
    away: t.expose('away', { type: [FormEntryType] }),
  }),
});

const HeadToHeadType = builder.objectRef<H2h>('HeadToHead').implement({
  description: "Finished meetings before this match, latest first, and each side's recent form.",
  fields: (t) => ({
    home: t.expose('home', { type: TeamNameType }),
    away: t.expose('away', { type: TeamNameType }),
    summary: t.expose('summary', { type: H2hSummaryType }),
    matches: t.expose('matches', { type: [H2hMeetingType] }),
    form: t.expose('form', { type: FormType }),
  }),
});

builder.objectFields(MatchType, (t) => ({
  events: t.field({
    type: [MatchEventType],
    description: 'GET /matches/{matchId}/events: one unit per match.',
    ...costExtensions({ billing: BILLING.events }),
    resolve: billedChild(BILLING.events, async (m, _a, ctx) => matchEventsOf(m.id, ctx)),
  }),
  statistics: t.field({
    type: [MatchStatisticType],
    description: 'GET /matches/{matchId}/statistics: one unit per match.',
    ...costExtensions({ billing: BILLING.statistics }),
    resolve: billedChild(BILLING.statistics, async (m, _a, ctx) =>
      statisticsOnce(await ctx.loaders.statistics.load(m.id)),
    ),
  }),
  h2h: t.field({
    type: HeadToHeadType,
    description: 'GET /matches/{matchId}/h2h: one unit per match.',
    ...costExtensions({ billing: BILLING.h2h }),
    resolve: billedChild(BILLING.h2h, async (m, _a, ctx) => {
      const h2h = await ctx.loaders.h2h.load(m);
      if (!h2h) {
        throw new Error(`head-to-head of loaded match ${m.id} missing`);
      }
      return h2hView(h2h, ctx.language);
    }),
  }),
  lineups: t.field({
    type: LineupsType,
    nullable: true,
    description:
      'GET /matches/{matchId}/lineups: null until both sheets are published (REST 404, charged alike).',
    ...costExtensions({ billing: BILLING.lineups }),
    resolve: billedChild(BILLING.lineups, (m, _a, ctx) => ctx.loaders.lineups.load(m.id)),
  }),
}));
