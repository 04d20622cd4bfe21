import { describe, expect, it } from 'vitest';
import { MemoryLog } from '../../../bench/memory.js';
import type { Server } from '../../../bench/processes.js';

/** Servers that are this process (its RSS is readable), each start and stop logged in turn. */
function fakeStarts() {
  const events: string[] = [];
  let started = 0;
  const start = async (): Promise<Server> => {
    started += 1;
    const n = started;
    events.push(`start ${n}`);
    return {
      name: `server ${n}`,
      url: `http://127.0.0.1:${4000 + n}`,
      pid: process.pid,
      stop: async () => {
        events.push(`stop ${n}`);
      },
    };
  };
  return { events, start };
}

describe('the memory rows leave the measured server as it started (bench/memory.ts)', () => {
  it('reads start-up on a twin stopped before the measured server starts', async () => {
    const memory = new MemoryLog();
    const { events, start } = fakeStarts();
    const server = await memory.watch('embedded', start, 'cache on');
    expect(events).toEqual(['start 1', 'stop 1', 'start 2']);
    expect(server.name).toBe('server 2');
    await server.stop();
    expect(events).toEqual(['start 1', 'stop 1', 'start 2', 'stop 2']);
    const [entry] = memory.servers;
    expect(entry).toMatchObject({ config: 'embedded', server: 'cache on' });
    expect(entry?.startKb).toBeGreaterThan(0);
    expect(entry?.endKb).toBeGreaterThan(0);
  });

  it('a twin that fails to stop fails the watch, and nothing more is started', async () => {
    const memory = new MemoryLog();
    const events: string[] = [];
    const start = async (): Promise<Server> => {
      events.push('start');
      return {
        name: 'gone',
        url: 'http://127.0.0.1:1',
        pid: process.pid,
        stop: async () => {
          events.push('stop');
          throw new Error('already gone');
        },
      };
    };
    await expect(memory.watch('embedded', start, 'cache on')).rejects.toThrow('already gone');
    expect(events).toEqual(['start', 'stop']);
  });
});
