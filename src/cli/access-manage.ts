import type { Command } from 'commander';
import type { ManagementServices } from '../accounts/management.js';
import { type CommandContext, runCommand } from './output.js';
import type { CliRuntime } from './runtime.js';

export interface JsonOption {
  json?: boolean;
}

/** Runs a management operation on the configured database (CliRuntime.withManagement). */
export function manage<T>(
  runtime: CliRuntime,
  opts: JsonOption,
  /** Checks the arguments (before the database is opened) and returns the operation. */
  prepare: () => (services: ManagementServices) => Promise<T>,
  render: (result: T) => string,
  withCounters = false,
): Promise<void> {
  return runCommand(
    Boolean(opts.json),
    (ctx: CommandContext) => {
      const action = prepare();
      return runtime.withManagement(action, { counters: withCounters, progress: ctx.progress });
    },
    render,
  );
}

/** A command group whose errors stay one line (no help dump after a mistake). */
export const group = (program: Command, name: string, description: string) =>
  program.command(name).description(description).showHelpAfterError(false);
