import { describe, expect, it } from 'vitest';
import type { CannonTask } from '../../../bench/load-protocol.js';
import { luaString, parseWrkOutput, toCannonResult, wrkScript } from '../../../bench/wrk.js';

const task = (over: Partial<CannonTask> = {}): CannonTask => ({
  kind: 'cannon',
  url: 'http://127.0.0.1:1/x',
  method: 'GET',
  headers: {},
  connections: 4,
  seconds: 1,
  ...over,
});

const summary = (codes: Record<string, number>, over: Record<string, number> = {}) =>
  `Running 1s test\nBENCH-WRK-RESULT ${JSON.stringify({
    requests: Object.values(codes).reduce((a, b) => a + b, 0),
    durationMicros: 2_000_000,
    bytes: 4_000_000,
    connect: 0,
    read: 0,
    write: 0,
    timeout: 0,
    p50: 1500,
    p99: 9000,
    mismatches: 0,
    codes,
    ...over,
  })}\n`;

describe('the wrk load engine', () => {
  it('writes any text as a Lua literal with three-digit escapes', () => {
    expect(luaString('a=1')).toBe('"a\\0611"');
    expect(luaString('é"\\\n')).toBe('"\\195\\169\\034\\092\\010"');
    expect(luaString('Bearer svc_live_x')).toBe('"Bearer svc_live_x"');
  });

  it('sets the method, headers and body, and checks GraphQL bodies only when asked', () => {
    const post = wrkScript(
      task({ method: 'POST', headers: { 'x-api-key': 'k' }, body: '{}', graphql: true }),
    );
    expect(post).toContain('wrk.method = "POST"');
    expect(post).toContain('wrk.headers["x-api-key"] = "k"');
    expect(post).toContain('wrk.body = "\\123\\125"');
    expect(post).toContain('"errors":');
    expect(wrkScript(task())).not.toContain('"errors":');
  });

  it('reads the result line and counts other statuses, errors and error bodies as failures', () => {
    const ok = toCannonResult(task(), parseWrkOutput(summary({ '200': 10_000 })));
    expect(ok).toMatchObject({ responses: 10_000, rps: 5000, p50: 1.5, p99: 9, failures: 0 });
    expect(ok.bytesPerSecond).toBe(2_000_000);
    const bad = toCannonResult(
      task({ graphql: true }),
      parseWrkOutput(summary({ '200': 90, '429': 10 }, { read: 2, timeout: 1, mismatches: 3 })),
    );
    expect(bad.failures).toBe(10 + 2 + 1 + 3);
    const conditional = toCannonResult(
      task({ expectStatus: 304 }),
      parseWrkOutput(summary({ '304': 50, '200': 5 })),
    );
    expect(conditional.failures).toBe(5);
  });

  it('refuses output without a result line', () => {
    expect(() => parseWrkOutput('Running 1s test\nRequests/sec: 1\n')).toThrow(/no result/);
  });
});
