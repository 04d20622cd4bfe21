import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import { createAccessEventsFromConfig } from '../policy/access-event-transports.js';
import { createManagementServices, type ManagementServices } from '../services/management.js';
import { openCounters } from './access-counters.js';
import { withDatabase } from './database.js';
import { type CommandContext, runCommand } from './output.js';

export interface JsonOption {
  json?: boolean;
}

/**
 * Runs a management operation on the configured database. Changes are announced through the
 * cross-process transports (Redis pub/sub, PostgreSQL NOTIFY), so running servers drop what
 * they cached (revocation at once, DECISIONS.md "Access").
 */
export function manage<T>(
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
      return withDatabase(async (database) => {
        const config = loadConfig();
        const events = createAccessEventsFromConfig(config);
        const counters = withCounters ? await openCounters(config, ctx.progress) : undefined;
        try {
          const services = createManagementServices({
            db: database.prisma,
            events,
            quotaStore: () => counters,
          });
          return await action(services);
        } finally {
          await events.close();
          await counters?.close();
        }
      }, ctx.progress);
    },
    render,
  );
}

/** A command group whose errors stay one line (no help dump after a mistake). */
export const group = (program: Command, name: string, description: string) =>
  program.command(name).description(description).showHelpAfterError(false);
