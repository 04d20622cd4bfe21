import { Counter, Gauge, type Registry } from 'prom-client';
import type { SourceHealthStatus } from '../freshness/source-health.js';
import type { Sources } from './sources.js';

type Sample = (source: SourceHealthStatus) => number | null;

/**
 * The data sources' gauges (docs/operations.md "Metrics", docs/sources/freshness.md): read from
 * the database when Prometheus scrapes, one statement for all of them, nothing on the request
 * path. The counters are the totals `source_state` keeps (every process's passes, not this
 * one's), so they are exposed as counters set to the stored total. A database that does not
 * answer leaves them without samples for that scrape.
 */
export function registerDataSourceGauges(registry: Registry, sources: Sources): void {
  // The reader shares one statement among the collectors of a scrape (source-health.ts).
  const statuses = (): Promise<SourceHealthStatus[]> =>
    (sources.dataSources?.() ?? Promise.resolve([])).catch(() => []);
  const gauge = (name: string, help: string, sample: Sample) =>
    new Gauge<'source'>({
      name,
      help,
      labelNames: ['source'],
      registers: [registry],
      async collect() {
        const found = await statuses();
        this.reset();
        for (const status of found) {
          const value = sample(status);
          if (value !== null) {
            this.set({ source: status.source }, value);
          }
        }
      },
    });
  // The stored totals: a counter reset, then increased by the total, reads the total.
  const counter = (name: string, help: string, sample: Sample) =>
    new Counter<'source'>({
      name,
      help,
      labelNames: ['source'],
      registers: [registry],
      async collect() {
        const found = await statuses();
        this.reset();
        for (const status of found) {
          this.inc({ source: status.source }, sample(status) ?? 0);
        }
      },
    });
  gauge(
    'touchline_source_last_success_timestamp_seconds',
    'When the source last completed a good pass (its heartbeat), Unix seconds',
    (s) => (s.lastSuccessAt ? s.lastSuccessAt.getTime() / 1000 : null),
  );
  gauge(
    'touchline_source_lag_seconds',
    'Seconds since the source last completed a good pass (no sample before its first)',
    (s) => s.lagSeconds,
  );
  gauge(
    'touchline_source_stale',
    '1 while a fixture source is silent past SOURCE_STALE_AFTER and owns a live match (the match lists answer 503), else 0',
    (s) => (s.stale ? 1 : 0),
  );
  gauge(
    'touchline_source_live_matches',
    'Live matches whose status and score the source writes',
    (s) => s.liveMatches,
  );
  gauge(
    'touchline_source_refused_resources',
    'Resources of the source whose newest answer was refused (502 where the contract declares it)',
    (s) => s.refusedResources.length,
  );
  counter(
    'touchline_source_requests_total',
    'Requests the source has sent its provider (all processes)',
    (s) => s.requests,
  );
  counter(
    'touchline_source_errors_total',
    'Passes of the source that failed (provider unreachable, 5xx, timeouts, refused credentials)',
    (s) => s.errors,
  );
  counter(
    'touchline_source_refused_total',
    'Passes of the source that ended on a refused answer (did not parse or broke its documented shape)',
    (s) => s.refused,
  );
}
