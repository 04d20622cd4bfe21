import type { LoggedChange } from '../../changes/change-log.js';
import type { PrismaClient } from '../../db/generated/client.js';
import { analyzeLogged } from '../analyze/analyze.js';
import { applyChanges, type NumberedChange } from '../changes/apply.js';
import type { ChangeRecord } from '../changes/format.js';
import { type FeedResource, RESOURCE_OF_FILE } from '../changes/resources.js';
import { WEEK_MS, weekStartOf } from '../demo/calendar/calendar.js';
import { type Fixture, FixtureFactory } from '../demo/calendar/fixtures.js';
import { buildTeams } from '../demo/calendar/teams.js';
import { DAY_MS, HK_OFFSET_MS, hkDayStart } from '../demo/clock.js';
import { MATCH_FILES } from '../demo/folder-writer.js';
import { MatchGenerator } from '../demo/match-output.js';

/** Today and the coming week, in Hong Kong days (DECISIONS.md "Live data"; the demo's window). */
const WINDOW_DAYS = 8;

interface NewFixtures {
  matchIds: number[];
  changes: LoggedChange[];
}

/**
 * Rolling fixtures: the days of the window (today and the coming week, Hong Kong time) that hold
 * no match yet get the demo calendar's fixtures of that day, as the demo would have generated
 * them (odds, boards, reports, tips), written through the one writer and then analysed. A
 * fixture already stored (the demo moves a few to make them live) is not added twice. Days
 * that have passed keep their matches as history.
 */
export function createFixtureRoller(db: PrismaClient, seed: number) {
  const factory = new FixtureFactory(seed, buildTeams());
  let checkedDay: number | null = null;

  async function storedDays(from: number, to: number): Promise<Set<number>> {
    const rows = await db.$queryRawUnsafe<{ day: number }[]>(
      `SELECT DISTINCT floor((extract(epoch FROM kickoff_utc) * 1000 + $3::float8) / $4::float8)::int AS day
         FROM matches WHERE kickoff_utc >= $1::timestamptz AND kickoff_utc < $2::timestamptz`,
      new Date(from).toISOString(),
      new Date(to).toISOString(),
      HK_OFFSET_MS,
      DAY_MS,
    );
    return new Set(rows.map((r) => Number(r.day)));
  }

  function fixturesOf(dayStart: number): Fixture[] {
    const out: Fixture[] = [];
    for (let week = weekStartOf(dayStart) - WEEK_MS; week <= dayStart; week += WEEK_MS) {
      for (const f of factory.week(week)) {
        if (f.kickoff >= dayStart && f.kickoff < dayStart + DAY_MS) {
          out.push(f);
        }
      }
    }
    return out.sort((a, b) => a.kickoff - b.kickoff || a.comp.id - b.comp.id);
  }

  async function notStored(fixtures: Fixture[]): Promise<Fixture[]> {
    if (fixtures.length === 0) {
      return [];
    }
    const rows = await db.$queryRawUnsafe<{ key: string }[]>(
      `SELECT concat_ws('|', competition_id, home_team_id, away_team_id, season, round) AS key
         FROM matches WHERE home_team_id = ANY($1::int[])`,
      fixtures.map((f) => f.home.id),
    );
    const stored = new Set(rows.map((r) => r.key));
    return fixtures.filter(
      (f) => !stored.has([f.comp.id, f.home.id, f.away.id, f.season, f.round].join('|')),
    );
  }

  return {
    /** Adds what the window lacks; checks once per Hong Kong day (and at the first call). */
    async roll(now: Date): Promise<NewFixtures> {
      const today = hkDayStart(now.getTime());
      if (checkedDay === today) {
        return { matchIds: [], changes: [] };
      }
      const end = today + WINDOW_DAYS * DAY_MS;
      const have = await storedDays(today, end);
      const missing: Fixture[] = [];
      for (let day = today; day < end; day += DAY_MS) {
        const index = Math.floor((day + HK_OFFSET_MS) / DAY_MS);
        if (!have.has(index)) {
          missing.push(...fixturesOf(day));
        }
      }
      const fresh = (await notStored(missing)).filter((f) => f.kickoff > now.getTime());
      checkedDay = today;
      if (fresh.length === 0) {
        return { matchIds: [], changes: [] };
      }
      const rows = await db.$queryRawUnsafe<{ max: number | null }[]>(
        'SELECT max(id) AS max FROM matches',
      );
      const firstId = (rows[0]?.max ?? 0) + 1;
      const generator = new MatchGenerator(seed, now.getTime());
      const batch: NumberedChange[] = [];
      const ids: number[] = [];
      fresh.forEach((f, i) => {
        const id = firstId + i;
        ids.push(id);
        const out = generator.generate({ ...f, id, status: 'scheduled', clock: null });
        for (const [file, pick] of MATCH_FILES) {
          const resource = RESOURCE_OF_FILE.get(file) as FeedResource;
          for (const record of pick(out)) {
            const change = { op: 'upsert', resource, record } as ChangeRecord;
            batch.push({ line: batch.length + 1, change });
          }
        }
      });
      const changes = await applyChanges(db, batch, 'live fixtures', now);
      const analysed = await analyzeLogged(db, { matchIds: ids });
      return { matchIds: ids, changes: [...changes, ...analysed.changes] };
    },
  };
}
