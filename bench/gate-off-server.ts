/**
 * touchline with the access gate off, for the bench's gate on/off rows only: the same app over
 * the same database and configuration as `touchline serve`, built with `accessGate: false`
 * (app/build-app.ts), so REST routes answer without key checks, counters or quota headers. Nothing
 * but this file can build such an app. Needs a migrated database (the bench's own).
 */
import { buildApp } from '../app/build-app.js';
import { composeDeps } from '../app/compose.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const deps = await composeDeps(config, database);
const app = await buildApp(config, deps, { accessGate: false });
await app.listen({ host: config.host, port: config.port });
process.once('SIGTERM', () => {
  void app.close().then(() => deps.close());
});
