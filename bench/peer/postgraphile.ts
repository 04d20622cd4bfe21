import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, log, ROOT, type Server, startServer } from '../processes.js';

const execFileAsync = promisify(execFile);

/** PostGraphile's own package folder (not a dependency of touchline). */
export const PEER_DIR = join(ROOT, 'bench/peer/server');

/** How PostGraphile 5 (engines: node >= 22) is run here. */
interface PeerRuntime {
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

/** server/start.mjs on a free port over `databaseUrl`; ready when its schema is built. */
export async function startPostGraphile(
  runtime: PeerRuntime,
  databaseUrl: string,
  logDir: string,
): Promise<Server> {
  const port = await freePort();
  return startServer({
    name: 'postgraphile',
    entry: 'start.mjs',
    nodeArgs: runtime.nodeArgs,
    runtime: { node: runtime.node, cwd: PEER_DIR },
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      GRAPHILE_ENV: 'production',
    },
    port,
    readyPath: '/readyz',
    logDir,
  });
}
