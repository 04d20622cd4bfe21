import type { ReplicaHealth, ReplicaStatus } from '../data-reads.js';
import type { PrismaClient } from '../generated/client.js';
import type { SqlRead } from '../sql.js';
import type { ReplicaPosition } from './positions.js';

/** Where a read can run: the primary or one replica. */
export interface ReadTarget {
  readonly prisma: PrismaClient;
  readonly read: SqlRead;
}

/** One configured replica: its reads, and how its replay position is read. */
export interface ReplicaNode {
  /** host:port/database, without credentials. */
  readonly name: string;
  readonly target: ReadTarget;
  position(): Promise<ReplicaPosition>;
}

/** A replica and what the router knows of it. */
export interface ReplicaState {
  readonly node: ReplicaNode;
  health: ReplicaHealth;
  /** How far it has replayed the primary's WAL at the last check. */
  replay: bigint;
  lagMs: number | null;
  reason: string | undefined;
}

export const initialState = (node: ReplicaNode): ReplicaState => ({
  node,
  health: 'unchecked',
  replay: -1n,
  lagMs: null,
  reason: 'not checked yet',
});

export const statusOf = (r: ReplicaState): ReplicaStatus => ({
  name: r.node.name,
  health: r.health,
  lagMs: r.lagMs,
  ...(r.reason === undefined ? {} : { reason: r.reason }),
});

/** The first line of an error, for a status: never a stack, never a URL with its password. */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.split('\n')[0] ?? text).replace(/postgres(ql)?:\/\/\S+/g, '(url)').slice(0, 200);
}

/** host:port/database of a URL, for logs and statuses. */
export function replicaName(url: string): string {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
}
