import pg from 'pg';
import { cpuMicros } from '../processes.js';

/**
 * CPU time of the PostgreSQL backends serving one database, from /proc (the server runs on this
 * machine; pg_stat_statements is not loaded on the shared server and its configuration is not
 * ours to change). The admin connection reads pg_stat_activity from the `postgres` database, so
 * it is not one of the counted backends.
 */
export class PgBackendCpu {
  private constructor(
    private readonly client: pg.Client,
    private readonly database: string,
  ) {}

  static async open(serverUrl: string, database: string): Promise<PgBackendCpu> {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    return new PgBackendCpu(client, database);
  }

  /** CPU µs per backend pid of the database now. */
  async snapshot(): Promise<Map<number, number>> {
    const { rows } = await this.client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [this.database],
    );
    const cpu = new Map<number, number>();
    for (const { pid } of rows) {
      const micros = cpuMicros(pid);
      if (micros !== undefined) {
        cpu.set(pid, micros);
      }
    }
    return cpu;
  }

  close(): Promise<void> {
    return this.client.end();
  }
}

/** CPU the backends used between two snapshots (a backend new since `before` counts whole). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, micros] of after) {
    total += micros - (before.get(pid) ?? 0);
  }
  return total;
}
