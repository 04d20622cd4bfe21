import {
  type FieldNode,
  type GraphQLField,
  GraphQLIncludeDirective,
  type GraphQLObjectType,
  GraphQLSkipDirective,
  getDirectiveValues,
  Kind,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { ApiError } from '../../errors/api-error.js';
import type { Fragments } from './fragments.js';
import { GRAPHQL_LIMITS } from './limits.js';

type Variables = Record<string, unknown>;

export interface Selected {
  node: FieldNode;
  field: GraphQLField<unknown, unknown>;
}

/**
 * The selections one walk of a document may visit (docs/graphql.md "Limits"). Past `max` the
 * walk stops with 400 `invalid_parameter` before doing any more.
 */
export class VisitBudget {
  visits = 0;

  constructor(readonly max: number = GRAPHQL_LIMITS.maxExpandedSelections) {}

  spend(count = 1): void {
    this.visits += count;
    if (this.visits > this.max) {
      throw new ApiError(
        'invalid_parameter',
        `This operation selects more than ${this.max} fields once its fragments are inlined`,
      );
    }
  }
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
 * Collects the fields selection sets select on a type, as graphql-js's CollectFields does, with
 * each fragment's fields on a type collected once per walk and shared by every spread of it
 * (`fragment P0 on Pricing { ...P1 ...P1 }` sixteen levels deep is sixteen fragments, not 65,536
 * spreads), every selection visited counted against the walk's budget.
 */
export class FieldCollector {
  /** Fragment name and type name: its fields, or null while they are being collected (a cycle). */
  private readonly kept = new Map<string, Selected[] | null>();

  constructor(
    private readonly fragments: Fragments,
    private readonly variables: Variables,
    readonly budget = new VisitBudget(),
  ) {}

  /** The fields of these selection sets on `type`, each field node once, in document order. */
  collect(type: GraphQLObjectType, sets: readonly (SelectionSetNode | undefined)[]): Selected[] {
    const result: Selected[] = [];
    const nodes = new Set<FieldNode>();
    const add = (selected: Selected) => {
      if (!nodes.has(selected.node)) {
        nodes.add(selected.node);
        result.push(selected);
      }
    };
    for (const set of sets) {
      this.walk(type, set, add);
    }
    return result;
  }

  private walk(
    type: GraphQLObjectType,
    selectionSet: SelectionSetNode | undefined,
    add: (selected: Selected) => void,
  ): void {
    for (const selection of selectionSet?.selections ?? []) {
      this.budget.spend();
      if (!included(selection, this.variables)) {
        continue;
      }
      if (selection.kind === Kind.FIELD) {
        const field = type.getFields()[selection.name.value];
        if (field) {
          add({ node: selection, field });
        }
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (appliesTo(type, selection.typeCondition?.name.value)) {
          this.walk(type, selection.selectionSet, add);
        }
      } else {
        const fields = this.fragmentFields(type, selection.name.value);
        this.budget.spend(fields.length);
        fields.forEach(add);
      }
    }
  }

  private fragmentFields(type: GraphQLObjectType, name: string): Selected[] {
    const key = `${name}\u0000${type.name}`;
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      return kept ?? [];
    }
    const fragment = this.fragments.get(name);
    if (!fragment || !appliesTo(type, fragment.typeCondition.name.value)) {
      this.kept.set(key, []);
      return [];
    }
    this.kept.set(key, null);
    const fields = this.collect(type, [fragment.selectionSet]);
    this.kept.set(key, fields);
    return fields;
  }
}

/**
 * The fields a selection set selects on `type`, through fragments whose type condition applies to
 * it (`... on Match` under `node`), honouring @skip/@include.
 */
export const selectedFields = (
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode | undefined,
  fragments: Fragments,
  variables: Variables,
): Selected[] => new FieldCollector(fragments, variables).collect(type, [selectionSet]);

/** Whether a selection set, through its fragments, carries a directive (@skip, @include, ...). */
export function carriesDirectives(
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
    return carriesDirectives(fragments.get(selection.name.value)?.selectionSet, fragments, seen);
  });
}
