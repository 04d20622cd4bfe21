/**
 * touchline with the access gate off, for the bench's gate on/off rows only: the same app over
 * the same database and configuration as `touchline serve` (its process metrics and connection
 * tracking too), built with `accessGate: false` (app/build-app.ts), so REST routes answer
 * without key checks, counters or quota headers. Nothing but this file can build such an app.
 * Needs a migrated database (the bench's own).
 */
import { buildApp } from '../app/build-app.js';
import { composeDeps } from '../app/compose.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/database.js';
import { trackConnections } from '../src/http/connection-drain.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// As app/serve.ts builds it, so that the pair differs by the gate alone: the process metrics
// (event loop and GC observers) and the connections tracked for a drain.
const deps = await composeDeps(config, database, { processMetrics: true });
const app = await buildApp(config, deps, { accessGate: false, shutdown: { closing: false } });
trackConnections(app.server);
await app.listen({ host: config.host, port: config.port });
process.once('SIGTERM', () => {
  void app.close().then(() => deps.close());
});
