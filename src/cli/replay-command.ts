import type { Command } from 'commander';
import type { ReplaySummary } from '../ingest/replay/run.js';
import type { ReplayTimeline } from '../ingest/replay/timeline.js';
import { untilSignal } from './data-commands.js';
import { dateTime, positiveInt, positiveNumber } from './options.js';
import { type CommandContext, runCommand, UsageError } from './output.js';
import type { CliRuntime } from './runtime.js';
import { terminalJsonText } from './terminal-text.js';

const MAX_ID = 2_147_483_647;

interface ReplayOptions {
  lineups: string;
  match: string;
  statsbombId?: number;
  matchId?: number;
  speed: number;
  kickoff?: number;
  print?: boolean;
  json?: boolean;
}

const duration = (ms: number) =>
  ms < 120_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;

/** Bad StatsBomb input, or a match id taken by another match: a usage error (exit 2). */
async function asUsage<T>(work: () => Promise<T>): Promise<T> {
  const { ReplayError } = await import('../ingest/replay/errors.js');
  try {
    return await work();
  } catch (error) {
    throw error instanceof ReplayError ? new UsageError(error.message) : error;
  }
}

async function loadTimeline(eventsFile: string, opts: ReplayOptions, kickoffMs: number) {
  const [{ readStatsBombFiles }, { buildTimeline }] = await Promise.all([
    import('../ingest/replay/statsbomb-read.js'),
    import('../ingest/replay/timeline.js'),
  ]);
  const files = { events: eventsFile, lineups: opts.lineups, match: opts.match };
  const input = await readStatsBombFiles(files, opts.statsbombId);
  return buildTimeline(input, {
    kickoffUtc: new Date(kickoffMs).toISOString(),
    ...(opts.matchId === undefined ? {} : { matchId: opts.matchId }),
  });
}

/** `--print`: the same steps at the same times, as NDJSON batches on stdout (`touchline feed -`). */
async function printReplay(
  timeline: ReplayTimeline,
  pace: { kickoffMs: number; speed: number; signal: AbortSignal },
  ctx: CommandContext,
): Promise<ReplaySummary> {
  const { playSteps, stepNdjson, systemClock } = await import('../ingest/replay/player.js');
  let changes = 0;
  const steps = await playSteps(timeline.steps, { ...pace, clock: systemClock }, async (step) => {
    process.stdout.write(terminalJsonText(stepNdjson(step)));
    changes += step.changes.length;
    ctx.progress(`replay: ${step.label} (${step.changes.length} records)`);
    return true;
  });
  const { title, ids } = timeline;
  const finished = steps === timeline.steps.length;
  ctx.progress(`replay ${finished ? 'finished' : 'stopped'}: ${steps} steps, ${changes} records`);
  return { matchId: ids.matchId, title, steps, of: timeline.steps.length, changes, finished };
}

export function registerReplayCommand(program: Command, runtime: CliRuntime): void {
  program
    .command('replay')
    .description(
      'play a recorded match (StatsBomb open data) as live change records, in real time or --speed N times faster (docs/feed-format.md "Replay")',
    )
    .argument('<events>', 'the StatsBomb events file (events/<match_id>.json)')
    .requiredOption('--lineups <file>', 'its lineups file (lineups/<match_id>.json)')
    .requiredOption('--match <file>', 'the matches file holding its record, or the record alone')
    .option(
      '--statsbomb-id <id>',
      'the StatsBomb match_id to take from --match (default: the events file name)',
      positiveInt('statsbomb-id', MAX_ID),
    )
    .option(
      '--match-id <id>',
      'the touchline match id (default: derived from the StatsBomb id)',
      positiveInt('match-id', MAX_ID),
    )
    .option(
      '--speed <n>',
      'times real time (60: a match in under 2 minutes)',
      positiveNumber('speed'),
      1,
    )
    .option(
      '--kickoff <time>',
      'kick-off, an ISO date-time with zone (default: now)',
      dateTime('kickoff'),
    )
    .option(
      '--print',
      'print the change records as NDJSON on stdout (for touchline feed -), write nothing',
    )
    .option('--json', 'print one JSON document when it stops')
    .action((events: string, opts: ReplayOptions) =>
      runCommand(
        Boolean(opts.json),
        async (ctx) => {
          if (opts.print && opts.json) {
            throw new UsageError('--print writes change records on stdout; leave out --json');
          }
          const kickoffMs = opts.kickoff ?? Date.now();
          const timeline = await asUsage(() => loadTimeline(events, opts, kickoffMs));
          ctx.progress(
            `replay: ${timeline.title} as match ${timeline.ids.matchId}, kick-off ${new Date(kickoffMs).toISOString()}, ${timeline.steps.length} steps, full time ${duration(timeline.durationMs / opts.speed)} after kick-off`,
          );
          const stop = new AbortController();
          void untilSignal().then(() => stop.abort());
          const pace = { kickoffMs, speed: opts.speed, signal: stop.signal };
          return opts.print
            ? printReplay(timeline, pace, ctx)
            : asUsage(() => runtime.replay({ timeline, ...pace, progress: ctx.progress }));
        },
        // With --print, stdout is the records: the summary went to stderr; the blank line this
        // leaves ends the last batch, which `touchline feed -` reads as a separator.
        (r) =>
          opts.print
            ? ''
            : `replay ${r.finished ? 'finished' : 'stopped'}: ${r.title} (match ${r.matchId}), ${r.steps} of ${r.of} steps, ${r.changes} changes`,
      ),
    );
}
