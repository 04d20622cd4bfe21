import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, log, ROOT, type Server } from '../processes.js';

const execFileAsync = promisify(execFile);

/** PostGraphile's own package folder (not a dependency of touchline). */
export const PEER_DIR = join(ROOT, 'bench/peer/server');

/** How PostGraphile 5 (engines: node >= 22) is run here. */
export interface PeerRuntime {
  node: string;
  nodeArgs: string[];
  /** For the report: which Node and why. */
  description: string;
}

/** `npm install --prefix bench/peer/server` when its node_modules lack PostGraphile. */
export async function ensurePostGraphileInstalled(): Promise<void> {
  if (existsSync(join(PEER_DIR, 'node_modules/postgraphile/package.json'))) {
    return;
  }
  log('installing PostGraphile into bench/peer/server (npm install)');
  await execFileAsync('npm', ['install', '--prefix', PEER_DIR, '--no-audit', '--no-fund'], {
    cwd: ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/**
 * Node 22 from the npm registry (scripts/ci/node-line.sh, as CI's Node-lines run uses), else this
 * Node with the standard Promise.withResolvers polyfill.
 */
export async function peerRuntime(): Promise<PeerRuntime> {
  try {
    const { stdout } = await execFileAsync(join(ROOT, 'scripts/ci/node-line.sh'), ['22'], {
      cwd: ROOT,
    });
    const node = join(stdout.trim(), 'node');
    const { stdout: version } = await execFileAsync(node, ['--version']);
    return {
      node,
      nodeArgs: [],
      description: `Node ${version.trim()} (scripts/ci/node-line.sh 22)`,
    };
  } catch (error) {
    log(`no Node 22 (${(error as Error).message.split('\n')[0]}): using the polyfill`);
    return {
      node: process.execPath,
      nodeArgs: ['--import', './with-resolvers.mjs'],
      description: `Node ${process.version} with the Promise.withResolvers polyfill (server/with-resolvers.mjs)`,
    };
  }
}

async function waitReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`exited with code ${child.exitCode}`);
    }
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not ready after ${timeoutMs} ms`);
}

/** server/start.mjs on a free port over `databaseUrl`; ready when its schema is built. */
export async function startPostGraphile(
  runtime: PeerRuntime,
  databaseUrl: string,
  logDir: string,
): Promise<Server> {
  const port = await freePort();
  const logFile = join(logDir, 'postgraphile.log');
  const out = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(runtime.node, [...runtime.nodeArgs, 'start.mjs'], {
    cwd: PEER_DIR,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      GRAPHILE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitReady(`${url}/readyz`, child, 60_000);
  } catch (error) {
    await stop();
    throw new Error(`postgraphile: ${(error as Error).message} (see ${logFile})`);
  }
  return { name: 'postgraphile', url, pid: child.pid ?? 0, stop };
}
