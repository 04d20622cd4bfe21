import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { calendarDate, positiveInt } from './options.js';
import { runCommand, UsageError } from './output.js';
import type { CliRuntime } from './runtime.js';
import { terminalText } from './terminal-text.js';

export const DEFAULT_DEMO_MATCHES = 1000;
export const DEFAULT_DEMO_SEED = 1;

/** `-`, an http(s) URL, or an existing folder; anything else is a usage error. */
async function feedSourceOf(source: string, intervalMs: number) {
  const { folderSource, httpSource, stdinSource } = await import('../ingest/feed/sources.js');
  if (source === '-') {
    return stdinSource(process.stdin);
  }
  if (/^https?:\/\//i.test(source)) {
    return httpSource(source, intervalMs, (line) =>
      process.stderr.write(`feed: ${terminalText(line)}\n`),
    );
  }
  const dir = resolve(source);
  const isDir = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!isDir) {
    throw new UsageError(`feed source ${source}: not a folder, - or an http(s) URL`);
  }
  return folderSource(dir, intervalMs);
}

/** Settles on the first SIGINT or SIGTERM. */
export function untilSignal(): Promise<string> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

/** `touchline db migrate`. */
function registerMigrate(program: Command, runtime: CliRuntime): void {
  const db = program.command('db').description('database maintenance');
  db.command('migrate')
    .description('apply the committed migrations (offline; recorded in _prisma_migrations)')
    .option('--json', 'print one JSON document')
    .action((opts: { json?: boolean }) =>
      runCommand(
        Boolean(opts.json),
        (ctx) => runtime.migrate(ctx.progress),
        (r) =>
          r.applied.length > 0
            ? `applied ${r.applied.length} migrations (${r.database})`
            : `database up to date (${r.database})`,
      ),
    );
}

/** `touchline import <dir>`. */
function registerImport(program: Command, runtime: CliRuntime): void {
  program
    .command('import')
    .description('import a folder in the touchline import format (docs/import-format.md)')
    .argument('<dir>', 'the folder to import')
    .option('--json', 'print one JSON document')
    .action((dir: string, opts: { json?: boolean }) =>
      runCommand(
        Boolean(opts.json),
        (ctx) =>
          runtime.withDataChange(async (database) => {
            const { importFolder, bulkTargetOf } = await import('../ingest/import/index.js');
            return importFolder(database.prisma, resolve(dir), {
              onProgress: ctx.progress,
              bulk: bulkTargetOf(database),
            });
          }, ctx.progress),
        (summary) =>
          `imported ${resolve(dir)}\n${JSON.stringify(summary, null, 2)}\nnext: touchline analyze`,
      ),
    );
}

/** `touchline demo`. */
function registerDemo(program: Command, runtime: CliRuntime): void {
  program
    .command('demo')
    .description('generate realistic demo data in the import format, import it and analyze it')
    .option('--matches <n>', 'number of matches', positiveInt('matches'), DEFAULT_DEMO_MATCHES)
    .option(
      '--seed <s>',
      'random seed (same seed, same data)',
      positiveInt('seed', 2 ** 31 - 1),
      DEFAULT_DEMO_SEED,
    )
    .option('--no-analyze', 'load the data only (run `touchline analyze` later)')
    .option('--json', 'print one JSON document')
    .action((opts: { matches: number; seed: number; analyze: boolean; json?: boolean }) =>
      runCommand(
        Boolean(opts.json),
        (ctx) =>
          runtime.withDataChange(async (database) => {
            const [{ runDemo }, { bulkTargetOf }, { analyzeAll }] = await Promise.all([
              import('../ingest/demo/index.js'),
              import('../ingest/import/index.js'),
              import('../ingest/analyze/analyze.js'),
            ]);
            const started = Date.now();
            // Streamed with COPY, no folder (src/ingest/demo/stream.ts).
            const imported = await runDemo(database.prisma, {
              matches: opts.matches,
              seed: opts.seed,
              now: new Date(),
              onProgress: ctx.progress,
              bulk: bulkTargetOf(database),
            });
            const loadedMs = Date.now() - started;
            const analyzed = opts.analyze
              ? await analyzeAll(database.prisma, { onProgress: ctx.progress })
              : null;
            return {
              matches: imported.generated.matches,
              seed: opts.seed,
              imported,
              analyzed,
              loadedMs,
              ms: Date.now() - started,
            };
          }, ctx.progress),
        (r) =>
          `demo data loaded: ${r.matches} matches (seed ${r.seed}) in ${(r.ms / 1000).toFixed(1)} s (data ${(r.loadedMs / 1000).toFixed(1)} s${r.analyzed ? `, analysis ${((r.ms - r.loadedMs) / 1000).toFixed(1)} s` : ', not analyzed: run touchline analyze'})`,
      ),
    );
}

