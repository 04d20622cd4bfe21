/**
 * A full garbage collection in a server, for the memory rows (bench/memory.ts): RSS read at a
 * random moment tells where V8's collector is in its cycle (a server's RSS fell from 340 to 245 MB
 * on one full collection after load, below its 269 MB at start-up), not what it keeps. The
 * server is started with `--inspect-port` (bench/processes.ts) and no inspector open; SIGUSR1
 * opens it (Node's documented way), one Chrome DevTools Protocol call collects, and the
 * inspector is closed again. test/integration/memory/ measures RSS after a full GC the same way.
 */
import WebSocket from 'ws';

const TIMEOUT_MS = 5_000;

async function debuggerUrl(port: number): Promise<string> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
        webSocketDebuggerUrl: string;
      }[];
      const first = targets[0];
      if (first) {
        return first.webSocketDebuggerUrl;
      }
    } catch {
      // not open yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no inspector on port ${port} after ${TIMEOUT_MS} ms`);
}

/** One DevTools session: `call` sends a method and resolves with its result. */
async function session(url: string) {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) {
      waiting.get(message.id)?.(message.result);
      waiting.delete(message.id);
    }
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      next += 1;
      const timer = setTimeout(() => reject(new Error(`${method}: no answer`)), TIMEOUT_MS);
      timer.unref();
      waiting.set(next, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      socket.send(JSON.stringify({ id: next, method, params }));
    });
  return { call, close: () => socket.close() };
}

/**
 * Collects all garbage in the server `pid` (its inspector on `inspectPort` once opened) and closes
 * the inspector again; false if it could not be done (no port, the process gone, no answer).
 */
export async function collectGarbage(
  pid: number,
  inspectPort: number | undefined,
): Promise<boolean> {
  if (inspectPort === undefined) {
    return false;
  }
  try {
    process.kill(pid, 'SIGUSR1');
    const devtools = await session(await debuggerUrl(inspectPort));
    try {
      await devtools.call('HeapProfiler.collectGarbage');
      // Closing ends this session too: its answer may never come, and is not waited for.
      void devtools
        .call('Runtime.evaluate', {
          expression: "process.getBuiltinModule('node:inspector').close()",
        })
        .catch(() => {});
      return true;
    } finally {
      setTimeout(() => devtools.close(), 100).unref();
    }
  } catch {
    return false;
  }
}
