import type { Command } from 'commander';
import type { BillingPeriod } from '../db/generated/enums.js';
import { parseId, parseTier, requireText } from './access-args.js';
import { group, type JsonOption, manage } from './access-manage.js';
import { CLI_ACTOR } from './access-plan-commands.js';
import {
  renderConfirmed,
  renderPending,
  renderStatus,
  renderUpgradeStarted,
} from './billing-render.js';
import { UsageError } from './output.js';
import type { CliRuntime } from './runtime.js';

type BillingOpts = JsonOption & {
  account?: string;
  tier?: string;
  period?: string;
  reference?: string;
  renewal?: boolean;
};

function parsePeriod(value: string | undefined): BillingPeriod | undefined {
  if (value === undefined || value === 'monthly' || value === 'yearly') {
    return value;
  }
  throw new UsageError(`--period must be monthly or yearly, got '${value}'`);
}

/** `touchline billing ...`: the payment side of plan changes (docs/accounts.md "Billing"). */
export function registerBillingCommands(program: Command, runtime: CliRuntime): void {
  const billing = group(program, 'billing', 'payments: upgrades waiting for payment, renewals');
  billing
    .command('upgrade')
    .description('ask for an upgrade; allowances rise when its payment is confirmed')
    .option('--account <id>', 'account id')
    .option('--tier <tier>', 'the tier to move to')
    .option('--period <period>', 'monthly or yearly (default: the current plan, else monthly)')
    .option('--json', 'print one JSON document')
    .action((opts: BillingOpts) =>
      manage(
        runtime,
        opts,
        () => {
          const accountId = parseId('--account', opts.account);
          const tier = parseTier(opts.tier);
          const period = parsePeriod(opts.period);
          return (s) =>
            s.billing.requestUpgrade(accountId, tier, period ? { period } : {}, CLI_ACTOR);
        },
        renderUpgradeStarted,
      ),
    );
  billing
    .command('confirm')
    .description("confirm a payment: the account's waiting upgrade, or its failed renewal")
    .option('--account <id>', 'account id')
    .option('--reference <ref>', 'the payment reference (default: the latest waiting)')
    .option('--renewal', 'the renewal payment that failed arrived after all')
    .option('--json', 'print one JSON document')
    .action((opts: BillingOpts) =>
      manage(
        runtime,
        opts,
        () => {
          const accountId = parseId('--account', opts.account);
          if (opts.reference !== undefined && opts.renewal) {
            throw new UsageError('give --reference or --renewal, not both');
          }
          const reference =
            opts.reference === undefined ? undefined : requireText('--reference', opts.reference);
          const options = { ...(reference ? { reference } : {}), renewal: Boolean(opts.renewal) };
          return (s) => s.billing.confirmPayment(accountId, options, CLI_ACTOR);
        },
        renderConfirmed,
      ),
    );
  billing
    .command('fail')
    .description('a renewal payment failed: 3 days of grace, then Free (the key stays valid)')
    .option('--account <id>', 'account id')
    .option('--json', 'print one JSON document')
    .action((opts: BillingOpts) =>
      manage(
        runtime,
        opts,
        () => {
          const accountId = parseId('--account', opts.account);
          return (s) => s.billing.failRenewal(accountId, CLI_ACTOR);
        },
        (sub) => `renewal failed: ${sub.tier} until ${sub.graceUntil ?? '?'}, then Free`,
      ),
    );
  billing
    .command('pending')
    .description('payments waiting for confirmation, oldest first')
    .option('--json', 'print one JSON document')
    .action((opts: BillingOpts) =>
      manage(runtime, opts, () => (s) => s.billing.listPending(), renderPending),
    );
  billing
    .command('status')
    .description("an account's subscription, latest payments and audit records")
    .option('--account <id>', 'account id')
    .option('--json', 'print one JSON document')
    .action((opts: BillingOpts) =>
      manage(
        runtime,
        opts,
        () => {
          const accountId = parseId('--account', opts.account);
          return (s) => s.billing.status(accountId);
        },
        renderStatus,
      ),
    );
}
