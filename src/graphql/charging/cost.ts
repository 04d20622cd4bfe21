import {
  type DocumentNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  getArgumentValues,
  getNamedType,
  isObjectType,
  type SelectionSetNode,
} from 'graphql';
import type { Language } from '../../i18n/language.js';
import { fragmentsOf } from '../documents/fragments.js';
import { operationOf } from '../documents/operation-of.js';
import { FieldCollector, type Selected, type VisitBudget } from '../documents/selections.js';
import { matchScope } from './billed-resolver.js';
import {
  BILLING,
  costOf,
  type FieldBilling,
  type PlannedTarget,
  requestKey,
} from './field-billing.js';
import { isPayloadField } from './match-selection.js';

type Variables = Record<string, unknown>;

export interface CostPlan {
  /** Upper bound of distinct REST-equivalent requests (every list page assumed full). */
  bound: number;
  /** Units of the bound that may come from the free match-list allowance. */
  freeEligible: number;
  /** The operation needs an API key (it reads billable or per-key fields). */
  keyed: boolean;
  /** It selects the match list (the bonus headers go on the response). */
  matchList: boolean;
  /** `usage(dryRun: true)`: report the cost, run nothing. */
  dryRun: boolean;
  /** Analysis requests left out of the bound because the tier does not include them. */
  tierRefused: number;
  /** It reads the caller's own counters (`usage`, `viewer`): its answer is the caller's alone. */
  perCaller: boolean;
}

export interface PlanInput {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null | undefined;
  variables: Variables;
  language: Language;
  /** The caller's tier reads analysis (Plus, Pro). */
  analysis: boolean;
  /** What the planner may visit (default: GRAPHQL_LIMITS.maxExpandedSelections). */
  budget?: VisitBudget;
}

interface Scope {
  key: string;
  multiplier: number;
  /** Below an analysis field: a tier without analysis reads nothing here. */
  refused: boolean;
}

/** The plans of one operation for either kind of tier, from one walk of its document. */
export interface TierPlans {
  /** For a tier that reads analysis (Plus, Pro). */
  analysis: CostPlan;
  /** For one that does not (Free): its analysis fields count nothing, `tierRefused` says so. */
  noAnalysis: CostPlan;
}

const emptyPlan = (): CostPlan => ({
  bound: 0,
  freeEligible: 0,
  keyed: false,
  matchList: false,
  dryRun: false,
  tierRefused: 0,
  perCaller: false,
});

type Requests = Map<string, { units: number; billing: FieldBilling }>;

/** A plan's bound and free part, once its walk has found its distinct requests. */
function bound(plan: CostPlan, requests: Requests): CostPlan {
  for (const { units, billing } of requests.values()) {
    plan.bound += units;
    if (billing.operation === 'matchList') {
      plan.freeEligible += units;
    }
  }
  return plan;
}

/**
 * The cost of an operation before it runs (DECISIONS.md "GraphQL"): one unit per distinct
 * REST-equivalent request its fields would make, lists assumed full. Reached twice (aliases,
 * fragments, repeats) counts once; a Free key's analysis fields count nothing.
 */
export function planCost(input: PlanInput): CostPlan {
  const plans = planCosts(input);
  return input.analysis ? plans.analysis : plans.noAnalysis;
}

/**
 * Both tiers' plans in one walk: below an analysis field (`refused`), what a Free key would not
 * read counts in the analysis plan only. Either plan is the one a walk for its tier alone makes.
 */
export function planCosts(input: Omit<PlanInput, 'analysis'>): TierPlans {
  return new CostWalk(input).plans();
}

/** One walk of an operation's selections, adding each distinct request to the plans it counts in. */
class CostWalk {
  private readonly fields: FieldCollector;
  private readonly analysis = emptyPlan();
  private readonly noAnalysis = emptyPlan();
  private readonly requests: Requests = new Map();
  private readonly noAnalysisRequests: Requests = new Map();

  constructor(private readonly input: Omit<PlanInput, 'analysis'>) {
    this.fields = new FieldCollector(fragmentsOf(input.document), input.variables, input.budget);
  }

  plans(): TierPlans {
    const { schema, document, operationName } = this.input;
    const operation = operationOf(document, operationName);
    const root = operation?.operation === 'query' ? schema.getQueryType() : undefined;
    if (operation && root) {
      this.visit(root, [operation.selectionSet], { key: '', multiplier: 1, refused: false });
    }
    return {
      analysis: bound(this.analysis, this.requests),
      noAnalysis: bound(this.noAnalysis, this.noAnalysisRequests),
    };
  }

  private add(billing: FieldBilling, key: string, units: number, refused: boolean): void {
    addTo(this.requests, billing, key, units);
    if (!refused) {
      addTo(this.noAnalysisRequests, billing, key, units);
    }
  }

  /** The plans a field counts in: both, or (below an analysis field) the analysis one. */
  private plansOf(refused: boolean): CostPlan[] {
    return refused ? [this.analysis] : [this.analysis, this.noAnalysis];
  }

