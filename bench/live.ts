/**
 * The rows under live writes (issue 13, docs/benchmarks.md "Under live writes"): 300 matches made
 * live, a provider feed (`touchline feed -`, the product's own writer) changing them at about 60
 * change records a second, and a second instance reading what the feed wrote.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { HONG_KONG_TZ, todayIn } from '../src/football/match-day.js';
import { log, spawnWithInput } from './processes.js';
import type { Condition } from './rounds.js';
import { type TouchlineConfig, touchlineEnv } from './servers.js';
import { percentile } from './stats.js';

const LIVE_MATCHES = 300;
/** Change records a second the feed writes (half match rows, half events). */
export const LIVE_RECORDS_PER_SECOND = 60;
const WRITE_EVERY_MS = 1000;
/** Discarded load per still row on the fresh instances before the still rows are measured. */
export const LIVE_SETTLE_SECONDS = 3;
const VISIBILITY_CHANGES = 1000;
/** A change not seen within this long counts as this long (and the run says so). */
const VISIBILITY_GIVE_UP_MS = 5000;

/** A live match as the import format writes it (every field, since an upsert replaces it). */
type MatchRecord = Record<string, string | number>;

const RECORD_COLUMNS = `id, competition_id AS "competitionId", home_team_id AS "homeTeamId",
  away_team_id AS "awayTeamId", to_char(kickoff_utc AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "kickoffUtc",
  'live' AS status, season, round, venue, 0 AS "homeScore", 0 AS "awayScore", 0 AS "homeCorners", 0 AS "awayCorners"`;

/**
 * Makes `LIVE_MATCHES` matches (not `keep`, the still match the detail rows read) live at
 * minute 1, in the database itself (the bench's own set-up, not a product write), and returns
 * their records.
 */
export async function makeMatchesLive(databaseUrl: string, keep: number): Promise<MatchRecord[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<MatchRecord>(
      `UPDATE matches SET status = 'live', minute = '1', home_score = 0, away_score = 0,
              home_corners = 0, away_corners = 0
        WHERE id IN (SELECT id FROM matches WHERE id <> $1 ORDER BY kickoff_utc DESC LIMIT $2)
        RETURNING ${RECORD_COLUMNS}`,
      [keep, LIVE_MATCHES],
    );
    return rows.map((r) =>
      Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)),
    ) as MatchRecord[];
  } finally {
    await client.end();
  }
}

/**
 * The Hong Kong day (the list's default tz) holding the most live matches: the GraphQL page row
 * reads it, so the feed's changes reach that page.
 */
