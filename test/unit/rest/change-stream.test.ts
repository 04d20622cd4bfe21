import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HEARTBEAT_MS,
  MAX_BUFFERED_BYTES,
  openChangeStream,
  type StreamRequest,
} from '../../../rest/stream/change-stream.js';
import type { ChangeHub, ChangeListener } from '../../../src/changes/change-hub.js';
import type { LoggedChange } from '../../../src/changes/change-log.js';
import { ApiError } from '../../../src/errors/api-error.js';
import type { ChangeValues } from '../../../src/push/change-values.js';
import type { KeyRefused } from '../../../src/push/push.js';

/** A hub whose log the test writes by hand. */
function fakeHub() {
  let listener: ChangeListener = () => {};
  const hub = {
    listen: async (l: ChangeListener) => {
      listener = l;
      return { from: 0n, stop: () => {} };
    },
    async *backlog() {},
    oldest: async () => 0n,
    close: () => {},
  } as unknown as ChangeHub;
  let seq = 0n;
  return {
    hub,
    emit(count: number) {
      const changes: LoggedChange[] = Array.from({ length: count }, () => ({
        seq: ++seq,
        matchId: 7,
        resource: 'events',
        kind: 'upsert',
        at: new Date(),
      }));
      listener(changes);
    },
  };
}

const values = (bytes: number) =>
  ({
    valueOf: async () => 'x'.repeat(bytes),
    eventOf: async (change: LoggedChange) =>
      Buffer.from(
        `id: ${change.seq}\nevent: change\ndata: ${JSON.stringify({ value: 'x'.repeat(bytes) })}\n\n`,
      ),
    close: () => {},
  }) as unknown as ChangeValues;

const request = (overrides: Partial<StreamRequest> = {}): StreamRequest => ({
  matchIds: new Set([7]),
  lastEventId: null,
  analysis: true,
  language: 'en',
  watchKey: () => () => {},
  maxMs: 3_600_000,
  ...overrides,
});

const flush = () => new Promise((r) => setImmediate(r));

describe('a change stream', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('disconnects a client that does not keep up, past a bounded buffer', async () => {
    const { hub, emit } = fakeHub();
    const out = new PassThrough();
    await openChangeStream(hub, values(100_000), request(), out);
    emit(30);
    for (let i = 0; i < 50; i++) {
      await flush();
    }
    expect(out.destroyed).toBe(true);
    // Nothing beyond the bound was kept: the writes stopped once it was reached.
    expect(out.writableLength).toBeLessThanOrEqual(MAX_BUFFERED_BYTES + 120_000);
  });

  it('keeps a client that reads', async () => {
    const { hub, emit } = fakeHub();
    const out = new PassThrough();
    let received = 0;
    out.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    await openChangeStream(hub, values(100_000), request(), out);
    emit(30);
    for (let i = 0; i < 50; i++) {
      await flush();
    }
    expect(out.destroyed).toBe(false);
    expect(received).toBeGreaterThan(30 * 100_000);
  });

  it('sends a heartbeat comment every 15 s, and ends with an error event when the key goes', async () => {
    vi.useFakeTimers();
    const { hub } = fakeHub();
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    let refuse: KeyRefused = () => {};
    let watching = false;
    await openChangeStream(
      hub,
      values(10),
      request({
        watchKey: (refused) => {
          refuse = refused;
          watching = true;
          return () => {
            watching = false;
          };
        },
      }),
      out,
    );
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(text).toContain(': heartbeat\n\n');
    refuse(new ApiError('key_invalid', 'The API key was revoked'));
    await vi.advanceTimersByTimeAsync(0);
    expect(watching, 'the stream stopped watching its key').toBe(false);
    expect(text).toContain('event: error\ndata: {"code":"key_invalid"');
    expect(out.writableEnded).toBe(true);
  });

  it('ends when its time is up', async () => {
    vi.useFakeTimers();
    const { hub } = fakeHub();
    const out = new PassThrough();
    out.resume();
    await openChangeStream(hub, values(10), request({ maxMs: 1000 }), out);
    await vi.advanceTimersByTimeAsync(1000);
    expect(out.writableEnded).toBe(true);
  });
});
