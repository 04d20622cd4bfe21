import type { Prisma, PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import type { EventBus } from '../events/event-bus.js';
import { normaliseAllowlistEntry } from '../policy/allowlist.js';
import { type ChangeAuthor, recordAudit } from './audit.js';
import type { SubscriptionsService } from './subscriptions/subscriptions.js';

type Tx = Prisma.TransactionClient;

export interface AllowlistView {
  keyId: number;
  entries: string[];
  /** `maxAllowlistEntriesPerKey` of the account's current tier. */
  limit: number;
}

async function entriesOf(tx: Tx, keyId: number): Promise<string[]> {
  const rows = await tx.allowlistEntry.findMany({ where: { keyId }, orderBy: { entry: 'asc' } });
  return rows.map((r) => r.entry);
}

interface AllowlistDeps {
  db: PrismaClient;
  events: EventBus;
  subscriptions: Pick<SubscriptionsService, 'getAccountAccess'>;
}

async function findKey(tx: Tx, keyId: number, forEdit: boolean) {
  const key = await tx.apiKey.findUnique({ where: { id: keyId } });
  if (!key || (forEdit && key.revokedAt)) {
    throw new ApiError('not_found', key ? `Key ${keyId} is revoked` : `No key ${keyId}`);
  }
  return key;
}

async function view(
  { subscriptions }: AllowlistDeps,
  tx: Tx,
  keyId: number,
  accountId: number,
): Promise<AllowlistView> {
  const access = await subscriptions.getAccountAccess(accountId);
  return {
    keyId,
    entries: await entriesOf(tx, keyId),
    limit: access.limits.maxAllowlistEntriesPerKey,
  };
}

async function list(deps: AllowlistDeps, keyId: number): Promise<AllowlistView> {
  const key = await findKey(deps.db, keyId, false);
  return view(deps, deps.db, keyId, key.accountId);
}

const audit = (
  tx: Tx,
  origin: ChangeAuthor | undefined,
  change: { accountId: number; action: string; keyId: number; entry: string },
) =>
  origin &&
  recordAudit(tx, {
    accountId: change.accountId,
    ...origin,
    action: change.action,
    detail: { keyId: change.keyId, entry: change.entry },
  });

/**
 * Adding an entry already listed (after normalisation) succeeds and changes nothing. With
 * `origin` (the dashboard's owner) a change leaves an audit record in its transaction.
 */
async function add(
  deps: AllowlistDeps,
  keyId: number,
  input: string,
  origin?: ChangeAuthor,
): Promise<AllowlistView> {
  const { db, events, subscriptions } = deps;
  const entry = normaliseAllowlistEntry(input);
  const { limits, tier } = await subscriptions.getAccountAccess(
    (await findKey(db, keyId, true)).accountId,
  );
  const { changed, accountId } = await db.$transaction(async (tx) => {
    // Lock the key row: two concurrent adds must not both see room for one more entry.
    await tx.$queryRaw`SELECT 1 FROM api_keys WHERE id = ${keyId} FOR UPDATE`;
    const key = await findKey(tx, keyId, true);
    const entries = await entriesOf(tx, keyId);
    if (entries.includes(entry)) {
      return { changed: false, accountId: key.accountId };
    }
    if (entries.length >= limits.maxAllowlistEntriesPerKey) {
      throw new ApiError(
        'allowlist_limit_reached',
        `Key ${keyId} already has ${entries.length} allowlist entries, the most ${tier} allows`,
      );
    }
    await tx.allowlistEntry.create({ data: { keyId, entry } });
    await audit(tx, origin, { accountId: key.accountId, action: 'allowlist.add', keyId, entry });
    return { changed: true, accountId: key.accountId };
  });
  if (changed) {
    await events.publish({ type: 'key-changed', keyId });
  }
  return view(deps, db, keyId, accountId);
}

/** Removing an entry that is not listed is 404, so a mistyped entry is noticed. */
async function remove(
  deps: AllowlistDeps,
  keyId: number,
  input: string,
  origin?: ChangeAuthor,
): Promise<AllowlistView> {
  const { db, events } = deps;
  const entry = normaliseAllowlistEntry(input);
  const key = await findKey(db, keyId, true);
  await db.$transaction(async (tx) => {
    const { count } = await tx.allowlistEntry.deleteMany({ where: { keyId, entry } });
    if (count === 0) {
      throw new ApiError('not_found', `Key ${keyId}'s allowlist has no entry ${entry}`);
    }
    await audit(tx, origin, {
      accountId: key.accountId,
      action: 'allowlist.remove',
      keyId,
      entry,
    });
  });
  await events.publish({ type: 'key-changed', keyId });
  return view(deps, db, keyId, key.accountId);
}

/**
 * Spec 5.6: a per-key allowlist, at most `maxAllowlistEntriesPerKey` entries (the account's tier
 * now). A revoked key is dead (spec 3.2): its list can be read but not edited (404).
 */
export function createAllowlistService(deps: AllowlistDeps) {
  return {
    list: (keyId: number) => list(deps, keyId),
    add: (keyId: number, input: string, origin?: ChangeAuthor) => add(deps, keyId, input, origin),
    remove: (keyId: number, input: string, origin?: ChangeAuthor) =>
      remove(deps, keyId, input, origin),
  };
}

export type AllowlistService = ReturnType<typeof createAllowlistService>;
