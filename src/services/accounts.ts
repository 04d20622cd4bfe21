import { Prisma, type PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { generateApiKey, hashApiKey, type KeyPrefix, keyHint } from '../policy/api-key-format.js';
import type { TierName } from './plans.js';

export interface CreatedKey {
  id: number;
  /** The full key: shown once, never stored (spec 5.3). */
  key: string;
  prefix: KeyPrefix;
  expiresAt: string | null;
}

const addMonths = (date: Date, months: number) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
};

export function createAccountsService({
  db,
  now = () => new Date(),
}: {
  db: PrismaClient;
  now?: () => Date;
}) {
  /** A new account on `tier`; paid tiers start a monthly period that renews automatically. */
  async function createAccount(tier: TierName, name?: string): Promise<{ id: number }> {
    const start = now();
    const plan =
      tier === 'Free'
        ? null
        : await db.planVersion.findFirst({
            where: { tier, billingPeriod: 'monthly' },
            orderBy: { version: 'desc' },
          });
    const account = await db.account.create({
      data: {
        name: name ?? null,
        subscription: {
          create: {
            tier,
            planVersionId: plan?.id ?? null,
            periodStart: start,
            periodEnd: plan ? addMonths(start, plan.months) : null,
            autoRenew: tier !== 'Free',
          },
        },
      },
    });
    return { id: account.id };
  }

  /** Spec 3.2: a new key only when the account holds no unrevoked key (an expired one counts). */
  async function createKey(
    accountId: number,
    options: { test?: boolean; expiresAt?: Date | null } = {},
  ): Promise<CreatedKey> {
    const account = await db.account.findUnique({ where: { id: accountId } });
    if (!account) {
      throw new ApiError('not_found', `No account ${accountId}`);
    }
    const prefix: KeyPrefix = options.test ? 'svc_test_' : 'svc_live_';
    const key = generateApiKey(prefix);
    try {
      const row = await db.apiKey.create({
        data: {
          accountId,
          hash: hashApiKey(key),
          prefix,
          hint: keyHint(key),
          slot: accountId,
          expiresAt: options.expiresAt ?? null,
        },
      });
      return { id: row.id, key, prefix, expiresAt: row.expiresAt?.toISOString() ?? null };
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
        throw new ApiError(
          'key_limit_reached',
          `Account ${accountId} already holds an unrevoked key; revoke it first`,
        );
      }
      throw error;
    }
  }

  return { createAccount, createKey };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
