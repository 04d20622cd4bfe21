import type { Command } from 'commander';
import { parseId, parsePrice, parseTier, requireText } from './access-args.js';
import { group, type JsonOption, manage } from './access-manage.js';
import { renderPlan, renderSubscription } from './access-render.js';
import type { CliRuntime } from './runtime.js';

type PlanOpts = JsonOption & { account?: string; tier?: string };

/** Who the audit records name for changes made with the command line. */
export const CLI_ACTOR = { actor: 'cli' } as const;

export function registerPlanCommands(program: Command, runtime: CliRuntime): void {
  const plans = group(program, 'plans', 'change subscriptions and plan prices');
  for (const action of ['upgrade', 'downgrade', 'cancel', 'resume', 'renew'] as const) {
    const command = plans.command(action).option('--account <id>', 'account id');
    if (action === 'upgrade' || action === 'downgrade') {
      command.option('--tier <tier>', 'the tier to move to');
    }
    command
      .description(PLAN_ACTIONS[action])
      .option('--json', 'print one JSON document')
      .action((opts: PlanOpts) =>
        manage(
          runtime,
          opts,
          () => {
            const accountId = parseId('--account', opts.account);
            // An operator's upgrade stands for a confirmed payment; the other changes go through
            // billing, which tells the payment provider (docs/accounts.md "Billing").
            if (action === 'upgrade') {
              const tier = parseTier(opts.tier);
              return (s) => s.subscriptions.upgrade(accountId, tier, CLI_ACTOR);
            }
            if (action === 'downgrade') {
              const tier = parseTier(opts.tier);
              return (s) => s.billing.downgrade(accountId, tier, CLI_ACTOR);
            }
            if (action === 'renew') {
              return (s) => s.subscriptions.renew(accountId, CLI_ACTOR);
            }
            return (s) => s.billing[action](accountId, CLI_ACTOR);
          },
          renderSubscription,
        ),
      );
  }
  plans
    .command('price')
    .description('insert a new version of a plan at a new price')
    .option('--code <code>', 'plan code, e.g. plus-monthly')
    .option('--price <amount>', 'the new price')
    .option('--compare-at <amount>', 'list price while on promotion (above the price)')
    .option('--json', 'print one JSON document')
    .action((opts: JsonOption & { code?: string; price?: string; compareAt?: string }) =>
      manage(
        runtime,
        opts,
        () => {
          const code = requireText('--code', opts.code);
          const price = parsePrice('--price', requireText('--price', opts.price)) ?? 0;
          const compareAt = parsePrice('--compare-at', opts.compareAt);
          return (s) => s.planPrices.setPrice(code, price, compareAt);
        },
        renderPlan,
      ),
    );
}

const PLAN_ACTIONS = {
  upgrade: 'move to a higher tier now; the new price applies from the next renewal',
  downgrade: 'move to a lower tier at the end of the current period',
  cancel: 'stop renewing; access stays until the paid period ends',
  resume: 'undo a pending cancellation or downgrade before the period end',
  renew: 'apply the period end now (what the billing job does at the end of a period)',
} as const;
