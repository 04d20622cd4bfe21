import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The project root, where `app/main.ts` (the `touchline` command from source) lives. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The environment a user would have, on an embedded database in `dataDir`. */
export function embeddedEnv(
  dataDir: string,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TOUCHLINE_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...extra,
  };
  for (const name of ['REDIS_URL', 'DATABASE_URL', 'BASE_URL', 'DOCS_URL', 'ASSETS_URL']) {
    delete env[name];
  }
  return env;
}

/** `touchline demo --matches N --no-analyze` into `dataDir`. */
export function loadDemo(dataDir: string, matches: number): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        'app/main.ts',
        'demo',
        '--matches',
        String(matches),
        '--no-analyze',
        '--json',
      ],
      { cwd: ROOT, env: embeddedEnv(dataDir), timeout: 120_000 },
      (error) => (error ? reject(error) : resolve()),
    ),
  );
}