  /** A match's detail route (or an entity's own), when the selection reads its payload. */
  private addDetail(
    type: GraphQLObjectType,
    sets: SelectionSets,
    scope: Scope,
    billing: FieldBilling = BILLING.detail,
  ): void {
    if (this.fields.collect(type, sets).some(isPayloadField)) {
      const key = requestKey(billing, scope.key, {}, this.input.language);
      this.add(billing, key, scope.multiplier, scope.refused);
    }
  }

  /** Fields of one response key are one field, their selections merged (as graphql-js runs them). */
  private visit(type: GraphQLObjectType, sets: SelectionSets, scope: Scope): void {
    for (const merged of byResponseKey(this.fields.collect(type, sets))) {
      this.visitField(type, merged, scope);
    }
  }

  private visitField(type: GraphQLObjectType, merged: Selected[], scope: Scope): void {
    const [selected] = merged as [Selected];
    const { node, field } = selected;
    const below = merged.map((s) => s.node.selectionSet);
    const args = getArgumentValues(field, node, this.input.variables);
    const cost = costOf(field);
    const dryRun =
      field.name === 'usage' &&
      args['dryRun'] === true &&
      type === this.input.schema.getQueryType();
    for (const plan of this.plansOf(scope.refused)) {
      plan.keyed ||= Boolean(cost.keyed || cost.billing);
      plan.perCaller ||= Boolean(cost.perCaller);
      plan.dryRun ||= dryRun;
    }
    if (cost.targets) {
      for (const target of cost.targets(args)) {
        this.visitTarget(target, below, scope);
      }
      return;
    }
    const refused = this.billField(cost.billing, args, scope);
    const next = scopeBelow(selected, args, { ...scope, refused });
    const named = getNamedType(field.type);
    if (next && isObjectType(named)) {
      if (cost.matchScope?.kind === 'single' && next.multiplier > 0) {
        this.addDetail(named, below, next);
      } else if (cost.matchScope?.kind === 'entity') {
        this.addDetail(named, below, next, cost.matchScope.billing);
      }
      this.visit(named, below, next);
    }
  }

  /** A billed field's request; returns whether what is below it is refused to a Free key. */
  private billField(
    billing: FieldBilling | undefined,
    args: Record<string, unknown>,
    scope: Scope,
  ): boolean {
    let refused = scope.refused;
    if (!billing) {
      return refused;
    }
    if (billing.operation === 'analysis' && !refused) {
      this.noAnalysis.tierRefused += scope.multiplier;
      refused = true;
    }
    this.add(
      billing,
      requestKey(billing, scope.key, args, this.input.language),
      scope.multiplier,
      refused,
    );
    for (const plan of this.plansOf(refused)) {
      plan.matchList ||= billing.operation === 'matchList';
    }
    return refused;
  }

  /** An entity named by an argument: its reads, then the selection as its type, about it. */
  private visitTarget(target: PlannedTarget, sets: SelectionSets, from: Scope): void {
    const type = this.input.schema.getType(target.type);
    if (!isObjectType(type)) {
      return;
    }
    for (const read of target.reads ?? []) {
      const key = requestKey(read.billing, read.scope, {}, this.input.language);
      this.add(read.billing, key, from.multiplier, from.refused);
    }
    const scope = {
      key: target.scope ?? (target.matchId === undefined ? '' : matchScope(target.matchId)),
      multiplier: from.multiplier,
      refused: from.refused,
    };
    if (target.type === 'Match') {
      this.addDetail(type, sets, scope);
    }
    this.visit(type, sets, scope);
  }
}

function addTo(map: Requests, billing: FieldBilling, key: string, units: number): void {
  const existing = map.get(key);
  map.set(key, { billing, units: Math.max(units, existing?.units ?? 0) });
}

type SelectionSets = readonly (SelectionSetNode | undefined)[];

/** Selected fields grouped by the key they answer under (alias or name), in document order. */
function byResponseKey(selected: readonly Selected[]): Selected[][] {
  const groups = new Map<string, Selected[]>();
  for (const s of selected) {
    const key = s.node.alias?.value ?? s.node.name.value;
    const group = groups.get(key);
    if (group) {
      group.push(s);
    } else {
      groups.set(key, [s]);
    }
  }
  return [...groups.values()];
}

/** The match scope below a field: a single match by id, the items of a page, or unchanged. */
function scopeBelow(
  { field }: Selected,
  args: Record<string, unknown>,
  scope: Scope,
): Scope | null {
  const declared = costOf(field).matchScope;
  if (!declared) {
    return scope;
  }
  if (declared.kind === 'entity') {
    const key = declared.key(args);
    return key === null ? null : { ...scope, key };
  }
  if (declared.kind === 'single') {
    const id = declared.id(args);
    // A non-positive id names no match: nothing below it can be read or charged.
    return id > 0 ? { ...scope, key: matchScope(id) } : null;
  }
  const size = declared.size(args);
  const billing = costOf(field).billing;
  const listKey = billing ? requestKey(billing, scope.key, args, 'en') : field.name;
  return { ...scope, key: `${listKey}[]`, multiplier: scope.multiplier * size };
}
