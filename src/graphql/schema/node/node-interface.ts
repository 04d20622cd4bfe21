import { builder } from '../builder.js';
import { encodeGlobalId, type NodeKey, type NodeType } from './global-id.js';

/** The key of a value of a node type, by that type's backing model. */
function keyOf(type: NodeType, value: object): NodeKey {
  if (type === 'MatchEvent') {
    const { matchId, seq } = value as { matchId: number; seq: number };
    return { type, matchId, seq };
  }
  return { type, id: (value as { id: number }).id };
}

/** What `node`/`nodes` resolved each value as: the interface's resolveType reads it. */
const resolvedTypes = new WeakMap<object, NodeType>();

/** A value `node` returns, with the type it is. */
export function asNode<T extends object>(type: NodeType, value: T): T {
  resolvedTypes.set(value, type);
  return value;
}

/**
 * The Relay `Node` interface. Its global id is `nodeId`, not `id`: every type already had an
 * `id` (the data model's integer) that clients use, and a normalised cache keys on
 * `__typename` and `id` (Apollo's and urql's default). PostGraphile names it the same way;
 * Relay reads it with `nodeInterfaceIdField: "nodeId"`.
 */
export const NodeInterface = builder.interfaceRef<object>('Node').implement({
  description:
    'An object that can be fetched again by its global id with `node(id:)` or `nodes(ids:)`.',
  fields: (t) => ({
    nodeId: t.id({
      description: 'Opaque global id, unique across types (Relay). `id` is the data model key.',
      resolve: (value, _args, _ctx, info) =>
        encodeGlobalId(keyOf(info.parentType.name as NodeType, value)),
    }),
  }),
  resolveType: (value) => {
    const type = resolvedTypes.get(value);
    if (!type) {
      throw new Error('a Node value was not resolved through node()');
    }
    return type;
  },
});
