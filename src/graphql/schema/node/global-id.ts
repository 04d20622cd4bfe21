/**
 * Global ids (the Relay `Node` interface): base64 of `Type:key`, as Relay and Pothos write them.
 * Clients treat them as opaque; the planner and `node(id)` decode them before anything runs.
 */
export const NODE_TYPES = [
  'Match',
  'MatchEvent',
  'Team',
  'Competition',
  'Bookmaker',
  'Player',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export type NodeKey =
  | { type: 'Match' | 'Team' | 'Competition' | 'Bookmaker' | 'Player'; id: number }
  | { type: 'MatchEvent'; matchId: number; seq: number };

const INT32_MAX = 2_147_483_647;
const POSITIVE_INT = /^[1-9][0-9]{0,9}$/;
const SEQ = /^(0|[1-9][0-9]{0,9})$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

const positive = (text: string) =>
  POSITIVE_INT.test(text) && Number(text) <= INT32_MAX ? Number(text) : undefined;

export function encodeGlobalId(key: NodeKey): string {
  const local = key.type === 'MatchEvent' ? `${key.matchId}:${key.seq}` : String(key.id);
  return Buffer.from(`${key.type}:${local}`, 'utf8').toString('base64');
}

/** The node a global id names, or undefined when it is not one of ours (never throws). */
export function decodeGlobalId(globalId: string): NodeKey | undefined {
  if (globalId.length > 64 || !BASE64.test(globalId)) {
    return undefined;
  }
  const [type, first, second, ...rest] = Buffer.from(globalId, 'base64')
    .toString('utf8')
    .split(':');
  if (rest.length > 0 || first === undefined) {
    return undefined;
  }
  if (type === 'MatchEvent') {
    const matchId = positive(first);
    const seq = second !== undefined && SEQ.test(second) ? Number(second) : undefined;
    return matchId && seq !== undefined && seq <= INT32_MAX ? { type, matchId, seq } : undefined;
  }
  const id = second === undefined ? positive(first) : undefined;
  return id && (NODE_TYPES as readonly string[]).includes(type ?? '')
    ? { type: type as Exclude<NodeType, 'MatchEvent'>, id }
    : undefined;
}