/** `touchline live`. */
function registerLive(program: Command, runtime: CliRuntime): void {
  program
    .command('live')
    .description(
      'move the demo matches in real time without serving (docs/live.md; Ctrl-C stops it)',
    )
    .option('--json', 'print one JSON document when it stops')
    .action((opts: { json?: boolean }) =>
      runCommand(
        Boolean(opts.json),
        (ctx) => runtime.live({ stop: untilSignal(), progress: ctx.progress }),
        (r) => `live engine stopped: ${r.ticks} ticks wrote ${r.changes} changes`,
      ),
    );
}

/** `touchline feed <source>`. */
function registerFeed(program: Command, runtime: CliRuntime): void {
  program
    .command('feed')
    .description(
      'apply a provider feed of change records (docs/feed-format.md): a folder (watched), - for stdin, or an http(s) URL (polled with ETag)',
    )
    .argument('<source>', 'a folder, -, or an http(s) URL')
    .option(
      '--interval <ms>',
      'how often a folder or URL is read again',
      positiveInt('interval'),
      2000,
    )
    .option('--json', 'print one JSON document when it stops')
    .action((source: string, opts: { interval: number; json?: boolean }) =>
      runCommand(
        Boolean(opts.json),
        async (ctx) => {
          const feedSource = await feedSourceOf(source, opts.interval);
          const stop = new AbortController();
          void untilSignal().then(() => stop.abort());
          return runtime.feed({ source: feedSource, signal: stop.signal, progress: ctx.progress });
        },
        (r) => `feed stopped: ${r.batches} batches (${r.rejected} rejected), ${r.changes} changes`,
      ),
    );
}

/** `touchline analyze`. */
function registerAnalyze(program: Command, runtime: CliRuntime): void {
  program
    .command('analyze')
    .description('compute handicap, over-under and corner analyses from stored history')
    .option(
      '--since <date>',
      'only the matches kicking off on or after this date (YYYY-MM-DD), e.g. after a backfill',
      calendarDate('since'),
    )
    .option('--json', 'print one JSON document')
    .action((opts: { json?: boolean; since?: string }) =>
      runCommand(
        Boolean(opts.json),
        (ctx) =>
          runtime.withDataChange(async (database) => {
            const { analyzeAll } = await import('../ingest/analyze/analyze.js');
            return analyzeAll(database.prisma, {
              onProgress: ctx.progress,
              ...(opts.since ? { since: new Date(`${opts.since}T00:00:00Z`) } : {}),
            });
          }, ctx.progress),
        (r) =>
          `analyzed ${r.matches} matches: ${r.marketAnalyses} market analyses, ${r.cornerAnalyses} corner analyses in ${(r.ms / 1000).toFixed(1)} s`,
      ),
    );
}

export function registerDataCommands(program: Command, runtime: CliRuntime): void {
  registerMigrate(program, runtime);
  registerImport(program, runtime);
  registerDemo(program, runtime);
  registerLive(program, runtime);
  registerFeed(program, runtime);
  registerAnalyze(program, runtime);
}
