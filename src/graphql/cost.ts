import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  GraphQLIncludeDirective,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
  GraphQLSkipDirective,
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { ApiError } from '../errors/api-error.js';
import type { Language } from '../i18n/language.js';
import { matchScope } from './billed.js';
import { BILLING, costOf, type FieldBilling, type PlannedTarget, requestKey } from './billing.js';

type Variables = Record<string, unknown>;
type Fragments = Record<string, FragmentDefinitionNode>;

interface Selected {
  node: FieldNode;
  field: GraphQLField<unknown, unknown>;
}

/** Whether `@skip` and `@include` leave the selection in. */
export function included(node: SelectionNode, variables: Variables) {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, variables);
  if (skip?.['if'] === true) {
    return false;
  }
  const include = getDirectiveValues(GraphQLIncludeDirective, node, variables);
  return include?.['if'] !== false;
}

/** Whether a fragment on `condition` (none: the enclosing type) applies to an object of `type`. */
const appliesTo = (type: GraphQLObjectType, condition: string | undefined) =>
  condition === undefined ||
  condition === type.name ||
  type.getInterfaces().some((i) => i.name === condition);

/**
 * The fields a selection set selects on `type`, through fragments whose type condition applies to
 * it (`... on Match` under `node`), honouring @skip/@include.
 */
export function selectedFields(
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode | undefined,
  fragments: Fragments,
  variables: Variables,
  seen = new Set<string>(),
): Selected[] {
  const result: Selected[] = [];
  for (const selection of selectionSet?.selections ?? []) {
    if (!included(selection, variables)) {
      continue;
    }
    if (selection.kind === Kind.FIELD) {
      const field = type.getFields()[selection.name.value];
      if (field) {
        result.push({ node: selection, field });
      }
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (appliesTo(type, selection.typeCondition?.name.value)) {
        result.push(...selectedFields(type, selection.selectionSet, fragments, variables, seen));
      }
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (fragment && !seen.has(name) && appliesTo(type, fragment.typeCondition.name.value)) {
        seen.add(name);
        result.push(...selectedFields(type, fragment.selectionSet, fragments, variables, seen));
        seen.delete(name);
      }
    }
  }
  return result;
}

/** What identifies an object rather than describing it: reading it costs nothing. */
const isIdentity = (field: GraphQLField<unknown, unknown>) =>
  field.name === 'id' || field.name === 'nodeId' || field.name.startsWith('__');

/** A field of the REST match payload (not its ids, not a child route, not a container of them). */
const isPayloadField = ({ field }: Selected) => {
  const cost = costOf(field);
  return !isIdentity(field) && !cost.billing && !cost.container;
};

/** Whether a selection set, through its fragments, carries a directive (@skip, @include, ...). */
function carriesDirectives(
  selectionSet: SelectionSetNode | undefined,
  fragments: Fragments,
  seen: Set<string>,
): boolean {
  return (selectionSet?.selections ?? []).some((selection) => {
    if ((selection.directives?.length ?? 0) > 0) {
      return true;
    }
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      return carriesDirectives(selection.selectionSet, fragments, seen);
    }
    if (selection.kind !== Kind.FRAGMENT_SPREAD || seen.has(selection.name.value)) {
      return false;
    }
    seen.add(selection.name.value);
    return carriesDirectives(fragments[selection.name.value]?.selectionSet, fragments, seen);
  });
}

/**
 * The fields a resolver's selection selects on `type`. Where no directive can change them, they
 * are kept per field node and type (the document cache hands every request of the same text the
 * same nodes), so a `match(id)` does not walk its selection twice on every request. A node whose
 * selection carries directives is marked `null`: read afresh, and not looked at again.
 */
const keptSelections = new WeakMap<FieldNode, Map<GraphQLObjectType, Selected[]> | null>();

function fieldsSelected(info: GraphQLResolveInfo, type: GraphQLObjectType): Selected[] {
  const [node, ...more] = info.fieldNodes;
  const keyNode = node && more.length === 0 ? node : undefined;
  let byType = keyNode ? keptSelections.get(keyNode) : null;
  const kept = byType?.get(type);
  if (kept) {
    return kept;
  }
  const fields = info.fieldNodes.flatMap((fieldNode) =>
    selectedFields(type, fieldNode.selectionSet, info.fragments, info.variableValues),
  );
  if (keyNode && byType === undefined) {
    byType = carriesDirectives(keyNode.selectionSet, info.fragments, new Set()) ? null : new Map();
    keptSelections.set(keyNode, byType);
  }
  byType?.set(type, fields);
  return fields;
}

function selectsSome(
  info: GraphQLResolveInfo,
  predicate: (selected: Selected) => boolean,
  type = getNamedType(info.returnType),
) {
  return isObjectType(type) && fieldsSelected(info, type).some(predicate);
}

/**
 * Whether a `match(id)` selection reads the detail route (DECISIONS.md "GraphQL"); `type` is the
 * match type when the field returns an interface (`node`).
 */
export const selectsMatchPayload = (info: GraphQLResolveInfo, type?: GraphQLObjectType) =>
  selectsSome(info, isPayloadField, type);

/**
 * Whether it asks anything about the match beyond its id: for an unknown id, that is the one
 * request a REST client makes and gets a 404 for.
 */
