import type { Command } from 'commander';
import { MAX_SERIES_DAYS } from '../accounts/usage-series.js';
import { parseCount, parseId } from './access-args.js';
import { type JsonOption, manage } from './access-manage.js';
import { renderUsage } from './access-render.js';
import { UsageError } from './output.js';
import type { CliRuntime } from './runtime.js';
import { renderDailySeries, renderMinuteSeries } from './usage-render.js';

type UsageOpts = JsonOption & { account?: string; days?: string; minutes?: boolean };

/** The account id, and which view: today (default), `--days N` or `--minutes`. */
function parseUsageOptions(opts: UsageOpts) {
  const accountId = parseId('--account', opts.account);
  if (opts.days !== undefined && opts.minutes) {
    throw new UsageError('--days and --minutes cannot be combined: choose one view');
  }
  // Without --days the daily view is not asked for; 30 only fills the type.
  const days = parseCount('--days', opts.days, MAX_SERIES_DAYS) ?? 30;
  return { accountId, days };
}

/**
 * `touchline usage`: today's usage (default), the daily history (`--days N`) or today's
 * per-minute peaks (`--minutes`), from the services the dashboard reads (usage-series.ts).
 */
export function registerUsageCommand(program: Command, runtime: CliRuntime): void {
  program
    .command('usage')
    .description(
      "today's plan quota, free match-list allowance and per-key usage (Hong Kong day); " +
        `--days N (up to ${MAX_SERIES_DAYS}): requests per day; --minutes: today's busiest minute of each hour`,
    )
    .showHelpAfterError(false)
    .option('--account <id>', 'account id')
    .option('--days <n>', `the last N Hong Kong days (1 to ${MAX_SERIES_DAYS}), today included`)
    .option('--minutes', "today's per-minute peaks, hour by hour")
    .option('--json', 'print one JSON document')
    .action((opts: UsageOpts) => {
      // Every view checks all the options first (parseUsageOptions): a bad one is a usage error.
      const parse = () => parseUsageOptions(opts);
      if (opts.minutes) {
        return manage(
          runtime,
          opts,
          () => {
            const { accountId } = parse();
            return (s) => s.usage.minuteSeries(accountId);
          },
          renderMinuteSeries,
        );
      }
      if (opts.days !== undefined) {
        return manage(
          runtime,
          opts,
          () => {
            const { accountId, days } = parse();
            return (s) => s.usage.dailySeries(accountId, { days });
          },
          renderDailySeries,
          true,
        );
      }
      return manage(
        runtime,
        opts,
        () => {
          const { accountId } = parse();
          return (s) => s.usage.usage(accountId);
        },
        renderUsage,
        true,
      );
    });
}
