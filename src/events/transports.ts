import pg from 'pg';
import type { Config } from '../config/config.js';
import { type RedisTarget, redisConfigured } from '../db/redis-target.js';
import { createEventBus, type EventTransport, parseBusEvent, type SentEvent } from './event-bus.js';
import { redisTransport } from './redis-transport.js';

export { redisTransport };

const CHANNEL = 'touchline_access_events';
const RECONNECT_MS = 1000;
/** A listening or notifying connection that cannot be made in this time is retried or failed. */
const CONNECT_TIMEOUT_MS = 5000;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const NOTIFY_MAX_BYTES = 7_900;

/**
 * The NOTIFY texts of an event: one, or for a data change too large for one payload, several,
 * each with part of the changed matches (the caches evict per match, so the parts add up to the
 * whole). A single match too large to fit (it cannot happen with real ids and resources) says
 * only that data changed, which clears everything and is always correct.
 */
export function notifyTexts(event: SentEvent): string[] {
  const text = JSON.stringify(event);
  if (
    Buffer.byteLength(text) <= NOTIFY_MAX_BYTES ||
    event.type !== 'data-changed' ||
    !event.changes
  ) {
    return [text];
  }
  const { matches, ...rest } = event.changes;
  const textOf = (part: typeof matches) =>
    JSON.stringify({ ...event, changes: { ...rest, matches: part } });
  const empty = Buffer.byteLength(textOf([]));
  const texts: string[] = [];
  let part: typeof matches = [];
  let bytes = empty;
  for (const match of matches) {
    // Each match adds its own JSON and a comma.
    const size = Buffer.byteLength(JSON.stringify(match)) + 1;
    if (empty + size > NOTIFY_MAX_BYTES) {
      return [JSON.stringify({ type: event.type, origin: event.origin, serial: event.serial })];
    }
    if (bytes + size > NOTIFY_MAX_BYTES) {
      texts.push(textOf(part));
      part = [];
      bytes = empty;
    }
    part.push(match);
    bytes += size;
  }
  texts.push(textOf(part));
  return texts;
}

/** How long closing waits for the server to acknowledge the listening connection's goodbye. */
const END_TIMEOUT_MS = 1000;

/**
 * Ends a client, politely if the server answers within `ms`: `end()` waits for the server to
 * close its side, which a database that stopped answering never does (it would hold shutdown
 * forever), so the socket is then destroyed.
 */
async function endWithin(client: pg.Client, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    client.end().then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), ms);
    }),
  ]);
  clearTimeout(timer);
  if (!ended) {
    // `connection.stream` is pg's socket; its types do not declare it.
    (
      client as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();
  }
}

/**
 * PostgreSQL LISTEN/NOTIFY, for instances that share a database but no Redis. The listening
 * connection is kept up for the life of the process: a lost connection (an error, the server
 * ending it, a failed attempt while the database is away) is retried every RECONNECT_MS until it
 * is back; `onLost` fires when it drops and again once it listens anew, since notifications sent
 * in between are gone.
 */
export function postgresTransport(connectionString: string): EventTransport {
  let listener: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  function listen(onEvent: (event: SentEvent) => void, onLost: () => void): Promise<void> {
    const client = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let lost = false;
    const reconnect = () => {
      if (lost) {
        return;
      }
      lost = true;
      if (listener === client) {
        listener = undefined;
      }
      client.end().catch(() => {});
      onLost();
      if (!closed) {
        retry = setTimeout(() => void listen(onEvent, onLost), RECONNECT_MS);
        retry.unref();
      }
    };
    client.on('notification', (message) => {
      const event = message.payload ? parseBusEvent(message.payload) : null;
      if (event) {
        onEvent(event);
      }
    });
    client.on('error', reconnect);
    client.on('end', reconnect);
    const start = async () => {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (closed) {
        await client.end();
        return;
      }
      listener = client;
      onLost();
    };
    return start().catch(reconnect);
  }

  return {
    async send(event) {
      const client = new pg.Client({
        connectionString,
        connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      });
      await client.connect();
      try {
        for (const text of notifyTexts(event)) {
          await client.query('SELECT pg_notify($1, $2)', [CHANNEL, text]);
        }
      } finally {
        await client.end();
      }
    },
    listen,
    async close() {
      closed = true;
      clearTimeout(retry);
      if (listener) {
        await endWithin(listener, END_TIMEOUT_MS);
      }
    },
  };
}

/**
 * The access event bus of this process: always in process; across processes through Redis when
 * REDIS_URL or REDIS_CLUSTER_NODES is set and PostgreSQL when DATABASE_URL is set (the embedded
 * database is held by one process only, so it needs no transport).
 */
export function createEventBusFromConfig(
  config: Pick<Config, 'redisPrefix' | 'databaseUrl'> & RedisTarget,
) {
  const transports: EventTransport[] = [];
  if (redisConfigured(config)) {
    transports.push(redisTransport(config, config.redisPrefix));
  }
  if (config.databaseUrl) {
    transports.push(postgresTransport(config.databaseUrl));
  }
  return createEventBus(transports);
}
