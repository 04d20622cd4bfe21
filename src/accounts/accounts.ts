import type { Prisma, PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { type CreatedKey, ensureAccount, insertKey } from './keys.js';
import { normaliseEmail } from './owner-email.js';
import { freeSubscription, paidPeriod } from './subscriptions/subscription-state.js';
import type { TierName } from './tiers.js';

export type { CreatedKey } from './keys.js';

type Tx = Prisma.TransactionClient;

export interface AccountView {
  id: number;
  name: string | null;
  /** The owner's e-mail address (docs/accounts.md); null when none was given. */
  email: string | null;
  /** When the owner proved the address; null: not (yet) verified. */
  emailVerifiedAt: string | null;
  createdAt: string;
}

interface NewAccount {
  name?: string | undefined;
  /** The owner's address, unverified until an e-mailed link is followed. */
  email?: string | undefined;
}

type AccountRow = Prisma.AccountGetPayload<object>;

const presentAccount = (row: AccountRow): AccountView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  emailVerifiedAt: row.emailVerifiedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Refuses an owner address another account holds (the address is one account's sign-in). */
async function ensureEmailFree(tx: Tx, email: string, accountId?: number): Promise<void> {
  const holder = await tx.account.findUnique({ where: { email }, select: { id: true } });
  if (holder && holder.id !== accountId) {
    throw new ApiError(
      'invalid_parameter',
      `${email} is the owner e-mail of account ${holder.id}`,
      {
        parameter: 'email',
      },
    );
  }
}

/**
 * A new account on `tier`; a paid tier starts a monthly period that renews automatically. Used
 * inside a caller's transaction by self-service sign-up, so an account never exists without
 * the token that verifies its owner.
 */
export async function insertAccount(
  tx: Tx,
  tier: TierName,
  account: NewAccount,
  start: Date,
): Promise<{ id: number }> {
  const email = account.email === undefined ? null : normaliseEmail(account.email);
  if (email) {
    await ensureEmailFree(tx, email);
  }
  const plan =
    tier === 'Free'
      ? null
      : await tx.planVersion.findFirst({
          where: { tier, billingPeriod: 'monthly' },
          orderBy: { version: 'desc' },
        });
  const sub = tier === 'Free' ? freeSubscription(start) : paidPeriod(tier, plan, start);
  const created = await tx.account.create({
    data: {
      name: account.name ?? null,
      email,
      subscription: {
        create: {
          tier,
          planVersionId: plan?.id ?? null,
          periodStart: sub.periodStart,
          periodEnd: sub.periodEnd,
          autoRenew: sub.autoRenew,
        },
      },
    },
  });
  return { id: created.id };
}

export function createAccountsService({
  db,
  now = () => new Date(),
}: {
  db: PrismaClient;
  now?: () => Date;
}) {
  async function createAccount(tier: TierName, name?: string, email?: string) {
    return db.$transaction((tx) => insertAccount(tx, tier, { name, email }, now()));
  }

  async function getAccount(accountId: number): Promise<AccountView> {
    const row = await db.account.findUnique({ where: { id: accountId } });
    if (!row) {
      throw new ApiError('not_found', `No account ${accountId}`);
    }
    return presentAccount(row);
  }

  /** Every account, oldest first, with its tier now (for `touchline accounts list`). */
  async function listAccounts(): Promise<(AccountView & { tier: TierName })[]> {
    const rows = await db.account.findMany({
      orderBy: { id: 'asc' },
      include: { subscription: { select: { tier: true } } },
    });
    return rows.map((row) => ({ ...presentAccount(row), tier: row.subscription?.tier ?? 'Free' }));
  }

  /** Spec 3.2: kept for the demo setup; the keys service is the full key lifecycle. */
  async function createKey(
    accountId: number,
    options: { test?: boolean; expiresAt?: Date | null } = {},
  ): Promise<CreatedKey> {
    await ensureAccount(db, accountId);
    return insertKey(
      db,
      accountId,
      options.test ? 'svc_test_' : 'svc_live_',
      options.expiresAt ?? null,
    );
  }

  return { createAccount, getAccount, listAccounts, createKey };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
