import { type Command, InvalidArgumentError } from 'commander';
import type { SyncSummary } from '../ingest/sync/runner.js';
import { untilSignal } from './data-commands.js';
import { calendarDate, positiveInt } from './options.js';
import { runCommand, UsageError } from './output.js';
import type { CliRuntime } from './runtime.js';
import { renderMap, renderSources } from './sync-render.js';

interface SyncCommandOptions {
  once?: boolean;
  follow?: boolean;
  from?: string;
  to?: string;
  season?: number;
  competitions?: string[];
  budget?: string;
  poll?: number;
  path?: string[];
  json?: boolean;
}

const list = (value: string, previous: string[] = []) => [
  ...previous,
  ...value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== ''),
];

const KINDS = ['competition', 'team', 'bookmaker', 'match'] as const;
function kind(value: string): (typeof KINDS)[number] {
  if (!(KINDS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`KIND must be one of ${KINDS.join(', ')}, got '${value}'`);
  }
  return value as (typeof KINDS)[number];
}

function renderSync(summary: SyncSummary): string {
  return `sync stopped: ${summary.passes} passes (${summary.failed} failed), ${summary.changes} changes`;
}

function registerSync(program: Command, runtime: CliRuntime): void {
  program
    .command('sync')
    .description(
      'fill and keep the store current from a provider (docs/sources.md): football-data-org, api-football, sportmonks, the-odds-api, betfair, football-data-co-uk, openfootball',
    )
    .argument('<source>', 'the source')
    .option('--once', 'one full pass, then exit (0 when it succeeded)')
    .option('--follow', 'keep the store current until Ctrl-C (the default)')
    .option('--from <date>', 'backfill from this date (YYYY-MM-DD)', calendarDate('from'))
    .option('--to <date>', 'backfill up to this date (YYYY-MM-DD)', calendarDate('to'))
    .option(
      '--season <year>',
      'the season by its start year (2024 for 2024-25)',
      positiveInt('season', 2999),
    )
    .option(
      '--competitions <list>',
      "the provider's competition codes or ids, comma-separated",
      list,
    )
    .option(
      '--budget <n/period>',
      "requests allowed, e.g. 10/minute, 100/day (default: the free plan's)",
    )
    .option(
      '--poll <seconds>',
      "how often live matches are polled with --follow (default: the source's, within its free plan)",
      positiveInt('poll', 86_400),
    )
    .option('--path <file>', 'a file or folder to read (open-data sources)', list)
    .option('--json', 'one JSON line per pass on stdout')
    .action((source: string, opts: SyncCommandOptions) =>
      runCommand(
        Boolean(opts.json),
        async (ctx) => {
          if (opts.once && opts.follow) {
            throw new UsageError('--once and --follow: choose one');
          }
          if ((opts.from === undefined) !== (opts.to === undefined)) {
            throw new UsageError('--from and --to go together');
          }
          if (opts.from && opts.to && opts.from > opts.to) {
            throw new UsageError(`--from ${opts.from} is after --to ${opts.to}`);
          }
          const stop = new AbortController();
          void untilSignal().then(() => stop.abort());
          const summary = await runtime.sync({
            source,
            follow: !opts.once,
            scope: {
              from: opts.from,
              to: opts.to,
              season: opts.season,
              competitions: opts.competitions,
              paths: opts.path ?? [],
            },
            budget: opts.budget,
            pollMs: opts.poll === undefined ? undefined : opts.poll * 1000,
            json: Boolean(opts.json),
            signal: stop.signal,
            progress: ctx.progress,
          });
          if (opts.once && summary.error) {
            throw new Error(summary.error);
          }
          return summary;
        },
        renderSync,
      ),
    );
}

export function registerSyncCommands(program: Command, runtime: CliRuntime): void {
  registerSync(program, runtime);
  program
    .command('sources')
    .description(
      'each source: last good pass, lag, requests of the budget, errors, refused answers',
    )
    .option('--json', 'print one JSON document')
    .action((opts: { json?: boolean }) =>
      runCommand(Boolean(opts.json), () => runtime.sources(), renderSources),
    );
  const map = program
    .command('map')
    .description('what sources brought that matched nothing: list it, link it or create it')
    .option('--source <name>', 'only this source')
    .option('--json', 'print one JSON document')
    .action((opts: { source?: string; json?: boolean }) =>
      runCommand(Boolean(opts.json), () => runtime.map.list(opts.source), renderMap),
    );
  map
    .command('link')
    .description("link a source's entity to an existing one (its name becomes an alias)")
    .argument('<source>')
    .argument('<kind>', KINDS.join(', '), kind)
    .argument('<source-id>')
    .argument('<id>', 'the touchline id', positiveInt('id', 2_147_483_647))
    .option('--json', 'print one JSON document')
    .action(
      (
        source: string,
        k: (typeof KINDS)[number],
        sourceId: string,
        id: number,
        opts: { json?: boolean },
      ) =>
        runCommand(
          Boolean(opts.json),
          () => runtime.map.link({ source, kind: k, sourceId, entityId: id }),
          (r) => `linked ${source} ${k} ${sourceId} (${r.name}) to ${k} ${id}`,
        ),
    );
  map
    .command('create')
    .description("create a new competition, team or bookmaker for a source's unmatched one")
    .argument('<source>')
    .argument('<kind>', 'competition, team or bookmaker', kind)
    .argument('<source-id>')
    .option('--json', 'print one JSON document')
    .action(
      (source: string, k: (typeof KINDS)[number], sourceId: string, opts: { json?: boolean }) =>
        runCommand(
          Boolean(opts.json),
          () => runtime.map.create({ source, kind: k, sourceId }),
          (r) => `created ${k} ${r.id} for ${source} ${sourceId}`,
        ),
    );
  map
    .command('seed')
    .description(
      "load known names (the demo's clubs with their Chinese names, and openfootball club alias files or folders given)",
    )
    .argument('[paths...]', 'openfootball clubs files or folders, name maps (JSON)')
    .option('--json', 'print one JSON document')
    .action((paths: string[], opts: { json?: boolean }) =>
      runCommand(
        Boolean(opts.json),
        () => runtime.map.seed(paths),
        (r) => `known names: ${r.groups} groups, ${r.names} names (${r.added} new)`,
      ),
    );
}
