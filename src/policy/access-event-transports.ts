import { Redis } from 'ioredis';
import pg from 'pg';
import type { Config } from '../config.js';
import {
  type AccessEvent,
  type AccessEventTransport,
  createAccessEvents,
  parseAccessEvent,
} from './access-events.js';

const CHANNEL = 'touchline_access_events';
const RECONNECT_MS = 1000;

/** Redis pub/sub: every instance sharing the Redis hears every change at once. */
export function redisTransport(url: string, prefix: string): AccessEventTransport {
  const channel = `${prefix}:access-events`;
  const publisher = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: true,
  });
  const subscriber = new Redis(url, { lazyConnect: true });
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  return {
    async send(event) {
      await publisher.publish(channel, JSON.stringify(event));
    },
    async listen(onEvent, onLost) {
      subscriber.on('message', (_channel: string, text: string) => {
        const event = parseAccessEvent(text);
        if (event) {
          onEvent(event);
        }
      });
      // While disconnected, messages are lost: whoever caches must start over once we are back.
      // Subscribing on every `ready` (first connect and each reconnect) never blocks start-up.
      subscriber.on('ready', () => {
        onLost();
        subscriber.subscribe(channel).catch(() => {});
      });
      subscriber.connect().catch(() => {});
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

/** PostgreSQL LISTEN/NOTIFY, for instances that share a database but no Redis. */
export function postgresTransport(connectionString: string): AccessEventTransport {
  let listener: pg.Client | undefined;
  let closed = false;
  async function connect(onEvent: (event: AccessEvent) => void, onLost: () => void): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      const event = message.payload ? parseAccessEvent(message.payload) : null;
      if (event) {
        onEvent(event);
      }
    });
    client.on('error', () => {
      onLost();
      if (!closed) {
        setTimeout(() => void connect(onEvent, onLost).catch(() => {}), RECONNECT_MS).unref();
      }
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  }
  return {
    async send(event) {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
      } finally {
        await client.end();
      }
    },
    listen: (onEvent, onLost) => connect(onEvent, onLost),
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
    },
  };
}

/**
 * The access event bus of this process: always in process; across processes through Redis when
 * REDIS_URL is set and PostgreSQL when DATABASE_URL is set (the embedded database is held by one
 * process only, so it needs no transport).
 */
export function createAccessEventsFromConfig(
  config: Pick<Config, 'redisUrl' | 'redisPrefix' | 'databaseUrl'>,
) {
  const transports: AccessEventTransport[] = [];
  if (config.redisUrl) {
    transports.push(redisTransport(config.redisUrl, config.redisPrefix));
  }
  if (config.databaseUrl) {
    transports.push(postgresTransport(config.databaseUrl));
  }
  return createAccessEvents(transports);
}
