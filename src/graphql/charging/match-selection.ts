import {
  type FieldNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  getNamedType,
  isObjectType,
} from 'graphql';
import { fragmentsOfExecution } from '../documents/fragments.js';
import { carriesDirectives, type Selected, selectedFields } from '../documents/selections.js';
import { costOf } from './field-billing.js';

/**
 * What a resolver's selection of a match asks, as the charging rules read it: the detail route
 * when a payload field is read, the one 404 of an unknown id when anything beyond the id is.
 * The cost planner (cost.ts) uses the same test on whole documents.
 */

/** What identifies an object rather than describing it: reading it costs nothing. */
const isIdentity = (field: GraphQLField<unknown, unknown>) =>
  field.name === 'id' || field.name === 'nodeId' || field.name.startsWith('__');

/** A field of the REST match payload (not its ids, not a child route, not a container of them). */
export const isPayloadField = ({ field }: Selected) => {
  const cost = costOf(field);
  return !isIdentity(field) && !cost.billing && !cost.container;
};

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
  const fragments = fragmentsOfExecution(info.fragments);
  const fields = info.fieldNodes.flatMap((fieldNode) =>
    selectedFields(type, fieldNode.selectionSet, fragments, info.variableValues),
  );
  if (keyNode && byType === undefined) {
    byType = carriesDirectives(keyNode.selectionSet, fragments, new Set()) ? null : new Map();
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
