/**
 * The freshness row (issue 47, docs/benchmarks.md "Sync"): a change the provider stand-in starts
 * serving reaches an SSE subscriber of its match within the poll interval + 250 ms, p99. A
 * `touchline serve` with `SOURCES=sportmonks` polls the stand-in every `SPORTMONKS_POLL_SECONDS`;
 * the bench moves the stand-in to the next change, notes the moment, and notes when the
 * subscriber reads the match at that change. The next change comes after the previous one
 * arrived and a random wait of up to one poll interval, so the changes fall at every phase of
 * the poll loop, one per poll at most (a second change within one poll would never be seen).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { startStandIn } from '../../scripts/provider-stand-in.js';
import { createAccountsService } from '../../src/accounts/accounts.js';
import { seedPlans } from '../../src/accounts/plans-seed.js';
import { openDatabase } from '../../src/db/database.js';
import { Rng } from '../../src/ingest/demo/random.js';
import { freePort, log, startServer, TOUCHLINE_SERVE } from '../processes.js';
import { percentile, round, significant } from '../stats.js';
import { changeOf, liveSession } from './live-session.js';
import { SPORTMONKS_TOKEN } from './sportmonks-session.js';
import { openStream, type StreamChange } from './sse-reader.js';
import type { Store } from './stores.js';

/** What the issue allows on top of the poll interval. */
export const FRESHNESS_SLACK_MS = 250;

export interface FreshnessResult {
  config: string;
  pollMs: number;
  changes: number;
  arrived: number;
  /** Served, never pushed within poll + 10 s. */
  missed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** p99 / (poll + 250 ms): met when <= 1 and nothing was missed. */
  ratio: number;
  met: boolean;
}

async function proKey(store: Store): Promise<string> {
  const database = await openDatabase({ dataDir: store.dataDir, databaseUrl: store.databaseUrl });
  try {
    await seedPlans(database.prisma);
    const accounts = createAccountsService({ db: database.prisma });
    const account = await accounts.createAccount('Pro');
    return (await accounts.createKey(account.id, { expiresAt: null })).key;
  } finally {
    await database.close();
  }
}

/** The touchline id of the one live match, once the server's first full pass has stored it. */
async function liveMatchId(url: string, key: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const answer = await fetch(`${url}/v1/football/matches/live`, {
      headers: { authorization: `Bearer ${key}` },
    });
    if (answer.ok) {
      const body = (await answer.json()) as { data?: { id: number }[] };
      const id = body.data?.[0]?.id;
      if (id !== undefined) {
        return id;
      }
    }
    await sleep(200);
  }
  throw new Error(`no live match on ${url} after ${timeoutMs} ms`);
}

/** Arrival times of the changes, by change number; resolves waiters as they arrive. */
class Arrivals {
  readonly at = new Map<number, number>();
  private readonly waiting = new Map<number, () => void>();

  note(change: StreamChange): void {
    const now = performance.now();
    const k = change.resource === 'detail' ? changeOf(change.value as never) : null;
    if (k !== null && !this.at.has(k)) {
      this.at.set(k, now);
      this.waiting.get(k)?.();
    }
  }

  /** True when change k arrives within `ms`. */
  async until(k: number, ms: number): Promise<boolean> {
    if (this.at.has(k)) {
      return true;
    }
    const arrived = new Promise<boolean>((resolve) => this.waiting.set(k, () => resolve(true)));
    const late = sleep(ms, false);
    const result = await Promise.race([arrived, late]);
    this.waiting.delete(k);
    return result;
  }
}

export async function measureFreshness(
  store: Store,
  options: { changes: number; pollSeconds: number; logDir: string },
): Promise<FreshnessResult> {
  const pollMs = options.pollSeconds * 1000;
  const key = await proKey(store);
  const standIn = await startStandIn(liveSession(new Date(), options.changes));
  const port = await freePort();
  const server = await startServer({
    name: `sync-freshness-${store.kind}`,
    ...TOUCHLINE_SERVE,
    env: {
      ...store.env,
      PORT: String(port),
      SOURCES: 'sportmonks',
      SPORTMONKS_URL: standIn.url,
      SPORTMONKS_TOKEN,
      SPORTMONKS_COMPETITIONS: '8',
      SPORTMONKS_POLL_SECONDS: String(options.pollSeconds),
      // The free plan's 180 an hour would stop a poll a second within minutes.
      SPORTMONKS_BUDGET: '100000/hour',
    },
    port,
    readyPath: '/readyz',
    logDir: options.logDir,
  });
  const arrivals = new Arrivals();
  let stream: { close(): void } | undefined;
  const served = new Map<number, number>();
  try {
    const matchId = await liveMatchId(server.url, key, 60_000);
    const opened = await openStream(server.url, key, [matchId], (c) => arrivals.note(c));
    stream = opened;
    if (opened.status !== 200) {
      throw new Error(`the stream answered ${opened.status}`);
    }
    const rng = new Rng('bench-sync', 'freshness');
    for (let k = 1; k <= options.changes; k++) {
      standIn.step(`change-${k}`);
      served.set(k, performance.now());
      await arrivals.until(k, pollMs + 10_000);
      await sleep(rng.float() * pollMs);
      if (k % 50 === 0) {
        log(`freshness ${store.kind}: ${k} of ${options.changes} changes`);
      }
    }
    await sleep(pollMs + 1000);
  } finally {
    stream?.close();
    await server.stop();
    await standIn.stop();
  }
  const latencies = [...served].flatMap(([k, at]) => {
    const arrived = arrivals.at.get(k);
    return arrived === undefined ? [] : [arrived - at];
  });
  const p99 = percentile(latencies, 99);
  const missed = options.changes - latencies.length;
  const ratio = significant(p99 / (pollMs + FRESHNESS_SLACK_MS));
  return {
    config: store.kind,
    pollMs,
    changes: options.changes,
    arrived: latencies.length,
    missed,
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(p99, 1),
    maxMs: round(Math.max(0, ...latencies), 1),
    ratio,
    met: missed === 0 && ratio <= 1,
  };
}
