// Runs `prisma generate` offline.
// The prisma CLI wants a schema-engine binary for every command and downloads one when it is
// missing; no download host is reachable on our machines (nor on many users'). `generate` never
// runs that engine, so pointing PRISMA_SCHEMA_ENGINE_BINARY at any existing executable satisfies
// the check. Migrations do not use the binary at all: see src/db/migrate/.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const prismaCli = require.resolve('prisma/build/index.js');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const result = spawnSync(process.execPath, [prismaCli, 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
