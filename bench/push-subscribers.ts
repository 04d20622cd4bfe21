/**
 * The subscribers of `npm run bench:push` (bench/push.ts): Server-Sent Events readers of
 * `/v1/football/stream` and graphql-ws subscribers of `matchUpdated`, each noting when every
 * change reached it. A change's delivery time is from its write (the change's `at`, set by the
 * writer on this machine) to the moment the last of its subscribers read it.
 */
import http from 'node:http';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';

/** Per change (seq): when it was written, how many subscribers read it, when the last did. */
export class Deliveries {
  readonly #written = new Map<string, number>();
  readonly #match = new Map<string, number>();
  readonly #last = new Map<string, number>();
  readonly #count = new Map<string, number>();

  note(seq: string, at: string, matchId: number): void {
    const now = Date.now();
    if (!this.#written.has(seq)) {
      this.#written.set(seq, Date.parse(at));
      this.#match.set(seq, matchId);
    }
    this.#last.set(seq, now);
    this.#count.set(seq, (this.#count.get(seq) ?? 0) + 1);
  }

  /** Each change read: when it was written, when its last subscriber here read it, how often. */
  *changes(): Generator<{
    seq: string;
    matchId: number;
    written: number;
    last: number;
    count: number;
  }> {
    for (const [seq, written] of this.#written) {
      yield {
        seq,
        matchId: this.#match.get(seq) ?? 0,
        written,
        last: this.#last.get(seq) ?? written,
        count: this.#count.get(seq) ?? 0,
      };
    }
  }
}

/**
 * Delivery times (ms) of the changes written from `from` on, to the last subscriber of any of
 * `groups`, and how many deliveries that was.
 */
export function deliveryTimes(
  groups: readonly Deliveries[],
  from: number,
  until = Number.POSITIVE_INFINITY,
) {
  const last = new Map<string, { written: number; last: number }>();
  let deliveries = 0;
  for (const group of groups) {
    for (const change of group.changes()) {
      if (change.written < from || change.written >= until) {
        continue;
      }
      deliveries += change.count;
      const seen = last.get(change.seq);
      if (!seen || change.last > seen.last) {
        last.set(change.seq, { written: change.written, last: change.last });
      }
    }
  }
  const ms = [...last.values()].map((c) => c.last - c.written);
  return { ms, deliveries, changes: ms.length, seqs: new Set(last.keys()) };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const SEQ = /"seq":"(\d+)"/;
const AT = /"at":"([^"]+)"/;
const MATCH = /"matchId":(\d+)/;

/**
 * One `GET /v1/football/stream` reader; resolves when the stream answered (its status). Only
 * `seq` and `at` are read out of each event (the value is not parsed: the client's CPU is the
 * server's on this machine).
 */
export function openSseSubscriber(
  url: string,
  key: string,
  deliveries: Deliveries,
): Promise<{ status: number; close: () => void }> {
  return new Promise((resolve) => {
    const request = http.get(
      url,
      { agent, headers: { authorization: `Bearer ${key}` } },
      (response) => {
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.includes('event: change')) {
              const seq = SEQ.exec(block)?.[1];
              const at = AT.exec(block)?.[1];
              if (seq && at) {
                deliveries.note(seq, at, Number(MATCH.exec(block)?.[1]));
              }
            }
            cut = buffer.indexOf('\n\n');
          }
        });
        response.on('error', () => {});
        resolve({ status: response.statusCode ?? 0, close: () => request.destroy() });
      },
    );
    request.on('error', () => resolve({ status: 0, close: () => {} }));
  });
}

/** One graphql-ws client (its own socket, as a browser tab) subscribed to `matchUpdated`. */
export async function openGraphqlSubscriber(
  url: string,
  key: string,
  matchId: number,
  deliveries: Deliveries,
): Promise<{ ok: boolean; close: () => void }> {
  const client = createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: { Authorization: `Bearer ${key}` },
    retryAttempts: 0,
    lazy: false,
  });
  const opened = new Promise<boolean>((resolve) => {
    client.on('connected', () => resolve(true));
    client.on('closed', () => resolve(false));
  });
  client.subscribe(
    {
      query: `subscription ($id: Int!) {
        matchUpdated(id: $id) { seq at match { id minute score { current } corners } }
      }`,
      variables: { id: matchId },
    },
    {
      next: (result) => {
        const change = result.data?.['matchUpdated'] as
          | { seq: string; at: string; match: { id: number } }
          | undefined;
        if (change) {
          deliveries.note(change.seq, change.at, change.match.id);
        }
      },
      error: () => {},
      complete: () => {},
    },
  );
  return { ok: await opened, close: () => void client.dispose() };
}
