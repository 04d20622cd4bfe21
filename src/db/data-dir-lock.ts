import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export class DataDirBusyError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `the embedded database in ${dataDir} is held by process ${pid}; stop it first, or set DATABASE_URL to use PostgreSQL`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes opening one folder corrupt it. A pid file
 * makes the second one stop with a clear reason; a stale file (dead pid) is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, 'touchline.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await unlink(path).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
      const holder = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new DataDirBusyError(dataDir, holder);
      }
      await unlink(path).catch(() => {});
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
