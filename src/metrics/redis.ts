import type { Command } from 'ioredis';
import type { RedisClient } from '../db/redis.js';
import type { Metrics } from './metrics.js';

type Counted = Pick<Metrics, 'redisCommands' | 'redisDuration'>;

/**
 * Counts and times every command of one ioredis client at the one place they all pass:
 * `sendCommand` (plain commands, the counters' Lua scripts as `evalsha`, each command of a
 * pipeline or MULTI). The time is from sending to the reply or the failure (a timeout, a refused
 * write while disconnected). A command that ioredis sends again after a reconnect is counted once.
 */
export function instrumentRedis(redis: RedisClient, metrics: Counted): void {
  // One server's client and the cluster's both take the command first (the cluster's then hands
  // it to a node's client, which is not wrapped: each command is counted once).
  const client = redis as { sendCommand(command: Command, ...rest: unknown[]): unknown };
  const send = client.sendCommand.bind(client);
  const byName = new Map<string, { ok: () => void; error: () => void }>();
  const seen = new WeakSet<Command>();
  const countersOf = (name: string) => {
    let counters = byName.get(name);
    if (!counters) {
      const ok = metrics.redisCommands.labels(name, 'ok');
      const error = metrics.redisCommands.labels(name, 'error');
      counters = { ok: () => ok.inc(), error: () => error.inc() };
      byName.set(name, counters);
    }
    return counters;
  };
  client.sendCommand = (command, ...rest) => {
    if (!seen.has(command)) {
      seen.add(command);
      const started = performance.now();
      const counters = countersOf(command.name);
      const done = (count: () => void) => () => {
        metrics.redisDuration.observe((performance.now() - started) / 1000);
        count();
      };
      command.promise.then(done(counters.ok), done(counters.error));
    }
    return send(command, ...rest);
  };
}
