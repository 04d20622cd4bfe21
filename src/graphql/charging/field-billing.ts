import type { GraphQLField } from 'graphql';
import type { Language } from '../../i18n/language.js';
import type { Operation } from '../../policy/access-policy.js';
import { type ListArgs, listVariant, liveVariant } from '../schema/list-args.js';
import { teamMatchesVariant } from '../schema/team-args.js';

/**
 * DECISIONS.md "GraphQL": each billable field stands for one REST route. The declaration lives
 * on the field (its `extensions`), so the cost planner, the resolvers' read ledger and the docs
 * all read the same fact.
 */
export interface FieldBilling {
  /** The owning REST route, as the OpenAPI document names it. */
  route: string;
  /** What the REST route draws on: plan quota, analysis (Plus/Pro) or the free match list. */
  operation: Operation;
  /** What else makes the REST request distinct (its query string, path or Accept-Language). */
  variant?: (args: Record<string, unknown>, language: Language) => string;
}

const route = (path: string, operation: Operation = 'plan', variant?: FieldBilling['variant']) =>
  ({ route: `GET /v1/football${path}`, operation, ...(variant ? { variant } : {}) }) as const;

const byLanguage = (args: Record<string, unknown>, language: Language) =>
  String(args['language'] ?? language);

/** Every billable field's route; `matchList` draws on the free allowance first (spec 8.2 rule 3). */
export const BILLING = {
  matches: route('/matches', 'matchList', (args) => listVariant(args as ListArgs)),
  liveMatches: route('/matches/live', 'plan', (args) => liveVariant(args as ListArgs)),
  bookmakers: route('/odds/bookmakers'),
  player: route('/players/{playerId}'),
  detail: route('/matches/{matchId}'),
  events: route('/matches/{matchId}/events'),
  statistics: route('/matches/{matchId}/statistics'),
  h2h: route('/matches/{matchId}/h2h'),
  lineups: route('/matches/{matchId}/lineups'),
  odds: route('/matches/{matchId}/odds'),
  exchange: route('/matches/{matchId}/odds/exchange'),
  kelly: route('/matches/{matchId}/odds/kelly'),
  regional: route('/matches/{matchId}/odds/regional'),
  movement: route('/matches/{matchId}/odds/{market}/{bookmaker}', 'plan', (args) =>
    JSON.stringify([args['market'], args['bookmaker']]),
  ),
  aiBasic: route('/matches/{matchId}/analysis/ai-basic', 'analysis', byLanguage),
  aiDeep: route('/matches/{matchId}/analysis/ai-deep', 'analysis', byLanguage),
  tipsDistribution: route('/matches/{matchId}/analysis/tips-distribution', 'analysis'),
  handicap: route('/matches/{matchId}/analysis/handicap', 'analysis'),
  overUnder: route('/matches/{matchId}/analysis/over-under', 'analysis'),
  corners: route('/matches/{matchId}/analysis/corners', 'analysis'),
  // Issue 49: scoped by the team (`teamScope`), as a match's children are by the match.
  team: route('/teams/{teamId}'),
  teamMatches: route('/teams/{teamId}/matches', 'plan', teamMatchesVariant),
  // Issue 49: the catalogue.
  competitions: route('/competitions'),
  standings: route('/competitions/{competitionId}/standings', 'plan', (args) =>
    JSON.stringify([args['season'] ?? null, args['live'] ?? false]),
  ),
  search: route('/search', 'plan', (args) => JSON.stringify([args['q'], args['type'] ?? null])),
  scorers: route('/competitions/{competitionId}/scorers', 'plan', (args) =>
    JSON.stringify([args['season'] ?? null]),
  ),
  // GET /matches?competitionId=...: scoped by the competition, the rest of the key as `matches`.
  competitionMatches: route('/matches', 'matchList', (args) => listVariant(args as ListArgs)),
} satisfies Record<string, FieldBilling>;

/** How a field scopes the matches below it (read by the cost planner). */
export type MatchScope =
  | { kind: 'single'; id: (args: Record<string, unknown>) => number }
  | { kind: 'page'; size: (args: Record<string, unknown>) => number }
  /**
   * An entity by id that is not a match (`team(id)`): the requests below it are about it (their
   * scope is `key`; null names nothing, as a non-positive id); its own route is read when the
   * selection reads a field of its payload, as a match's detail is.
   */
  | {
      kind: 'entity';
      key: (args: Record<string, unknown>) => string | null;
      billing: FieldBilling;
    };

/**
 * An entity a field names in its arguments (`node`, `nodes`, `matchesByIds`): the planner plans
 * the field's selection as that type, about that match, with the reads fetching it costs.
 */
export interface PlannedTarget {
  type: string;
  /** The match the target is or belongs to: the scope of its children. */
  matchId?: number;
  /** The scope of its children when it is no match (`competition:<id>`). */
  scope?: string;
  /** The REST requests fetching it stands for, with their scope (a match scope, or '' at root). */
  reads?: readonly { billing: FieldBilling; scope: string }[];
}

export interface FieldCostExtensions {
  /** The entities named by the arguments; throws an ApiError for arguments out of bounds. */
  targets?: (args: Record<string, unknown>) => readonly PlannedTarget[];
  billing?: FieldBilling;
  matchScope?: MatchScope;
  /** A container of billable fields (Match.odds, Match.analysis): costs nothing itself. */
  container?: boolean;
  /** Needs a key although it costs nothing (`match(id)` asking only for the id, `usage`). */
  keyed?: boolean;
  /** Answers with the caller's own counters: never served from the operation cache. */
  perCaller?: boolean;
}

export const costExtensions = (extensions: FieldCostExtensions) => ({
  extensions: { ...extensions } as Record<string, unknown>,
});

export const costOf = (field: GraphQLField<unknown, unknown>): FieldCostExtensions =>
  (field.extensions ?? {}) as FieldCostExtensions;

/** One REST-equivalent request: its route, the match it is about, and its variant. */
export function requestKey(
  billing: FieldBilling,
  scope: string,
  args: Record<string, unknown>,
  language: Language,
): string {
  return `${billing.route} ${scope} ${billing.variant?.(args, language) ?? ''}`;
}

/**
 * The distinct REST-equivalent requests an execution made: all of them count on the minute, as
 * REST counts every admitted request; only those REST would charge (a value or a 404) count on
 * the day. A 502 or 503 read is therefore a minute unit without a daily one.
 */
export class ReadLedger {
  readonly #attempted = new Set<string>();
  readonly #charged = new Set<string>();
  #matchList = 0;

  record(billing: FieldBilling, key: string, charged = true): void {
    if (charged && !this.#charged.has(key)) {
      this.#charged.add(key);
      if (billing.operation === 'matchList') {
        this.#matchList += 1;
      }
    }
    this.#attempted.add(key);
  }

  /** Units on the per-minute counter. */
  get attempted(): number {
    return this.#attempted.size;
  }

  /** Units on the daily counters. */
  get charged(): number {
    return this.#charged.size;
  }

  get matchListReads(): number {
    return this.#matchList;
  }
}
