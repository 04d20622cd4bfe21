import { reanalyseAfter } from '../analyze/reanalyse.js';
import { applyChanges, type NumberedChange } from '../changes/apply.js';
import { checkChange } from '../changes/format.js';
import { holdLease, type WriterRun } from '../live/writer-lease.js';
import { ReplayError } from './errors.js';
import { playSteps, type ReplayClock, type ReplayPace } from './player.js';
import type { ReplayStep, ReplayTimeline } from './timeline.js';

export interface ReplayRun extends ReplayPace, WriterRun {
  timeline: ReplayTimeline;
  clock: ReplayClock;
}

export interface ReplaySummary {
  matchId: number;
  title: string;
  steps: number;
  of: number;
  changes: number;
  finished: boolean;
}

const waitFor = (run: ReplayRun) =>
  holdLease({ ...run, sleep: (ms, signal) => run.clock.sleep(ms, signal) }, 'replay');

/** A replay writes its own match only: an id already used by two other teams is refused. */
async function checkTarget(run: ReplayRun): Promise<void> {
  const { matchId, homeTeamId, awayTeamId } = run.timeline.ids;
  const stored = await run.db.match.findUnique({
    where: { id: matchId },
    select: { homeTeamId: true, awayTeamId: true },
  });
  if (stored && (stored.homeTeamId !== homeTeamId || stored.awayTeamId !== awayTeamId)) {
    throw new ReplayError(
      `match ${matchId} is another match (teams ${stored.homeTeamId} v ${stored.awayTeamId}); choose another --match-id`,
    );
  }
}

/** A step's records checked as the feed checks a line (the writer takes nothing unchecked). */
function numbered(step: ReplayStep, source: string): NumberedChange[] {
  return step.changes.map((change, i) => ({
    line: i + 1,
    change: checkChange(change, i + 1, source),
  }));
}

/**
 * `touchline replay` (docs/feed-format.md "Replay"): the timeline's steps, each at its time,
 * each written like a feed batch by the one writer (`applyChanges`, one transaction, only while
 * this instance holds the writer lease), until the final whistle or `signal`.
 */
export async function runReplay(run: ReplayRun): Promise<ReplaySummary> {
  const { timeline } = run;
  const summary: ReplaySummary = {
    matchId: timeline.ids.matchId,
    title: timeline.title,
    steps: 0,
    of: timeline.steps.length,
    changes: 0,
    finished: false,
  };
  if (!(await waitFor(run))) {
    return summary;
  }
  try {
    await checkTarget(run);
    summary.steps = await playSteps(timeline.steps, run, async (step, index) => {
      if (!(await run.lease.check()) && !(await waitFor(run))) {
        return false;
      }
      const source = `replay of match ${timeline.ids.matchId}, step ${index + 1}`;
      const at = new Date(run.clock.now());
      const changes = await applyChanges(run.db, numbered(step, source), source, at);
      summary.changes += changes.length;
      run.report(`replay: ${step.label} (${changes.length} changes)`);
      if (changes.length > 0) {
        const reanalysed = await reanalyseAfter(run.db, changes, at);
        await run.onChanged([...changes, ...reanalysed.changes]);
      }
      return true;
    });
    summary.finished = summary.steps === timeline.steps.length;
  } finally {
    await run.lease.release();
  }
  return summary;
}
