import { Command, CommanderError } from 'commander';
import { registerAccessCommands } from './access-commands.js';
import { registerDataCommands } from './data-commands.js';
import { registerServeCommand } from './serve.js';

const program = new Command()
  .name('touchline')
  .description('touchline: football data API server (REST /v1 and GraphQL)')
  .showHelpAfterError()
  .exitOverride();

registerServeCommand(program);
registerDataCommands(program);
registerAccessCommands(program);

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
