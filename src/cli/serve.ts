import type { Command } from 'commander';
import { analyzeAll } from '../analysis/analyze.js';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { ensureMigrated } from '../db/migrate.js';
import { createDepsFor, type Deps } from '../deps.js';
import { runDemo } from '../ingest/demo/index.js';
import { createDemoKeys, type DemoKey, readDemoKeys } from '../services/demo-setup.js';
import { seedPlans } from '../services/plans-seed.js';
import { DEFAULT_DEMO_MATCHES, DEFAULT_DEMO_SEED } from './data-commands.js';

const log = (message: string) => process.stderr.write(`${message}\n`);

/** First start on an empty embedded database: demo data, analysis and one key per tier. */
async function prepareEmbedded(deps: Deps, config: Config): Promise<DemoKey[] | null> {
  const db = deps.database.prisma;
  const existing = await readDemoKeys(config.dataDir);
  if (existing || (await db.match.count()) > 0) {
    return existing;
  }
  log(`empty embedded database: loading ${DEFAULT_DEMO_MATCHES} demo matches (once)`);
  await runDemo(db, {
    matches: DEFAULT_DEMO_MATCHES,
    seed: DEFAULT_DEMO_SEED,
    now: deps.clock.now(),
    onProgress: log,
  });
  await analyzeAll(db, { onProgress: log });
  return createDemoKeys(deps.services.accounts, config.dataDir);
}

function printKeys(keys: DemoKey[]): void {
  log('demo API keys (also in TOUCHLINE_DATA_DIR/demo-keys.json):');
  for (const k of keys) {
    log(`  ${k.tier.padEnd(4)}  ${k.key}`);
  }
}

export async function serve(config: Config): Promise<void> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await ensureMigrated(database.adapter, (sql) =>
    database.prisma.$queryRawUnsafe(sql),
  );
  if (applied.length > 0) {
    log(`applied migrations: ${applied.join(', ')}`);
  }
  await seedPlans(database.prisma);
  const deps = await createDepsFor(config, database);
  const keys = database.kind === 'pglite' ? await prepareEmbedded(deps, config) : null;
  const app = await buildApp(config, deps);
  await app.listen({ host: config.host, port: config.port });
  log(`touchline listening on ${config.baseUrl} (database: ${database.kind})`);
  log(
    `  REST ${config.baseUrl}/v1/football  docs ${config.docsUrl}  GraphiQL ${config.baseUrl}/graphql`,
  );
  if (keys) {
    printKeys(keys);
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    log(`${signal}: finishing in-flight requests`);
    await app.close();
    await deps.close();
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('serve the API (first start on the embedded database loads demo data)')
    .action(async () => {
      try {
        await serve(loadConfig());
      } catch (error) {
        log(`touchline: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        process.exitCode = 1;
      }
    });
}
