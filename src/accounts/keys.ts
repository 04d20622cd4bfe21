import { hkDay } from '../counters/windows.js';
import { Prisma, type PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import type { EventBus } from '../events/event-bus.js';
import { generateApiKey, hashApiKey, type KeyPrefix, keyHint } from './api-key-format.js';
import { type ChangeAuthor, recordAudit } from './audit.js';

type Tx = Prisma.TransactionClient;

export interface CreatedKey {
  id: number;
  /** The full key: shown once, never stored (spec 5.3). */
  key: string;
  prefix: KeyPrefix;
  expiresAt: string | null;
}

export type KeyStatus = 'active' | 'expired' | 'revoked';

/** A key as management shows it: never the key itself, only its prefix and last four characters. */
export interface KeyView {
  id: number;
  accountId: number;
  prefix: string;
  hint: string;
  status: KeyStatus;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  allowlist: string[];
}

interface KeyOptions {
  /** A `svc_test_` key instead of `svc_live_`. */
  test?: boolean;
  /** `YYYY-MM-DD`: the first Hong Kong day on which the key no longer works. */
  expires?: string | undefined;
}

/**
 * Spec 5.5 "a key expires on the date listed in the dashboard": the listed date is the expiry
 * date, so the key stops working at 00:00 Hong Kong time on it (the day quotas reset). The date
 * must be after today in Hong Kong, or the key would be born expired.
 */
export function parseExpiryDate(text: string, now: Date): Date {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00+08:00`) : null;
  if (!date || Number.isNaN(date.getTime()) || hkDay(date) !== text) {
    throw new ApiError('invalid_parameter', `expires must be a date YYYY-MM-DD, got '${text}'`, {
      parameter: 'expires',
    });
  }
  if (text <= hkDay(now)) {
    throw new ApiError(
      'invalid_parameter',
      `expires must be after today (${hkDay(now)}, Hong Kong), got ${text}`,
      { parameter: 'expires' },
    );
  }
  return date;
}

/** The audit record of a new key: its prefix and hint, never the key. */
function auditKey(
  tx: Tx,
  accountId: number,
  origin: ChangeAuthor,
  action: 'key.create' | 'key.replace',
  created: CreatedKey,
  replacedKeyId: number | null = null,
): Promise<void> {
  return recordAudit(tx, {
    accountId,
    ...origin,
    action,
    detail: {
      keyId: created.id,
      prefix: created.prefix,
      hint: keyHint(created.key),
      expiresAt: created.expiresAt,
      ...(action === 'key.replace' ? { replacedKeyId } : {}),
    },
  });
}

export function keyStatus(
  key: { expiresAt: Date | null; revokedAt: Date | null },
  now: Date,
): KeyStatus {
  if (key.revokedAt) {
    return 'revoked';
  }
  return key.expiresAt && key.expiresAt <= now ? 'expired' : 'active';
}

type KeyRow = Prisma.ApiKeyGetPayload<{ include: { allowlist: true } }>;

function presentKey(row: KeyRow, now: Date): KeyView {
  return {
    id: row.id,
    accountId: row.accountId,
    prefix: row.prefix,
    hint: row.hint,
    status: keyStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    allowlist: row.allowlist.map((e) => e.entry).sort(),
  };
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

export async function ensureAccount(tx: Tx, accountId: number): Promise<void> {
  if (!(await tx.account.findUnique({ where: { id: accountId }, select: { id: true } }))) {
    throw new ApiError('not_found', `No account ${accountId}`);
  }
}

/**
 * Spec 3.2: a new key only when the account holds no unrevoked key (an expired one counts). The
 * unique `slot` column decides, so two concurrent creations cannot both win.
 */
export async function insertKey(
  tx: Tx,
  accountId: number,
  prefix: KeyPrefix,
  expiresAt: Date | null,
): Promise<CreatedKey> {
  const key = generateApiKey(prefix);
  try {
    const row = await tx.apiKey.create({
      data: {
        accountId,
        hash: hashApiKey(key),
        prefix,
        hint: keyHint(key),
        slot: accountId,
        expiresAt,
      },
    });
    return { id: row.id, key, prefix, expiresAt: row.expiresAt?.toISOString() ?? null };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError(
        'key_limit_reached',
        `Account ${accountId} already holds an unrevoked key (expired keys count): revoke or replace it`,
      );
    }
    throw error;
  }
}

interface KeysDeps {
  db: PrismaClient;
  events: EventBus;
  now: () => Date;
}

const expiry = (options: KeyOptions, clock: () => Date) =>
  options.expires === undefined ? null : parseExpiryDate(options.expires, clock());

/** `origin` (the dashboard's owner, the CLI, the admin API) leaves an audit record in the key's transaction. */
async function createKey(
  { db, now: clock }: KeysDeps,
  accountId: number,
  options: KeyOptions = {},
  origin?: ChangeAuthor,
): Promise<CreatedKey> {
  const expiresAt = expiry(options, clock);
  return db.$transaction(async (tx) => {
    await ensureAccount(tx, accountId);
    const created = await insertKey(
      tx,
      accountId,
      options.test ? 'svc_test_' : 'svc_live_',
      expiresAt,
    );
    if (origin) {
      await auditKey(tx, accountId, origin, 'key.create', created);
    }
    return created;
  });
}

/**
 * Spec 3.2: immediate; frees the slot; revoking a revoked key changes nothing (and leaves no
 * audit record). `origin` leaves one in the revocation's transaction.
 */
async function revokeKey(
  { db, events, now: clock }: KeysDeps,
  keyId: number,
  origin?: ChangeAuthor,
): Promise<KeyView> {
  const key = await db.apiKey.findUnique({ where: { id: keyId } });
  if (!key) {
    throw new ApiError('not_found', `No key ${keyId}`);
  }
  await db.$transaction(async (tx) => {
    const revoked = await tx.apiKey.updateMany({
      where: { id: keyId, revokedAt: null },
      data: { revokedAt: clock(), slot: null },
    });
    if (origin && revoked.count > 0) {
      await recordAudit(tx, {
        accountId: key.accountId,
        ...origin,
        action: 'key.revoke',
        detail: { keyId, prefix: key.prefix, hint: key.hint },
      });
    }
  });
  // Published even when already revoked: an instance that missed the first event learns now.
  await events.publish({ type: 'key-revoked', keyId, hash: key.hash });
  const row = await db.apiKey.findUniqueOrThrow({
    where: { id: keyId },
    include: { allowlist: true },
  });
  return presentKey(row, clock());
}

/**
 * Spec 3.2: revoke the unrevoked key (if any) and issue a new one in one transaction. The new
 * key keeps the old one's prefix (live or test) and allowlist; it has no expiry unless given.
 * Daily usage belongs to the account, so nothing about it changes.
 */
async function replaceKey(
  { db, events, now: clock }: KeysDeps,
  accountId: number,
  options: KeyOptions = {},
  origin?: ChangeAuthor,
): Promise<CreatedKey> {
  const expiresAt = expiry(options, clock);
  const { created, old } = await db.$transaction(async (tx) => {
    await ensureAccount(tx, accountId);
    const old = await tx.apiKey.findUnique({
      where: { slot: accountId },
      include: { allowlist: true },
    });
    if (old) {
      await tx.apiKey.update({ where: { id: old.id }, data: { revokedAt: clock(), slot: null } });
    }
    const prefix = old?.prefix === 'svc_test_' || options.test ? 'svc_test_' : 'svc_live_';
    const created = await insertKey(tx, accountId, prefix, expiresAt);
    await tx.allowlistEntry.createMany({
      data: (old?.allowlist ?? []).map((e) => ({ keyId: created.id, entry: e.entry })),
    });
    if (origin) {
      await auditKey(tx, accountId, origin, 'key.replace', created, old?.id ?? null);
    }
    return { created, old };
  });
  if (old) {
    await events.publish({ type: 'key-revoked', keyId: old.id, hash: old.hash });
  }
  return created;
}

async function listKeys({ db, now: clock }: KeysDeps, accountId: number): Promise<KeyView[]> {
  await ensureAccount(db, accountId);
  const rows = await db.apiKey.findMany({
    where: { accountId },
    include: { allowlist: true },
    orderBy: { id: 'desc' },
  });
  const now = clock();
  return rows.map((row) => presentKey(row, now));
}

export function createKeysService({
  db,
  events,
  now = () => new Date(),
}: {
  db: PrismaClient;
  events: EventBus;
  now?: () => Date;
}) {
  const deps: KeysDeps = { db, events, now };
  return {
    createKey: (accountId: number, options?: KeyOptions, origin?: ChangeAuthor) =>
      createKey(deps, accountId, options, origin),
    revokeKey: (keyId: number, origin?: ChangeAuthor) => revokeKey(deps, keyId, origin),
    replaceKey: (accountId: number, options?: KeyOptions, origin?: ChangeAuthor) =>
      replaceKey(deps, accountId, options, origin),
    listKeys: (accountId: number) => listKeys(deps, accountId),
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
