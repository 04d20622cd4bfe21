import { clockAt, DAY_MS, FULL_TIME_ELAPSED, hkDayStart, MINUTE_MS } from '../clock.js';
import { FIRST_MATCH_ID, type MatchStatus } from '../model.js';
import { Rng } from '../random.js';
import { WEEK_MS, weekStartOf } from './calendar.js';
import type { Fixture } from './fixtures.js';
import { FixtureFactory } from './fixtures.js';
import { buildTeams, type TeamInfo } from './teams.js';

export interface ScheduledMatch extends Fixture {
  id: number;
}

interface Schedule {
  teams: Map<number, TeamInfo[]>;
  matches: ScheduledMatch[];
}

/** Minutes after kick-off of the matches forced live, so HT and stoppage time always appear. */
const LIVE_ELAPSED = [52, 47, 85, 111, 23, 8, 38, 73, 96, 110, 12, 60, 31, 102, 46, 67];
/** The oldest kick-off the import takes (years 1800 to 2999): history stops there. */
const HISTORY_FLOOR = Date.UTC(1800, 0, 1);
/** A midweek round's kick-off after its weekend round's. */
const MIDWEEK_MS = 3.5 * DAY_MS;
const DENSE_WEEKS = 8;
const SPAN_WEEKS = 100;
/** Roughly how many fixtures the ten competitions play in a week in season. */
const FIXTURES_PER_WEEK = 80;

function liveTarget(matches: number): number {
  return Math.min(Math.max(Math.round(matches * 0.006), 4), 30, Math.floor(matches / 10));
}

interface Buckets {
  past: Fixture[];
  live: Fixture[];
  upcoming: Fixture[];
}

/**
 * Share of fixtures kept before the last DENSE_WEEKS: small demos keep a sample reaching back
 * about two seasons (so head-to-head and form have history); large ones keep every fixture.
 */
function keepShare(matches: number): number {
  const older = matches - DENSE_WEEKS * FIXTURES_PER_WEEK;
  return Math.min(1, Math.max(0.03, older / ((SPAN_WEEKS - DENSE_WEEKS) * FIXTURES_PER_WEEK)));
}

function collect(
  factory: FixtureFactory,
  matches: number,
  now: number,
  windowEnd: number,
  rng: Rng,
): Buckets {
  const b: Buckets = { past: [], live: [], upcoming: [] };
  const finishedBefore = now - FULL_TIME_ELAPSED * MINUTE_MS;
  const denseFrom = now - DENSE_WEEKS * WEEK_MS;
  const keep = keepShare(matches);
  let week = weekStartOf(windowEnd - 1);
  for (; week >= HISTORY_FLOOR; week -= WEEK_MS) {
    for (const f of factory.week(week)) {
      if (f.kickoff >= windowEnd || (f.kickoff < denseFrom && keep < 1 && !rng.chance(keep))) {
        continue;
      }
      const bucket = f.kickoff > now ? b.upcoming : f.kickoff > finishedBefore ? b.live : b.past;
      bucket.push(f);
    }
    if (week + WEEK_MS < finishedBefore && b.past.length >= matches) {
      break;
    }
  }
  if (b.past.length < matches) {
    addMidweekRounds(factory, b.past, matches, { from: week + WEEK_MS, until: denseFrom });
  }
  return b;
}

/**
 * Large demos (about 590,000 matches fit between 1800 and today at ~49 a week): the oldest weeks
 * get a midweek round too, each weekend fixture's return 3.5 days later (home and away swapped),
 * from 1800 on until there are enough (at most twice the weekly calendar). Recent weeks keep
 * their one round a week.
 */
function addMidweekRounds(
  factory: FixtureFactory,
  past: Fixture[],
  matches: number,
  weeks: { from: number; until: number },
) {
  for (let week = weeks.from; past.length < matches && week < weeks.until; week += WEEK_MS) {
    for (const f of factory.week(week)) {
      past.push({ ...f, home: f.away, away: f.home, kickoff: f.kickoff + MIDWEEK_MS });
    }
  }
}

function setLive(f: Fixture, kickoff: number, now: number): void {
  f.kickoff = kickoff;
  f.status = 'live';
  f.clock = clockAt(Math.round((now - kickoff) / MINUTE_MS));
}

const byKickoff = (a: Fixture, b: Fixture) =>
  a.kickoff - b.kickoff || a.comp.id - b.comp.id || a.home.id - b.home.id;

/** Postponed, cancelled, abandoned and suspended matches: rare, but at least one of each of the first three. */
function markIrregular(past: Fixture[], upcoming: Fixture[], rng: Rng): void {
  const marks: Array<[MatchStatus, number]> = [
    ['postponed', 0.002],
    ['cancelled', 0.002],
    ['abandoned', 0.002],
    ['suspended', 0.0005],
  ];
  marks.forEach(([status, p], k) => {
    let hits = 0;
    for (const f of past) {
      if (f.status === 'finished' && rng.chance(p)) {
        f.status = status;
        hits++;
      }
    }
    const fallback = past[5 + 6 * k];
    if (hits === 0 && status !== 'suspended' && fallback && past.length >= 30) {
      fallback.status = status;
    }
  });
  for (const f of past) {
    if (f.status === 'abandoned' || f.status === 'suspended') {
      f.clock = clockAt(rng.int(20, 100));
    }
  }
  upcoming.forEach((f, i) => {
    if (rng.chance(0.02) || i === 7) {
      f.status = 'postponed';
    }
  });
}

/** The demo's fixture list: past seasons, live matches, today and the coming seven days (HK time). */
export function buildSchedule(seed: number, matches: number, now: number): Schedule {
  const teams = buildTeams();
  const windowEnd = hkDayStart(now) + 8 * DAY_MS;
  const b = collect(
    new FixtureFactory(seed, teams),
    matches,
    now,
    windowEnd,
    new Rng(seed, 'keep'),
  );
  b.upcoming.sort(byKickoff);
  for (const f of b.live) {
    setLive(f, f.kickoff, now);
  }
  const nowMinute = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const forced = Math.max(0, liveTarget(matches) - b.live.length);
  b.upcoming.splice(0, forced).forEach((f, i) => {
    setLive(f, nowMinute - (LIVE_ELAPSED[i % LIVE_ELAPSED.length] ?? 30) * MINUTE_MS, now);
    b.live.push(f);
  });
  const upcoming = b.upcoming.slice(0, Math.floor(matches * 0.3));
  for (const f of upcoming) {
    f.status = 'scheduled';
  }
  const past = b.past
    .sort((x, y) => byKickoff(y, x))
    .slice(0, Math.max(0, matches - upcoming.length - b.live.length));
  markIrregular(past, upcoming, new Rng(seed, 'irregular'));
  const all = [...past, ...b.live, ...upcoming].sort(byKickoff).slice(0, matches);
  return { teams, matches: all.map((f, i) => Object.assign(f, { id: FIRST_MATCH_ID + i })) };
}
