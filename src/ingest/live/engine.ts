import type { LoggedChange } from '../../changes/change-log.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { reanalyseTeams } from '../analyze/reanalyse.js';
import { applyChanges, type NumberedChange } from '../changes/apply.js';
import type { ChangeRecord } from '../changes/format.js';
import { type FeedResource, keyOf } from '../changes/resources.js';
import type { PitchOutput } from '../demo/match-output.js';
import { LINEUPS_BEFORE_MS } from '../demo/match-output.js';
import { createFixtureRoller } from './fixtures.js';
import { type InPlayMarket, inPlayMarketAt } from './in-play-market.js';
import { MatchScripts, type StoredFixture } from './script.js';
import { readStoredMarkets, type StoredMarket } from './stored-market.js';

/** What a match showed at the last tick: its records by resource and key, as JSON text. */
type Shown = Map<string, { resource: FeedResource; key: Record<string, unknown>; json: string }>;

export interface LiveTick {
  /** The change-log entries of what this tick wrote (empty when nothing moved). */
  changes: LoggedChange[];
  /** Matches that finished at this tick; their teams' upcoming matches were re-analysed. */
  finished: number[];
  reanalysed: number[];
  /** New fixtures scheduled at this tick (a day of the coming week had none). */
  scheduled: number[];
}

export interface LiveEngine {
  /** Moves every match to where it stands at `now` (tests call it with a fake clock). */
  tick(now: Date): Promise<LiveTick>;
}

const PITCH_RESOURCES: ReadonlyArray<[keyof PitchOutput, FeedResource]> = [
  ['match', 'matches'],
  ['events', 'events'],
  ['statistics', 'statistics'],
  ['lineups', 'lineups'],
];

const MARKET_RESOURCES: ReadonlyArray<[keyof InPlayMarket, FeedResource]> = [
  ['movements', 'movements'],
  ['odds', 'odds'],
  ['exchange', 'exchange'],
  ['regional', 'regional'],
];

function shownOf<V>(
  view: V,
  parts: ReadonlyArray<[keyof V, FeedResource]>,
  shown: Shown = new Map(),
) {
  for (const [part, resource] of parts) {
    const value = view[part];
    const records = (Array.isArray(value) ? value : [value]) as Record<string, unknown>[];
    for (const record of records) {
      const key = keyOf(resource, record);
      shown.set(`${resource}:${JSON.stringify(key)}`, {
        resource,
        key,
        json: JSON.stringify(record),
      });
    }
  }
  return shown;
}

/** Upserts of what is new or changed since `before`, deletes of what is gone. */
function diff(before: Shown | undefined, after: Shown): ChangeRecord[] {
  const out: ChangeRecord[] = [];
  for (const [id, now] of after) {
    if (before?.get(id)?.json !== now.json) {
      out.push({
        op: 'upsert',
        resource: now.resource,
        record: JSON.parse(now.json),
      } as ChangeRecord);
    }
  }
  for (const [id, was] of before ?? []) {
    if (!after.has(id)) {
      out.push({ op: 'delete', resource: was.resource, key: was.key as Record<string, number> });
    }
  }
  return out;
}

/** The matches in play or about to be (their lineups are out) at `now`. */
async function activeFixtures(db: PrismaClient, now: Date): Promise<StoredFixture[]> {
  const rows = await db.$queryRawUnsafe<
    {
      id: number;
      competition_id: number;
      home_team_id: number;
      away_team_id: number;
      kickoff: Date;
      season: string | null;
      round: string | null;
    }[]
  >(
    `SELECT id, competition_id, home_team_id, away_team_id, kickoff_utc AS kickoff, season, round
       FROM matches
      WHERE status = 'live' OR (status = 'scheduled' AND kickoff_utc <= $1::timestamptz)
      ORDER BY kickoff_utc, id`,
    new Date(now.getTime() + LINEUPS_BEFORE_MS).toISOString(),
  );
  return rows.map((r) => ({
    id: r.id,
    competitionId: r.competition_id,
    homeTeamId: r.home_team_id,
    awayTeamId: r.away_team_id,
    kickoffMs: new Date(r.kickoff).getTime(),
    season: r.season,
    round: r.round,
  }));
}

/** Records stored but not shown yet (their text unknown): the script decides which stand. */
function storedKey(shown: Shown, resource: FeedResource, key: Record<string, unknown>) {
  shown.set(`${resource}:${JSON.stringify(key)}`, { resource, key, json: '' });
}

/** Events stored for matches first seen now: the script decides which of them stand. */
async function storedEvents(db: PrismaClient, ids: number[]): Promise<Map<number, Shown>> {
  const out = new Map<number, Shown>();
  if (ids.length === 0) {
    return out;
  }
  const rows = await db.$queryRawUnsafe<{ match_id: number; seq: number }[]>(
    `SELECT match_id, seq FROM match_events WHERE match_id = ANY($1::int[])`,
    ids,
  );
  for (const r of rows) {
    const map = out.get(r.match_id) ?? new Map();
    storedKey(map, 'events', { matchId: r.match_id, seq: r.seq });
    out.set(r.match_id, map);
  }
  return out;
}

