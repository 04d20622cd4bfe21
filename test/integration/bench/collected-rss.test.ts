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

  it('collects in a process started with --inspect-port, then closes the inspector again', async () => {
    const port = await freePort();
    child = spawn(process.execPath, [`--inspect-port=127.0.0.1:${port}`, '-e', CHILD]);
    let out = '';
    child.stdout?.on('data', (chunk) => {
      out += String(chunk);
    });
    child.stderr?.resume();
    while (!out.includes('ready')) {
      await once(child.stdout as NodeJS.ReadableStream, 'data');
    }
    expect(await collectGarbage(child.pid as number, port)).toBe(true);
    const deadline = Date.now() + 5_000;
    while (!out.includes('collected') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(out).toContain('collected');
    let closed = false;
    while (!closed && Date.now() < deadline) {
      closed = await fetch(`http://127.0.0.1:${port}/json/list`).then(
        () => false,
        () => true,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(closed).toBe(true);
    expect(child.exitCode).toBeNull();
  });

  it('is false without an inspector port, and for a process that is gone', async () => {
    expect(await collectGarbage(process.pid, undefined)).toBe(false);
    const gone = spawn(process.execPath, ['-e', '']);
    await once(gone, 'exit');
    expect(await collectGarbage(gone.pid as number, await freePort())).toBe(false);
  });
});
