import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.js';

export { freePort };

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote on stderr so far (progress, demo keys). */
  output(): string;
  stop(): Promise<void>;
}

/** `touchline serve` as a real child process, ready when /readyz answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // vitest exports Vite's BASE_URL ("/") into the environment; it is not ours.
  const { BASE_URL: _viteBase, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts', 'serve'], {
    cwd: ROOT,
    // LIVE=off unless a test asks: the demo engine would move the data under its assertions.
    env: {
      ...inherited,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      LIVE: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (Number(env['STARTUP_TIMEOUT_MS']) || 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    }
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) {
      return {
        url,
        child,
        output: () => stderr,
        async stop() {
          if (child.exitCode === null) {
            child.kill('SIGTERM');
            await once(child, 'exit');
          }
        },
      };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become ready: ${stderr}`);
}