/**
 * The demo's live engine (docs/live.md): at each tick, every match from an hour before its
 * kick-off until it ends is moved to where its script (script.ts) stands, through the one
 * writer (`applyChanges`), which logs what really changed. It remembers what each match
 * showed; a match it has not seen yet (a start, a writer taking over) gets its whole state, and
 * its stored events the script no longer shows are deleted, so nothing is repeated or missed.
 * A match that finishes has its teams' upcoming matches re-analysed, those matches only.
 */
class ScriptedLiveEngine implements LiveEngine {
  readonly #db: PrismaClient;
  readonly #seed: number;
  readonly #scripts: MatchScripts;
  readonly #fixtures: ReturnType<typeof createFixtureRoller>;
  /** What each match in play showed at the last tick. */
  readonly #shown = new Map<number, Shown>();
  /** The stored market of each match in play, read once when it kicked off. */
  readonly #markets = new Map<number, StoredMarket>();

  constructor(db: PrismaClient, seed: number) {
    this.#db = db;
    this.#seed = seed;
    this.#scripts = new MatchScripts(seed);
    this.#fixtures = createFixtureRoller(db, seed);
  }

  async tick(now: Date): Promise<LiveTick> {
    const rolled = await this.#fixtures.roll(now);
    const active = await activeFixtures(this.#db, now);
    const unseen = await this.#unseenRecords(active, now);
    const batch: NumberedChange[] = [];
    const finished: StoredFixture[] = [];
    const next = new Map<number, Shown>();
    for (const f of active) {
      const played = this.#scripts.playAt(f, now.getTime());
      if (!played) {
        continue;
      }
      const { view } = played;
      const after = shownOf(view, PITCH_RESOURCES);
      this.#marketShown(f, played, now, after);
      const before = this.#shown.get(f.id) ?? unseen.get(f.id);
      for (const change of diff(before, after)) {
        batch.push({ line: batch.length + 1, change });
      }
      if (view.match.status === 'live' || view.match.status === 'scheduled') {
        next.set(f.id, after);
      } else if (view.match.status === 'finished') {
        finished.push(f);
      }
    }
    const changes = await applyChanges(this.#db, batch, 'live', now);
    this.#remember(next);
    const reanalysed = await reanalyseTeams(
      this.#db,
      finished.flatMap((f) => [f.homeTeamId, f.awayTeamId]),
      now,
    );
    return {
      changes: [...rolled.changes, ...changes, ...reanalysed.changes],
      finished: finished.map((f) => f.id),
      reanalysed: reanalysed.ids,
      scheduled: rolled.matchIds,
    };
  }

  /**
   * What matches first seen now have stored already (their events, their in-play movements),
   * with the markets of the matches that have kicked off read: the script decides which stand.
   */
  async #unseenRecords(active: readonly StoredFixture[], now: Date): Promise<Map<number, Shown>> {
    const unseen = await storedEvents(
      this.#db,
      active.filter((f) => !this.#shown.has(f.id)).map((f) => f.id),
    );
    await this.#playingMarkets(active, now);
    for (const f of active.filter((f) => !this.#shown.has(f.id))) {
      const before = unseen.get(f.id) ?? new Map();
      for (const row of this.#markets.get(f.id)?.inPlayRows ?? []) {
        storedKey(before, 'movements', { matchId: f.id, ...row });
      }
      unseen.set(f.id, before);
    }
    return unseen;
  }

  /** The stored market of matches that have kicked off, read once per match while it plays. */
  async #playingMarkets(active: readonly StoredFixture[], now: Date): Promise<void> {
    const wanted = active.filter((f) => f.kickoffMs <= now.getTime() && !this.#markets.has(f.id));
    for (const [id, market] of await readStoredMarkets(
      this.#db,
      wanted.map((f) => f.id),
    )) {
      this.#markets.set(id, market);
    }
  }

  /** What a match that has kicked off shows of its in-play market at `now`. */
  #marketShown(
    f: StoredFixture,
    { view, m, xg }: NonNullable<ReturnType<MatchScripts['playAt']>>,
    now: Date,
    shown: Shown,
  ): void {
    const market = this.#markets.get(f.id);
    const playing = view.match.status === 'live' || view.match.status === 'finished';
    if (!market || !playing) {
      return;
    }
    const state = inPlayMarketAt(this.#seed, m, xg, view.events, market, now.getTime());
    shownOf(state, MARKET_RESOURCES, shown);
  }

  /** The matches still in play are what the next tick compares with; the others are forgotten. */
  #remember(next: ReadonlyMap<number, Shown>): void {
    this.#shown.clear();
    for (const [id, s] of next) {
      this.#shown.set(id, s);
    }
    for (const id of this.#markets.keys()) {
      if (!next.has(id)) {
        this.#markets.delete(id);
      }
    }
  }
}

export function createLiveEngine(db: PrismaClient, seed: number): LiveEngine {
  return new ScriptedLiveEngine(db, seed);
}
