import { Cluster, Redis } from 'ioredis';
import { createRedisClient, type RedisTarget } from '../db/redis.js';
import { type EventTransport, parseBusEvent } from './event-bus.js';

/** After a cluster subscriber's node goes away, the next node is tried this soon. */
const RESUBSCRIBE_MS = 200;

interface Subscriber {
  /** `onReady` runs on every (re)subscription; `onDown` when the subscription may miss messages. */
  start(onMessage: (text: string) => void, onReady: () => void, onDown: () => void): void;
  close(): void;
}

/**
 * One server: one connection, subscribed by hand on every `ready`: ioredis's own
 * re-subscription would send a command nobody awaits, whose rejection, when the client closes
 * during an outage, went unhandled (found by test/integration/counters/redis-failure.test.ts).
 */
function serverSubscriber(url: string, channel: string): Subscriber {
  const subscriber = new Redis(url, { lazyConnect: true, autoResubscribe: false });
  subscriber.on('error', () => {});
  return {
    start(onMessage, onReady) {
      subscriber.on('message', (_channel: string, text: string) => onMessage(text));
      // While disconnected, messages are lost: whoever caches must start over once we are back.
      // Subscribing on every `ready` (first connect and each reconnect) never blocks start-up.
      subscriber.on('ready', () => {
        onReady();
        subscriber.subscribe(channel).catch(() => {});
      });
      subscriber.connect().catch(() => {});
    },
    close: () => subscriber.disconnect(),
  };
}

/**
 * A cluster: PUBLISH reaches the subscribers of every node, so one connection to any node hears
 * everything. When that node goes away (failover, shutdown) the next known node is subscribed,
 * and `onReady` fires once the new subscription is in place, so that whoever caches starts over
 * after, not before, the gap. The nodes come from the cluster client (all it knows) and the seeds.
 */
function clusterSubscriber(cluster: Cluster, target: RedisTarget, channel: string): Subscriber {
  let current: Redis | undefined;
  let closed = false;
  let attempt = 0;
  const candidates = () => {
    const known = cluster
      .nodes('all')
      .flatMap(({ options: { host, port } }) => (host && port ? [{ host, port }] : []));
    return [...known, ...(target.redisClusterNodes ?? [])];
  };
  function connect(onMessage: (text: string) => void, onReady: () => void, onDown: () => void) {
    const nodes = candidates();
    const node = nodes[attempt++ % nodes.length];
    if (closed || !node) {
      return;
    }
    const subscriber = new Redis({
      host: node.host,
      port: node.port,
      lazyConnect: true,
      autoResubscribe: false,
      retryStrategy: () => null,
      connectTimeout: 1000,
    });
    current = subscriber;
    subscriber.on('error', () => {});
    subscriber.on('message', (_channel: string, text: string) => onMessage(text));
    subscriber.once('end', () => {
      if (current === subscriber && !closed) {
        onDown();
        setTimeout(() => connect(onMessage, onReady, onDown), RESUBSCRIBE_MS).unref();
      }
    });
    subscriber
      .connect()
      .then(() => subscriber.subscribe(channel))
      .then(onReady, () => subscriber.disconnect());
  }
  return {
    start: (onMessage, onReady, onDown) => connect(onMessage, onReady, onDown),
    close() {
      closed = true;
      current?.disconnect();
    },
  };
}

/**
 * Redis pub/sub: every instance sharing the Redis (one server, or a cluster) hears every change
 * at once.
 */
export function redisTransport(target: RedisTarget | string, prefix: string): EventTransport {
  const where: RedisTarget = typeof target === 'string' ? { redisUrl: target } : target;
  const channel = `${prefix}:access-events`;
  const publisher = createRedisClient(where, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
  });
  publisher.on('error', () => {});
  const subscriber =
    publisher instanceof Cluster
      ? clusterSubscriber(publisher, where, channel)
      : serverSubscriber(where.redisUrl ?? '', channel);
  return {
    async send(event) {
      await publisher.publish(channel, JSON.stringify(event));
    },
    async listen(onEvent, onLost) {
      const onMessage = (text: string) => {
        const event = parseBusEvent(text);
        if (event) {
          onEvent(event);
        }
      };
      if (publisher instanceof Cluster) {
        // The cluster client learns the nodes the subscriber may move to.
        publisher.connect().catch(() => {});
      }
      subscriber.start(onMessage, onLost, onLost);
    },
    async close() {
      publisher.disconnect();
      subscriber.close();
    },
  };
}
