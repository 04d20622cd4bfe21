import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from '../../../src/http/lazy-child-logger.js';

function logger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const parent = pino(
    { level, base: null, timestamp: false },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  );
  return { parent: parent as unknown as FastifyBaseLogger, lines };
}

describe('lazyChildLogger (a request logger that binds its id only when it writes)', () => {
  it('writes what pino’s own child writes, the binding included', () => {
    const lazy = logger('info');
    const eager = logger('info');
    const request = lazyChildLogger(lazy.parent, { reqId: 'r-1' }, {});
    const child = eager.parent.child({ reqId: 'r-1' });
    for (const log of [request, child]) {
      log.info({ at: 1 }, 'incoming request');
      log.warn('plain %s', 'text');
      log.error(new Error('boom'));
      log.debug('not written at info');
    }
    expect(lazy.lines).toEqual(eager.lines);
    expect(lazy.lines.map((l) => l['reqId'])).toEqual(['r-1', 'r-1', 'r-1']);
  });

  it('makes no child while every call is below the level', () => {
    const { parent, lines } = logger('warn');
    const child = vi.spyOn(parent, 'child');
    const request = lazyChildLogger(parent, { reqId: 'r-2' }, {});
    request.info('incoming request');
    request.debug('detail');
    request.trace('more');
    expect(request.level).toBe('warn');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    request.warn('database unavailable');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([{ level: 40, reqId: 'r-2', msg: 'database unavailable' }]);
  });

  it('follows a level set on it, and hands children on', () => {
    const { parent, lines } = logger('warn');
    const request = lazyChildLogger(parent, { reqId: 'r-3' }, {});
    request.level = 'debug';
    request.debug('now written');
    request.child({ part: 'sql' }).debug('nested');
    expect(lines.map((l) => [l['reqId'], l['part'], l['msg']])).toEqual([
      ['r-3', undefined, 'now written'],
      ['r-3', 'sql', 'nested'],
    ]);
    expect(parent.level).toBe('warn');
  });

  it('is pino’s child at once for a route with its own level', () => {
    const { parent, lines } = logger('warn');
    const request = lazyChildLogger(parent, { reqId: 'r-4' }, { level: 'info' });
    request.info('route at info');
    expect(lines).toEqual([{ level: 30, reqId: 'r-4', msg: 'route at info' }]);
  });
});
