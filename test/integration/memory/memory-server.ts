/**
 * The server the memory test measures, in a process of its own (run with --expose-gc): the real
 * app on an empty embedded database, with one Pro key whose limits are raised so that every
 * request reaches the caches (as the bench does), and the keyless limit raised likewise. It
 * tells the parent its port and key, and answers `measure` with its memory after a full GC.
 */
import { buildApp } from '../../../app/build-app.js';
import { composeDeps } from '../../../app/compose.js';
import { createAccountsService } from '../../../src/accounts/accounts.js';
import { seedPlans } from '../../../src/accounts/plans-seed.js';
import { loadConfig } from '../../../src/config/config.js';
import { openDatabase } from '../../../src/db/database.js';
import { applyMigrations } from '../../../src/db/migrate.js';

const LIMIT = 1_000_000_000;
const database = await openDatabase({ dataDir: 'memory://' });
await applyMigrations(database.adapter);
await seedPlans(database.prisma);
await database.prisma.tierLimit.update({
  where: { tier: 'Pro' },
  data: { dailyQuota: LIMIT, ratePerMinute: LIMIT, freeMatchesDailyQuota: LIMIT },
});
const accounts = createAccountsService({ db: database.prisma });
const account = await accounts.createAccount('Pro');
const { key } = await accounts.createKey(account.id, { expiresAt: null });
const config = loadConfig({
  LOG_LEVEL: 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  ADDRESS_RATE_PER_MINUTE: String(LIMIT),
});
const deps = await composeDeps(config, database);
const app = await buildApp(config, deps);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message) => {
  if (message === 'measure') {
    for (let i = 0; i < 4; i++) {
      gc?.();
    }
    process.send?.({ memory: process.memoryUsage() });
  }
});
process.send?.({ port, key });
