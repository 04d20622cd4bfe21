import { Command, CommanderError } from 'commander';
import { registerAccessCommands } from '../src/cli/access-commands.js';
import { registerDataCommands } from '../src/cli/data-commands.js';
import type { CliRuntime } from '../src/cli/runtime.js';
import { loadConfig } from '../src/config.js';
import { createCliRuntime } from './cli-runtime.js';
import { registerServeCommand } from './serve.js';

const program = new Command()
  .name('touchline')
  .description('touchline: football data API server (REST /v1 and GraphQL)')
  .showHelpAfterError()
  .exitOverride();

// The configuration is read once, when a command first needs it (a bad one is that command's
// error, reported like any other; `--help` never reads it).
let runtime: CliRuntime | undefined;
const lazyRuntime: CliRuntime = {
  withDatabase: (fn, progress) => runtimeOf().withDatabase(fn, progress),
  withDataChange: (fn, progress) => runtimeOf().withDataChange(fn, progress),
  withManagement: (fn, options) => runtimeOf().withManagement(fn, options),
};
function runtimeOf(): CliRuntime {
  runtime ??= createCliRuntime(loadConfig());
  return runtime;
}

registerServeCommand(program);
registerDataCommands(program, lazyRuntime);
registerAccessCommands(program, lazyRuntime);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (!(error instanceof CommanderError)) {
    throw error;
  }
  if (error.exitCode !== 0 && process.argv.includes('--json')) {
    const detail = error.message.replace(/^error: /, '');
    process.stdout.write(
      `${JSON.stringify({ code: 'invalid_parameter', title: 'Invalid parameter', detail })}\n`,
    );
  }
  process.exitCode = error.exitCode === 0 ? 0 : 2;
}
