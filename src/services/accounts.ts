import type { PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { type CreatedKey, ensureAccount, insertKey } from './keys.js';
import type { TierName } from './plans.js';
import { freeSubscription, paidPeriod } from './subscription-state.js';

export type { CreatedKey } from './keys.js';

export interface AccountView {
  id: number;
  name: string | null;
  createdAt: string;
}

export function createAccountsService({
  db,
  now = () => new Date(),
}: {
  db: PrismaClient;
  now?: () => Date;
}) {
  /** A new account on `tier`; a paid tier starts a monthly period that renews automatically. */
  async function createAccount(tier: TierName, name?: string): Promise<{ id: number }> {
    const start = now();
    const plan =
      tier === 'Free'
        ? null
        : await db.planVersion.findFirst({
            where: { tier, billingPeriod: 'monthly' },
            orderBy: { version: 'desc' },
          });
    const sub = tier === 'Free' ? freeSubscription(start) : paidPeriod(tier, plan, start);
    const account = await db.account.create({
      data: {
        name: name ?? null,
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
    return { id: account.id };
  }

  async function getAccount(accountId: number): Promise<AccountView> {
    const row = await db.account.findUnique({ where: { id: accountId } });
    if (!row) {
      throw new ApiError('not_found', `No account ${accountId}`);
    }
    return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString() };
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

  return { createAccount, getAccount, createKey };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
