import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The PostgreSQL server programs (`initdb`, `pg_basebackup`, `postgres`): PG_BIN_DIR when set,
 * else the newest /usr/lib/postgresql/<version>/bin (Debian's layout; these machines have 15).
 */
function serverBinDir(): string | undefined {
  const configured = process.env['PG_BIN_DIR'];
  if (configured) {
    return configured;
  }
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) {
    return undefined;
  }
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], 'bin');
}

export function serverBinary(program: string): string {
  const dir = serverBinDir();
  if (!dir) {
    throw new Error('the PostgreSQL server programs are not installed (set PG_BIN_DIR)');
  }
  return join(dir, program);
}

/** Whether a primary and replica pair can be made here: the programs and `setpriv`. */
export function replicaPairAvailable(): boolean {
  const dir = serverBinDir();
  return (
    dir !== undefined &&
    ['initdb', 'pg_basebackup', 'postgres'].every((p) => existsSync(join(dir, p))) &&
    ['/usr/bin/setpriv', '/bin/setpriv'].some((p) => existsSync(p))
  );
}

export const runningAsRoot = () => process.getuid?.() === 0;
