import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../db/generated/client.js';

/**
 * A server-wide secret by name, made on first use and then read by every instance (they share
 * the database), so what one instance signs another verifies. Concurrent first uses agree: the
 * insert that loses changes nothing and the winner's value is read back.
 */
export async function siteSecret(db: PrismaClient, name: string): Promise<Buffer> {
  await db.siteSecret.createMany({
    data: [{ name, value: randomBytes(32).toString('base64') }],
    skipDuplicates: true,
  });
  const row = await db.siteSecret.findUniqueOrThrow({ where: { name } });
  return Buffer.from(row.value, 'base64');
}
