import { type EnvOf, type Reading, text } from './env.js';

/**
 * REDIS_CLUSTER_NODES (docs/scale.md "Redis Cluster"): a comma list of `host:port` seed nodes of
 * a Redis Cluster (`[v6addr]:port` for an IPv6 address). The client learns the rest of the
 * cluster from them, so one reachable node is enough; list a few. Checked apart from the JSON
 * schema because its problems are about the list and about REDIS_URL.
 */
export interface RedisNode {
  readonly host: string;
  readonly port: number;
}

interface RedisClusterNodes {
  nodes: RedisNode[];
  /** One line per problem; empty when the list is good. */
  problems: string[];
}

const NAME = 'REDIS_CLUSTER_NODES';
const NODE = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9.-]+)):(\d{1,5})$/;

function parseNode(entry: string): RedisNode | string {
  const match = NODE.exec(entry);
  const port = Number(match?.[3]);
  const host = match?.[1] ?? match?.[2];
  if (!match || !host) {
    return 'is not host:port';
  }
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    return 'has a port outside 1..65535';
  }
  return { host, port };
}

export function parseRedisClusterNodes(
  list: string | undefined,
  redisUrl: string | undefined,
): RedisClusterNodes {
  const result: RedisClusterNodes = { nodes: [], problems: [] };
  if (list === undefined) {
    return result;
  }
  if (redisUrl !== undefined) {
    result.problems.push(
      `${NAME}: set together with REDIS_URL; set one (REDIS_URL for one server, ${NAME} for a cluster)`,
    );
    return result;
  }
  const entries = list.split(',').map((entry) => entry.trim());
  const seen = new Set<string>();
  for (const [index, entry] of entries.entries()) {
    // An entry is shown unless it could hold a password (a URL given by mistake).
    const shown = /^[A-Za-z0-9.:[\]-]*$/.test(entry) ? ` (${JSON.stringify(entry)})` : '';
    const position = `entry ${index + 1} of ${entries.length}${shown}`;
    const node = entry === '' ? 'is empty' : parseNode(entry);
    if (typeof node === 'string') {
      result.problems.push(`${NAME}: ${position} ${node}`);
    } else if (seen.has(`${node.host}:${node.port}`)) {
      result.problems.push(`${NAME}: ${position} is listed twice`);
    } else {
      seen.add(`${node.host}:${node.port}`);
      result.nodes.push(node);
    }
  }
  return result;
}

/** One Redis server, or a cluster, and the prefix of every key touchline writes there. */
export const REDIS_ENV = {
  REDIS_URL: text({ pattern: '^rediss?://' }),
  REDIS_CLUSTER_NODES: text({ minLength: 1 }),
  REDIS_PREFIX: text({ pattern: '^[A-Za-z0-9:_-]{1,64}$' }),
} as const;

/** A URL that may carry a password. */
export const REDIS_SECRETS = ['REDIS_URL'] as const;

export interface RedisConfig {
  /** One Redis server (REDIS_URL); `redisClusterNodes` names a cluster instead (never both). */
  readonly redisUrl: string | undefined;
  /**
   * Seed nodes of a Redis Cluster (REDIS_CLUSTER_NODES; docs/scale.md "Redis Cluster"); empty
   * without one.
   */
  readonly redisClusterNodes: readonly RedisNode[];
  readonly redisPrefix: string;
}

export function readRedis(env: EnvOf<typeof REDIS_ENV>): Reading<RedisConfig> {
  const cluster = parseRedisClusterNodes(env.REDIS_CLUSTER_NODES, env.REDIS_URL);
  return {
    problems: cluster.problems,
    config: () => ({
      redisUrl: env.REDIS_URL,
      redisClusterNodes: Object.freeze(cluster.nodes.map((node) => Object.freeze(node))),
      redisPrefix: env.REDIS_PREFIX ?? 'tl:v1',
    }),
  };
}
