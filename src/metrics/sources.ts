import { Gauge, type Registry } from 'prom-client';
import type { SourceHealthReader } from '../freshness/source-health.js';

/** What the `pg` pool says of itself (PostgreSQL only; PGlite is one in-process connection). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/** The live engine of this process (app/live.ts), as the runner reports it. */
interface LiveStatus {
  engine: string;
  /** This instance holds the writer lease and ticks. */
  writing: boolean;
  /** Seconds past the moment the next tick was due (0 while on schedule); see docs/operations.md. */
  lagSeconds: number;
}

/**
 * Readers of states, set by their owners once they exist (the database in app/compose.ts, the
 * push hub in app/build-app.ts, the live engine in app/serve.ts). Unset: the gauge has no sample.
 */
export interface Sources {
  database?: { kind: string; pools: () => Record<string, PoolStats> };
  openStreams?: () => Record<string, number>;
  live?: () => LiveStatus;
  /** The data sources' health, read from the database on scrape (docs/sources/freshness.md). */
  dataSources?: SourceHealthReader;
}

type GaugeOf<L extends string> = Gauge<L>;

/** A gauge whose samples are read from `read` when Prometheus scrapes (nothing on the hot path). */
function scraped<L extends string>(
  registry: Registry,
  spec: { name: string; help: string; labelNames: readonly L[] },
  read: (gauge: GaugeOf<L>) => void,
): void {
  new Gauge<L>({
    ...spec,
    registers: [registry],
    collect() {
      this.reset();
      read(this);
    },
  });
}

export function registerSourceGauges(registry: Registry, sources: Sources): void {
  scraped(
    registry,
    {
      name: 'touchline_open_streams',
      help: 'Push streams open on this instance: SSE (/v1/football/stream) and GraphQL subscriptions',
      labelNames: ['kind'],
    },
    (gauge) => {
      for (const [kind, open] of Object.entries(sources.openStreams?.() ?? {})) {
        gauge.set({ kind }, open);
      }
    },
  );
  scraped(
    registry,
    {
      name: 'touchline_database_info',
      help: 'The database driver (always 1)',
      labelNames: ['kind'],
    },
    (gauge) => {
      if (sources.database) {
        gauge.set({ kind: sources.database.kind }, 1);
      }
    },
  );
  const pool = (name: string, help: string, field: keyof PoolStats) =>
    scraped(registry, { name, help, labelNames: ['pool'] }, (gauge) => {
      for (const [poolName, stats] of Object.entries(sources.database?.pools() ?? {})) {
        gauge.set({ pool: poolName }, stats[field]);
      }
    });
  pool('touchline_db_pool_connections', 'Connections open in the PostgreSQL pool', 'total');
  pool('touchline_db_pool_idle_connections', 'Open connections not in use', 'idle');
  pool('touchline_db_pool_waiting_clients', 'Queries waiting for a free connection', 'waiting');
  pool('touchline_db_pool_max_connections', 'The most connections the pool opens', 'max');
  const live = (name: string, help: string, value: (status: LiveStatus) => number) =>
    scraped(registry, { name, help, labelNames: ['engine'] }, (gauge) => {
      const status = sources.live?.();
      if (status) {
        gauge.set({ engine: status.engine }, value(status));
      }
    });
  live('touchline_live_writer', '1 while this instance is the live writer, else 0', (s) =>
    s.writing ? 1 : 0,
  );
  live(
    'touchline_live_lag_seconds',
    'How far the live engine runs behind its tick schedule (0 when on time or not the writer)',
    (s) => (s.writing ? s.lagSeconds : 0),
  );
}