export function busiestLiveDay(matches: readonly MatchRecord[]): string {
  const counts = new Map<string, number>();
  for (const match of matches) {
    const day = todayIn(HONG_KONG_TZ, new Date(String(match['kickoffUtc'])));
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  const [busiest] = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (!busiest) {
    throw new Error('no live matches');
  }
  return busiest[0];
}

export async function changesLogged(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM change_log');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

const upsert = (resource: string, record: object) =>
  JSON.stringify({ op: 'upsert', resource, record });

/** `touchline feed -`: batches written to its standard input, one blank line after each. */
export class Feed {
  readonly #child: ChildProcess;

  constructor(config: TouchlineConfig, logDir: string) {
    this.#child = spawnWithInput(
      'touchline-feed',
      ['app/main.ts', 'feed', '-'],
      touchlineEnv(config),
      logDir,
    );
  }

  get pid(): number {
    return this.#child.pid ?? 0;
  }

  write(lines: string[]): void {
    this.#child.stdin?.write(`${lines.join('\n')}\n\n`);
  }

  async stop(): Promise<void> {
    if (this.#child.exitCode !== null) {
      return;
    }
    const exited = once(this.#child, 'exit');
    this.#child.stdin?.end();
    const timer = setTimeout(() => this.#child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * About `LIVE_RECORDS_PER_SECOND` change records a second through the feed, round robin over the
 * live matches: each a new minute and corner count on the match row, and a corner event.
 */
export class LiveWriter {
  #timer: NodeJS.Timeout | undefined;
  #tick = 0;

  /** `writeEveryMs`: how often a batch goes to the feed (the rate stays the same). */
  constructor(
    private readonly feed: Feed,
    private readonly matches: MatchRecord[],
    private readonly writeEveryMs = WRITE_EVERY_MS,
  ) {}

  start(): void {
    const perTick = Math.max(
      1,
      Math.round((LIVE_RECORDS_PER_SECOND * this.writeEveryMs) / 1000 / 2),
    );
    this.#timer = setInterval(() => {
      const lines: string[] = [];
      for (let i = 0; i < perTick; i++) {
        const n = this.#tick * perTick + i;
        const match = this.matches[n % this.matches.length] as MatchRecord;
        const round = Math.floor(n / this.matches.length);
        const minute = 1 + (round % 90);
        lines.push(
          upsert('matches', { ...match, minute: String(minute), homeCorners: round + 1 }),
          upsert('events', {
            matchId: match['id'],
            seq: 1000 + round,
            minute,
            type: 'corner',
            side: 'home',
          }),
        );
      }
      this.#tick += 1;
      this.feed.write(lines);
    }, this.writeEveryMs);
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}

/**
 * The writer as a condition of interleaved rounds (bench/rounds.ts): on while the moving rows are
 * measured, off for the still ones; `firstStart` runs once, with the writer on, before the first
 * moving row. Counts the seconds the writer was on, for the rate it wrote at.
 */
export class FeedTime implements Condition {
  #onMs = 0;
  #since: number | undefined;
  #started = false;

  constructor(
    private readonly writer: LiveWriter,
    private readonly firstStart: () => Promise<void>,
  ) {}

  async start(): Promise<void> {
    this.writer.start();
    this.#since = Date.now();
    if (!this.#started) {
      this.#started = true;
      await this.firstStart();
    }
  }

  stop(): void {
    this.writer.stop();
    if (this.#since !== undefined) {
      this.#onMs += Date.now() - this.#since;
      this.#since = undefined;
    }
  }

  seconds(): number {
    return Math.max(0.001, this.#onMs / 1000);
  }
}

export interface Visibility {
  config: string;
  changes: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Changes not seen within VISIBILITY_GIVE_UP_MS (counted at that time). */
  unseen: number;
}

/**
 * Writes `VISIBILITY_CHANGES` changes of one live match's corner count through the feed (instance
 * A's writer) and times each until instance B's REST detail, polled back to back, shows it: B
 * answers from its cache until the change's event evicts the entry.
 */
export async function measureVisibility(
  config: string,
  feed: Feed,
  readerUrl: string,
  key: string,
  match: MatchRecord,
): Promise<Visibility> {
  const url = `${readerUrl}/v1/football/matches/${match['id']}`;
  const corners = async () => {
    const response = await fetch(url, { headers: { 'x-api-key': key } });
    const body = (await response.json()) as { data?: { corners?: string } };
    return body.data?.corners ?? '';
  };
  const times: number[] = [];
  let unseen = 0;
  for (let i = 1; i <= VISIBILITY_CHANGES; i++) {
    // A count pair no earlier change wrote (counts stop at 1,000 in the import format).
    const [home, away] = [i % 1000, Math.floor(i / 1000) + 1];
    const wanted = `${home}-${away}`;
    await corners();
    const started = performance.now();
    feed.write([
      upsert('matches', { ...match, minute: '60', homeCorners: home, awayCorners: away }),
    ]);
    let seen = false;
    while (!seen && performance.now() - started < VISIBILITY_GIVE_UP_MS) {
      seen = (await corners()) === wanted;
    }
    unseen += seen ? 0 : 1;
    times.push(performance.now() - started);
    if (unseen >= 3 && unseen === i) {
      log('  the first changes never showed on the second instance: stopped (see the feed log)');
      break;
    }
    if (i % 250 === 0) {
      log(`  ${i} changes, p99 so far ${percentile(times, 99).toFixed(1)} ms`);
    }
  }
  const round1 = (v: number) => Math.round(v * 10) / 10;
  return {
    config,
    changes: times.length,
    p50Ms: round1(percentile(times, 50)),
    p99Ms: round1(percentile(times, 99)),
    maxMs: round1(Math.max(...times)),
    unseen,
  };
}
