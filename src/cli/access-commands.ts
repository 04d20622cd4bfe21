import type { Command } from 'commander';
import { parseDate, parseId, parseTier, requireText } from './access-args.js';
import { group, type JsonOption, manage } from './access-manage.js';
import { CLI_ACTOR, registerPlanCommands } from './access-plan-commands.js';
import { renderAllowlist, renderCreatedKey, renderKey, renderKeys } from './access-render.js';
import { registerBillingCommands } from './billing-commands.js';
import { registerAuditCommand, registerOwnerCommands } from './owner-commands.js';
import type { CliRuntime } from './runtime.js';
import { registerUsageCommand } from './usage-command.js';

function registerAccountCommands(program: Command, runtime: CliRuntime): void {
  const accounts = group(program, 'accounts', 'manage accounts');
  accounts
    .command('create')
    .description('create an account on a tier (paid tiers start a monthly period)')
    .option('--tier <tier>', 'Free, Plus or Pro')
    .option('--name <name>', 'a name to recognise the account by')
    .option('--email <address>', "the owner's e-mail (unverified until they follow a link)")
    .option('--json', 'print one JSON document')
    .action((opts: JsonOption & { tier?: string; name?: string; email?: string }) =>
      manage(
        runtime,
        opts,
        () => {
          const tier = parseTier(opts.tier);
          return (s) => s.accounts.createAccount(tier, opts.name, opts.email);
        },
        (r) => `account ${r.id} created`,
      ),
    );
  registerOwnerCommands(accounts, runtime);
}

type KeyOpts = JsonOption & { account?: string; test?: boolean; expires?: string };

function registerKeyCommands(program: Command, runtime: CliRuntime): void {
  const keys = group(program, 'keys', 'manage API keys (one unrevoked key per account)');
  keys
    .command('create')
    .description('create the account key; the full key is printed once')
    .option('--account <id>', 'account id')
    .option('--test', 'a svc_test_ key instead of svc_live_')
    .option('--expires <date>', 'YYYY-MM-DD: the key stops working at 00:00 Hong Kong time then')
    .option('--json', 'print one JSON document')
    .action((opts: KeyOpts) =>
      manage(
        runtime,
        opts,
        () => {
          const accountId = parseId('--account', opts.account);
          const expires = parseDate('--expires', opts.expires);
          return (s) =>
            s.keys.createKey(accountId, { test: Boolean(opts.test), expires }, CLI_ACTOR);
        },
        renderCreatedKey,
      ),
    );
  keys
    .command('revoke')
    .description('revoke a key at once (frees the account slot)')
    .argument('<keyId>', 'key id')
    .option('--json', 'print one JSON document')
    .action((keyId: string, opts: JsonOption) =>
      manage(
        runtime,
        opts,
        () => {
          const id = parseId('KEY_ID', keyId);
          return (s) => s.keys.revokeKey(id, CLI_ACTOR);
        },
        renderKey,
      ),
    );
  keys
    .command('replace')
    .description('revoke the account key and create a new one (usage is kept)')
    .option('--account <id>', 'account id')
    .option('--expires <date>', 'YYYY-MM-DD expiry of the new key')
    .option('--json', 'print one JSON document')
    .action((opts: KeyOpts) =>
      manage(
        runtime,
        opts,
        () => {
          const accountId = parseId('--account', opts.account);
          const expires = parseDate('--expires', opts.expires);
          return (s) => s.keys.replaceKey(accountId, { expires }, CLI_ACTOR);
        },
        renderCreatedKey,
      ),
    );
  keys
    .command('list')
    .description("list an account's keys (never the full key)")
    .option('--account <id>', 'account id')
    .option('--json', 'print one JSON document')
    .action((opts: KeyOpts) =>
      manage(
        runtime,
        opts,
        () => {
          const accountId = parseId('--account', opts.account);
          return (s) => s.keys.listKeys(accountId);
        },
        renderKeys,
      ),
    );
}

function registerAllowlistCommands(program: Command, runtime: CliRuntime): void {
  const allowlist = group(program, 'allowlist', "manage a key's IP allowlist (empty: any address)");
  for (const action of ['add', 'remove'] as const) {
    allowlist
      .command(action)
      .description(`${action} an address or CIDR range (IPv4 /24 or narrower, IPv6 /48)`)
      .argument('<keyId>', 'key id')
      .argument('<entry>', 'address or CIDR range')
      .option('--json', 'print one JSON document')
      .action((keyId: string, entry: string, opts: JsonOption) =>
        manage(
          runtime,
          opts,
          () => {
            const id = parseId('KEY_ID', keyId);
            const text = requireText('ENTRY', entry);
            return (s) => s.allowlist[action](id, text, CLI_ACTOR);
          },
          renderAllowlist,
        ),
      );
  }
  allowlist
    .command('list')
    .description("show a key's allowlist")
    .argument('<keyId>', 'key id')
    .option('--json', 'print one JSON document')
    .action((keyId: string, opts: JsonOption) =>
      manage(
        runtime,
        opts,
        () => {
          const id = parseId('KEY_ID', keyId);
          return (s) => s.allowlist.list(id);
        },
        renderAllowlist,
      ),
    );
}

export function registerAccessCommands(program: Command, runtime: CliRuntime): void {
  registerAccountCommands(program, runtime);
  registerKeyCommands(program, runtime);
  registerAllowlistCommands(program, runtime);
  registerPlanCommands(program, runtime);
  registerAuditCommand(program, runtime);
  registerBillingCommands(program, runtime);
  registerUsageCommand(program, runtime);
}
