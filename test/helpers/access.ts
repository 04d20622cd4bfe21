import { createAccountsService } from '../../src/accounts/accounts.js';
import type { TierName } from '../../src/accounts/tiers.js';
import type { Database } from '../../src/db/database.js';
import { createEventBus } from '../../src/events/event-bus.js';

/** A new account on `tier` with one live key; returns the ids and the full key. */
export async function createAccountWithKey(
  database: Database,
  tier: TierName,
  options: { expiresAt?: Date; allowlist?: string[] } = {},
) {
  const accounts = createAccountsService({ db: database.prisma });
  const account = await accounts.createAccount(tier);
  const key = await accounts.createKey(account.id, { expiresAt: options.expiresAt ?? null });
  if (options.allowlist?.length) {
    await database.prisma.allowlistEntry.createMany({
      data: options.allowlist.map((entry) => ({ keyId: key.id, entry })),
    });
  }
  return { accountId: account.id, keyId: key.id, key: key.key };
}

export const noEvents = () => createEventBus();
