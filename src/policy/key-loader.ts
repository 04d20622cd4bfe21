import type { PrismaClient } from '../db/generated/client.js';
import type { KeyRecord } from './key-cache.js';

/** One indexed read (hash is unique) with the key's allowlist. */
export async function loadKeyRecord(db: PrismaClient, hash: string): Promise<KeyRecord | null> {
  const row = await db.apiKey.findUnique({
    where: { hash },
    select: {
      id: true,
      accountId: true,
      hash: true,
      prefix: true,
      expiresAt: true,
      revokedAt: true,
      allowlist: { select: { entry: true } },
    },
  });
  if (!row) {
    return null;
  }
  return {
    keyId: row.id,
    accountId: row.accountId,
    hash: row.hash,
    prefix: row.prefix,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    allowlist: row.allowlist.map((a) => a.entry),
  };
}
