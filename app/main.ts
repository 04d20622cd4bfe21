import './production-env.js';
import { setFlagsFromString } from 'node:v8';
import { Command, CommanderError } from 'commander';
import { registerAccessCommands } from '../src/cli/access-commands.js';
import { registerDataCommands } from '../src/cli/data-commands.js';
import { registerDeductionsCommands } from '../src/cli/deductions-commands.js';
import { registerDocumentsCommands } from '../src/cli/documents-commands.js';
import { registerReplayCommand } from '../src/cli/replay-command.js';
import type { CliRuntime } from '../src/cli/runtime.js';
import { registerSyncCommands } from '../src/cli/sync-commands.js';
import { terminalJson, terminalText } from '../src/cli/terminal-text.js';
import { warnIfStaleBuild } from './stale-build.js';

// The `touchline` command. Only the command definitions load at start; what a command runs
// (database, services, server) is imported when that command runs, so `--help` and a mistyped
// command answer at once.

// Short commands: the embedded database's WebAssembly is compiled by the baseline compiler only.
// The optimising tier would compile in the background for longer than the command runs (and
// hold its exit); serving and bulk data commands keep it, they run long enough to gain.
const LONG_RUNNING = new Set(['serve', 'demo', 'import', 'analyze', 'live', 'feed', 'replay']);
if (!LONG_RUNNING.has(process.argv[2] ?? '')) {
  setFlagsFromString('--liftoff-only');
}
// A server with many open streams: once a burst of them has opened, V8 sees the request objects
// of their allocation sites survive and allocates them in the old generation from then on, for
// every short request too. Each young-generation collection then keeps what those dead old
// objects point to, until a full collection (docs/push.md "Memory and collection").
if (process.argv[2] === 'serve') {
  setFlagsFromString('--no-allocation-site-pretenuring');
}

warnIfStaleBuild(import.meta.url, (line) => process.stderr.write(`${line}\n`));

const program = new Command()
  .name('touchline')
  .description('touchline: football data API server (REST /v1 and GraphQL)')
  .showHelpAfterError()
  .exitOverride()
  // Commander repeats what it was given (an unknown option, a bad value): escaped like the rest.
  .configureOutput({ writeErr: (text) => process.stderr.write(terminalText(text)) });

const loadConfig = async () => (await import('../src/config/config.js')).loadConfig();

// The configuration is read once, when a command first needs it (a bad one is that command's
// error, reported like any other; `--help` never reads it).
let runtime: Promise<CliRuntime> | undefined;
function runtimeOf(): Promise<CliRuntime> {
  runtime ??= (async () => {
    const { createCliRuntime } = await import('./cli-runtime.js');
    return createCliRuntime(await loadConfig());
  })();
  return runtime;
}
const lazyRuntime: CliRuntime = {
  migrate: async (progress) => (await runtimeOf()).migrate(progress),
  withDatabase: async (fn, progress) => (await runtimeOf()).withDatabase(fn, progress),
  withDataChange: async (fn, progress) => (await runtimeOf()).withDataChange(fn, progress),
  withManagement: async (fn, options) => (await runtimeOf()).withManagement(fn, options),
  sendAccountMail: async (mail) => (await runtimeOf()).sendAccountMail(mail),
  live: async (options) => (await runtimeOf()).live(options),
  feed: async (options) => (await runtimeOf()).feed(options),
  replay: async (options) => (await runtimeOf()).replay(options),
  sync: async (options) => (await runtimeOf()).sync(options),
  sources: async () => (await runtimeOf()).sources(),
  map: {
    list: async (source) => (await runtimeOf()).map.list(source),
    link: async (link) => (await runtimeOf()).map.link(link),
    create: async (what) => (await runtimeOf()).map.create(what),
    seed: async (paths) => (await runtimeOf()).map.seed(paths),
  },
  documents: {
    add: async (paths) => (await runtimeOf()).documents.add(paths),
    list: async () => (await runtimeOf()).documents.list(),
  },
};

program
  .command('serve')
  .description('serve the API (first start on the embedded database loads demo data)')
  .action(async () => {
    try {
      const { serve } = await import('./serve.js');
      await serve(await loadConfig());
    } catch (error) {
      const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
      process.stderr.write(`touchline: ${terminalText(message ?? '')}\n`);
      process.exitCode = 1;
    }
  });
registerDataCommands(program, lazyRuntime);
registerReplayCommand(program, lazyRuntime);
registerSyncCommands(program, lazyRuntime);
registerDeductionsCommands(program, lazyRuntime);
registerAccessCommands(program, lazyRuntime);
registerDocumentsCommands(program, lazyRuntime);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof CommanderError)) {
    throw error;
  }
  if (error.exitCode !== 0 && process.argv.includes('--json')) {
    const detail = error.message.replace(/^error: /, '');
    process.stdout.write(
      `${terminalJson({ code: 'invalid_parameter', title: 'Invalid parameter', detail })}\n`,
    );
  }
  process.exitCode = error.exitCode === 0 ? 0 : 2;
}

// A finished command exits now: a library timer left behind (the schema engine arms a 10 s
// one) must not hold the shell. `serve` keeps running until it is signalled.
if (process.argv[2] !== 'serve') {
  // Writes to a pipe are asynchronous and exit drops what is still queued (`replay --print |
  // touchline feed -` lost its last steps): wait until stdout has taken everything.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
  process.exit();
}
