import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createPgDatabase, loadDemoAndKey, raiseLimitsAndPick } from '../databases.js';
import { touchlineEnv } from '../servers.js';

/**
 * One PostgreSQL database with the bench's demo data, key and raised limits, kept for repeated
 * miss-path measurements (docs/performance-miss-path.md). Usage:
 *   node --import tsx bench/miss/setup-db.ts <database name> <matches> <out.json>
 */
const [name = 'miss_bench', matches = '2000', out = 'bench/results/miss-db.json'] =
  process.argv.slice(2);
const serverUrl = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = await createPgDatabase(serverUrl, name);
const config = { name: 'postgres' as const, description: '', dataDir: '/nonexistent', databaseUrl };
const env = touchlineEnv(config);
await import('node:child_process').then(({ execFileSync }) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'app/main.ts', 'db', 'migrate'], {
    env,
    stdio: 'inherit',
  }),
);
const account = await loadDemoAndKey(env, Number(matches));
const data = await raiseLimitsAndPick({ databaseUrl, dataDir: '/nonexistent' }, account);
await mkdir(dirname(out), { recursive: true });
await writeFile(out, JSON.stringify({ databaseUrl, ...data }, null, 2));
console.log(JSON.stringify({ databaseUrl, ...data }, null, 2));
