import { expect, it } from 'vitest';
import type { LoggedChange } from '../../../src/changes/change-log.js';
import { embeddedLease, type WriterLease } from '../../../src/ingest/live/writer-lease.js';
import { ReplayError } from '../../../src/ingest/replay/errors.js';
import type { ReplayClock } from '../../../src/ingest/replay/player.js';
import { runReplay } from '../../../src/ingest/replay/run.js';
import { buildTimeline, type ReplayTimeline } from '../../../src/ingest/replay/timeline.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { fixtureInput } from '../../helpers/statsbomb-fixture.js';

const KICKOFF = Date.parse('2026-11-25T19:00:00.000Z');
const MIN = 60_000;

/** Moves only when the replay sleeps: 110 minutes of match in a few hundred milliseconds. */
function fakeClock(start: number): ReplayClock {
  let now = start;
  return {
    now: () => now,
    sleep: async (ms, signal) => {
      if (!signal.aborted) {
        now += ms;
      }
    },
  };
}

interface Seen {
  at: number;
  status: string;
  minute: string | null;
  score: string;
}

describeEachDatabase('touchline replay writes a match through the feed’s writer', ({ db }) => {
  const prisma = () => db().prisma;
  const timeline = buildTimeline(fixtureInput(), {
    kickoffUtc: new Date(KICKOFF).toISOString(),
  });
  const matchId = timeline.ids.matchId;

  /** Plays `plan` with a fake clock from an hour and a half before kick-off. */
  async function play(plan: ReplayTimeline, lease: WriterLease = embeddedLease()) {
    const clock = fakeClock(KICKOFF - 90 * MIN);
    const seen: Seen[] = [];
    const logged: LoggedChange[] = [];
    const lines: string[] = [];
    const summary = await runReplay({
      db: prisma(),
      timeline: plan,
      kickoffMs: KICKOFF,
      speed: 1,
      clock,
      lease,
      leasePollMs: 2_000,
      signal: new AbortController().signal,
      onChanged: async (changes) => {
        logged.push(...changes);
        const m = await prisma().match.findUniqueOrThrow({ where: { id: plan.ids.matchId } });
        const score = `${m.homeScore ?? '-'}-${m.awayScore ?? '-'}`;
        seen.push({ at: clock.now() - KICKOFF, status: m.status, minute: m.minute, score });
      },
      report: (line) => lines.push(line),
    });
    return { summary, seen, logged, lines };
  }
  const when = (seen: Seen[], atMs: number) => seen.findLast((s) => s.at <= atMs);

  it('plays the match from the team sheets to the final whistle', async () => {
    const { summary, seen, logged, lines } = await play(timeline);
    expect(summary).toMatchObject({ matchId, steps: timeline.steps.length, finished: true });
    expect(seen[0]).toMatchObject({ at: -90 * MIN, status: 'scheduled', score: '---' });
    expect(when(seen, 0)).toMatchObject({ status: 'live', minute: '1', score: '0-0' });
    expect(when(seen, 3 * MIN + 13_000)).toMatchObject({ minute: '3', score: '1-0' });
    expect(when(seen, 50 * MIN)).toMatchObject({ minute: 'HT', score: '1-0' });
    expect(when(seen, 72 * MIN)).toMatchObject({ minute: '55', score: '1-1' });
    expect(seen.at(-1)).toMatchObject({ at: 110 * MIN, status: 'finished', score: '1-2' });
    expect(lines).toContain("replay: 3' goal Northbridge: Harry Nine (1-0) (4 changes)");

    const stored = await prisma().match.findUniqueOrThrow({ where: { id: matchId } });
    expect(stored).toMatchObject({ htHomeScore: 1, htAwayScore: 0, minute: null, homeRed: 1 });
    const events = await prisma().matchEvent.findMany({
      where: { matchId },
      orderBy: { seq: 'asc' },
    });
    expect(events.map((e) => e.type)).toEqual([
      'corner',
      'goal',
      'yellow',
      'red',
      'substitution',
      'own_goal',
      'goal',
    ]);
    expect(await prisma().lineupPlayer.count({ where: { matchId } })).toBe(26);
    expect(await prisma().matchStatistic.count({ where: { matchId } })).toBe(11);

    const log = await prisma().changeLogEntry.findMany({ where: { matchId } });
    expect(log.length).toBe(logged.filter((c) => c.matchId === matchId).length);
    expect(new Set(log.map((e) => e.resource))).toEqual(
      new Set(['detail', 'events', 'statistics', 'lineups']),
    );
    expect(
      await prisma().changeLogEntry.count({ where: { resource: 'reference' } }),
    ).toBeGreaterThan(0);
  });

  it('a second replay starts clean and ends where the first did', async () => {
    const { seen, summary } = await play(timeline);
    expect(summary.finished).toBe(true);
    // The clean slate: at the start the events of the first replay are gone again.
    expect(seen[0]).toMatchObject({ status: 'scheduled', score: '---' });
    expect(await prisma().matchEvent.count({ where: { matchId } })).toBe(7);
    expect((await prisma().match.findUniqueOrThrow({ where: { id: matchId } })).awayScore).toBe(2);
  });

  it('waits for the writer lease, and refuses a match id that holds another match', async () => {
    let asked = 0;
    const busy: WriterLease = {
      acquire: async () => ++asked > 2,
      check: async () => true,
      release: async () => {},
    };
    const { lines, summary } = await play(timeline, busy);
    expect(asked).toBe(3);
    expect(lines[0]).toBe('replay: another instance writes; waiting for the writer lease');
    expect(summary.finished).toBe(true);

    const swapped = {
      ...timeline,
      ids: {
        ...timeline.ids,
        homeTeamId: timeline.ids.awayTeamId,
        awayTeamId: timeline.ids.homeTeamId,
      },
    };
    await expect(play(swapped)).rejects.toThrow(ReplayError);
    await expect(play(swapped)).rejects.toThrow(`match ${matchId} is another match`);
  });
});
