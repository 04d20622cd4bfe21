import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { collectGarbage } from '../../../bench/collected-rss.js';
import { freePort } from '../../../scripts/free-port.js';

/** A process that holds an object only weakly and says when the collector has taken it. */
const CHILD = `
const registry = new FinalizationRegistry(() => console.log('collected'));
registry.register({ big: new Array(1e5).fill('x') }, 'garbage');
console.log('ready');
setInterval(() => {}, 1000);
`;

describe('collectGarbage, the memory rows full collection', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
  });

  /** The child started with `flags`, once it said it is ready; its output so far, growing. */
  async function start(flags: string[]) {
    const started = spawn(process.execPath, [...flags, '-e', CHILD]);
    child = started;
    const output = { text: '' };
    started.stdout?.on('data', (chunk) => {
      output.text += String(chunk);
    });
    started.stderr?.resume();
    while (!output.text.includes('ready')) {
      await once(started.stdout as NodeJS.ReadableStream, 'data');
    }
    return output;
  }

  it('collects with gc() in a process started with --inspect-port and --expose-gc, then closes the inspector again', async () => {
    const port = await freePort();
    const output = await start([`--inspect-port=127.0.0.1:${port}`, '--expose-gc']);
    expect(await collectGarbage(child?.pid as number, port)).toBe(true);
    const deadline = Date.now() + 5_000;
    while (!output.text.includes('collected') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(output.text).toContain('collected');
    expect(await inspectorClosed(port, deadline)).toBe(true);
    expect(child?.exitCode).toBeNull();
  });

  it('is false in a process without gc(), which it leaves with its inspector closed', async () => {
    const port = await freePort();
    await start([`--inspect-port=127.0.0.1:${port}`]);
    expect(await collectGarbage(child?.pid as number, port)).toBe(false);
    expect(await inspectorClosed(port, Date.now() + 5_000)).toBe(true);
  });

  async function inspectorClosed(port: number, deadline: number): Promise<boolean> {
    let closed = false;
    while (!closed && Date.now() < deadline) {
      closed = await fetch(`http://127.0.0.1:${port}/json/list`).then(
        () => false,
        () => true,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return closed;
  }

  it('is false without an inspector port, and for a process that is gone', async () => {
    expect(await collectGarbage(process.pid, undefined)).toBe(false);
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    expect(await collectGarbage(gone.pid as number, await freePort())).toBe(false);
  });
});