export const selectsBeyondId = (
  info: GraphQLResolveInfo,
  analysis: boolean,
  type?: GraphQLObjectType,
) =>
  selectsSome(
    info,
    ({ field }) =>
      !isIdentity(field) &&
      // A tier that cannot read analysis asks nothing chargeable through it.
      (analysis || field.name !== 'analysis'),
    type,
  );

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
}

interface Scope {
  key: string;
  multiplier: number;
}

function operationOf(document: DocumentNode, name: string | null | undefined) {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  return name ? operations.find((o) => o.name?.value === name) : operations[0];
}

/**
 * The cost of an operation before it runs (DECISIONS.md "GraphQL"): one unit per distinct
 * REST-equivalent request its fields would make, lists assumed full. Reached twice (aliases,
 * fragments, repeats) counts once; a Free key's analysis fields count nothing.
 */
export function planCost(input: PlanInput): CostPlan {
  const { schema, variables, language } = input;
  const fragments: Fragments = {};
  for (const d of input.document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) {
      fragments[d.name.value] = d;
    }
  }
  const requests = new Map<string, { units: number; billing: FieldBilling }>();
  const plan: CostPlan = {
    bound: 0,
    freeEligible: 0,
    keyed: false,
    matchList: false,
    dryRun: false,
    tierRefused: 0,
    perCaller: false,
  };
  const add = (billing: FieldBilling, key: string, units: number) => {
    const existing = requests.get(key);
    requests.set(key, { billing, units: Math.max(units, existing?.units ?? 0) });
  };

  const visit = (
    type: GraphQLObjectType,
    selectionSet: SelectionSetNode | undefined,
    scope: Scope,
  ) => {
    for (const selected of selectedFields(type, selectionSet, fragments, variables)) {
      const { node, field } = selected;
      const args = getArgumentValues(field, node, variables);
      const cost = costOf(field);
      plan.keyed ||= Boolean(cost.keyed || cost.billing);
      plan.perCaller ||= Boolean(cost.perCaller);
      if (field.name === 'usage' && args['dryRun'] === true && type === schema.getQueryType()) {
        plan.dryRun = true;
      }
      if (cost.targets) {
        for (const target of cost.targets(args)) {
          visitTarget(target, node, scope.multiplier);
        }
        continue;
      }
      if (cost.billing) {
        if (cost.billing.operation === 'analysis' && !input.analysis) {
          plan.tierRefused += scope.multiplier;
          continue;
        }
        add(cost.billing, requestKey(cost.billing, scope.key, args, language), scope.multiplier);
        plan.matchList ||= cost.billing.operation === 'matchList';
      }
      const next = scopeBelow(selected, args, scope);
      const named = getNamedType(field.type);
      if (next && isObjectType(named)) {
        if (cost.matchScope?.kind === 'single' && next.multiplier > 0) {
          const payload = selectedFields(named, node.selectionSet, fragments, variables);
          if (payload.some(isPayloadField)) {
            add(
              BILLING.detail,
              requestKey(BILLING.detail, next.key, {}, language),
              next.multiplier,
            );
          }
        }
        visit(named, node.selectionSet, next);
      }
    }
  };

  /** An entity named by an argument: its reads, then the selection as its type, about it. */
  const visitTarget = (target: PlannedTarget, node: FieldNode, multiplier: number) => {
    const type = schema.getType(target.type);
    if (!isObjectType(type)) {
      return;
    }
    for (const read of target.reads ?? []) {
      add(read.billing, requestKey(read.billing, read.scope, {}, language), multiplier);
    }
    const scope = {
      key: target.matchId === undefined ? '' : matchScope(target.matchId),
      multiplier,
    };
    if (target.type === 'Match') {
      const payload = selectedFields(type, node.selectionSet, fragments, variables);
      if (payload.some(isPayloadField)) {
        add(BILLING.detail, requestKey(BILLING.detail, scope.key, {}, language), multiplier);
      }
    }
    visit(type, node.selectionSet, scope);
  };

  const operation = operationOf(input.document, input.operationName);
  const root = operation?.operation === 'query' ? schema.getQueryType() : undefined;
  if (!operation || !root) {
    return plan;
  }
  visit(root, operation.selectionSet, { key: '', multiplier: 1 });
  for (const { units, billing } of requests.values()) {
    plan.bound += units;
    if (billing.operation === 'matchList') {
      plan.freeEligible += units;
    }
  }
  return plan;
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
  if (declared.kind === 'single') {
    const id = declared.id(args);
    // A non-positive id names no match: nothing below it can be read or charged.
    return id > 0 ? { key: matchScope(id), multiplier: scope.multiplier } : null;
  }
  const size = declared.size(args);
  const billing = costOf(field).billing;
  const listKey = billing ? requestKey(billing, scope.key, args, 'en') : field.name;
  return { key: `${listKey}[]`, multiplier: scope.multiplier * size };
}

/** A refusal before execution: the operation could never be afforded or is too costly. */
export function checkAffordable(bound: number, maxCost: number, ratePerMinute: number): void {
  if (!Number.isSafeInteger(bound) || bound < 0) {
    throw new ApiError('invalid_parameter', 'The cost of this operation could not be bounded');
  }
  if (bound > maxCost) {
    throw new ApiError(
      'invalid_parameter',
      `This operation could cost up to ${bound} units; one operation may cost at most ${maxCost}`,
    );
  }
  if (bound > ratePerMinute) {
    throw new ApiError(
      'invalid_parameter',
      `This operation could cost up to ${bound} units, more than this key's ${ratePerMinute} per minute: it could never run`,
    );
  }
}
