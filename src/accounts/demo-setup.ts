import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PrismaClient } from '../db/generated/client.js';
import type { AccountsService } from './accounts.js';
import { hashApiKey } from './api-key-format.js';
import { keyStatus } from './keys.js';
import type { TierName } from './tiers.js';

export interface DemoKey {
  tier: TierName;
  accountId: number;
  keyId: number;
  key: string;
}

const DEMO_TIERS: TierName[] = ['Free', 'Plus', 'Pro'];

const demoKeysPath = (dataDir: string) => join(dataDir, 'demo-keys.json');

export async function readDemoKeys(dataDir: string): Promise<DemoKey[] | null> {
  try {
    return JSON.parse(await readFile(demoKeysPath(dataDir), 'utf8')) as DemoKey[];
  } catch {
    return null;
  }
}

/**
 * DECISIONS.md "The touchline command": one demo account and key per tier, written to
 * TOUCHLINE_DATA_DIR/demo-keys.json (the only place a full key is ever kept, for the demo).
 */
export async function createDemoKeys(
  accounts: AccountsService,
  dataDir: string,
): Promise<DemoKey[]> {
  const keys: DemoKey[] = [];
  for (const tier of DEMO_TIERS) {
    const account = await accounts.createAccount(tier, `Demo ${tier}`);
    const key = await accounts.createKey(account.id);
    keys.push({ tier, accountId: account.id, keyId: key.id, key: key.key });
  }
  await writeFile(demoKeysPath(dataDir), `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

/**
 * The demo key of `tier` as `npm start` wrote it, while it still works in this database (known,
 * neither revoked nor expired), else null: no demo-keys.json, another database's keys, or the
 * key revoked since. Only the key's hash is looked up.
 */
export async function findActiveDemoKey(
  db: PrismaClient,
  dataDir: string,
  tier: TierName,
  now: Date,
): Promise<string | null> {
  const demo = (await readDemoKeys(dataDir))?.find((k) => k.tier === tier);
  if (typeof demo?.key !== 'string') {
    return null;
  }
  const row = await db.apiKey.findUnique({
    where: { hash: hashApiKey(demo.key) },
    select: { expiresAt: true, revokedAt: true },
  });
  return row && keyStatus(row, now) === 'active' ? demo.key : null;
}
