import type { Command } from 'commander';
import { normaliseEmail } from '../accounts/owner-email.js';
import { presentSubscription } from '../accounts/subscriptions/subscription-state.js';
import { ApiError } from '../errors/api-error.js';
import { parseId, requireText } from './access-args.js';
import { group, type JsonOption, manage } from './access-manage.js';
import { positiveInt } from './options.js';
import { UsageError } from './output.js';
import {
  type AccountDetail,
  type InviteSent,
  renderAccount,
  renderAccounts,
  renderAudit,
  renderInvite,
} from './owner-render.js';
import type { CliRuntime } from './runtime.js';

/** --email checked before the database is opened: a bad address is a usage error (exit 2). */
function ownerEmail(value: string | undefined): string {
  try {
    return normaliseEmail(requireText('--email', value));
  } catch (error) {
    if (error instanceof ApiError) {
      throw new UsageError(
        `--email must be one e-mail address like ann@example.com, got '${value}'`,
      );
    }
    throw error;
  }
}

type AccountOpts = JsonOption & { account?: string; email?: string; limit?: number };

/** `accounts list|show|invite`: what the dashboard shows and changes, seen by the operator. */
export function registerOwnerCommands(accounts: Command, runtime: CliRuntime): void {
  accounts
    .command('list')
    .description('every account with its tier and owner e-mail')
    .option('--json', 'print one JSON document')
    .action((opts: JsonOption) =>
      manage(runtime, opts, () => (s) => s.accounts.listAccounts(), renderAccounts),
    );
  accounts
    .command('show')
    .description('one account: owner e-mail, plan and keys (never a full key)')
    .option('--account <id>', 'account id')
    .option('--json', 'print one JSON document')
    .action((opts: AccountOpts) =>
      manage(
        runtime,
        opts,
        () => {
          const id = parseId('--account', opts.account);
          return async (s): Promise<AccountDetail> => {
            const account = await s.accounts.getAccount(id);
            const [access, keys] = await Promise.all([
              s.subscriptions.getAccountAccess(id),
              s.keys.listKeys(id),
            ]);
            return { ...account, subscription: presentSubscription(access.subscription), keys };
          };
        },
        renderAccount,
      ),
    );
  accounts
    .command('invite')
    .description("e-mail a link that makes E the account's verified owner (7 days, once)")
    .option('--account <id>', 'account id')
    .option('--email <address>', "the owner's e-mail address")
    .option('--json', 'print one JSON document')
    .action((opts: AccountOpts) =>
      manage(
        runtime,
        opts,
        () => {
          const id = parseId('--account', opts.account);
          const email = ownerEmail(opts.email);
          return async (s): Promise<InviteSent> => {
            const mail = await s.webAccounts.invite(id, email);
            const delivery = await runtime.sendAccountMail(mail);
            return { accountId: id, email: mail.to, ...delivery };
          };
        },
        renderInvite,
      ),
    );
}

/** `touchline audit --account ID`: who changed what on the account, newest first. */
export function registerAuditCommand(program: Command, runtime: CliRuntime): void {
  group(program, 'audit', "an account's audit records (keys, allowlist, plan, sign-in)")
    .option('--account <id>', 'account id')
    .option('--limit <n>', 'at most this many records (default 100)', positiveInt('limit', 10_000))
    .option('--json', 'print one JSON document')
    .action((opts: AccountOpts) =>
      manage(
        runtime,
        opts,
        () => {
          const id = parseId('--account', opts.account);
          return (s) => s.audit.list(id, opts.limit);
        },
        renderAudit,
      ),
    );
}
