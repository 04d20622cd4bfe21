import { Counter, Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { cheapHistogram, deferredChildren } from '../../../src/metrics/cheap-instruments.js';

const BUCKETS = [0.001, 0.01, 0.1, 1];
const OBSERVED = [0.0005, 0.001, 0.002, 0.05, 0.05, 0.5, 3, 12.25];

/** The same metric through prom-client's own class and through ours: the exposition must match. */
describe('cheap instruments', () => {
  it('a histogram says what prom-client says for the same observations', async () => {
    const theirs = new Registry();
    const reference = new Histogram({
      name: 'latency_seconds',
      help: 'Latency',
      labelNames: ['surface', 'route'] as const,
      buckets: BUCKETS,
      registers: [theirs],
    });
    const ours = new Registry();
    const cheap = cheapHistogram({
      name: 'latency_seconds',
      help: 'Latency',
      labelNames: ['surface', 'route'] as const,
      buckets: BUCKETS,
      registry: ours,
    });
    const routes = ['/v1/a', '/v1/b/:id'];
    for (const route of routes) {
      const child = cheap.labels('rest', route);
      const referenceChild = reference.labels('rest', route);
      for (const value of route === '/v1/a' ? OBSERVED : OBSERVED.slice(2)) {
        child.observe(value);
        referenceChild.observe(value);
      }
    }
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('latency_seconds_bucket{le="0.01",surface="rest",route="/v1/a"} 3');
    expect(text).toContain('latency_seconds_count{surface="rest",route="/v1/b/:id"} 6');
  });

  it('a series looked up twice is one series; a reset zeroes it and its children go on', async () => {
    const registry = new Registry();
    const cheap = cheapHistogram({
      name: 'h',
      help: 'h',
      labelNames: ['route'] as const,
      buckets: BUCKETS,
      registry,
    });
    const first = cheap.labels('/x');
    first.observe(0.5);
    cheap.labels('/x').observe(0.5);
    expect(await registry.metrics()).toContain('h_count{route="/x"} 2');
    registry.resetMetrics();
    first.observe(0.002);
    const text = await registry.metrics();
    expect(text).toContain('h_count{route="/x"} 1');
    expect(text).toContain('h_sum{route="/x"} 0.002');
  });

  it("a counter's deferred children reach it at every read, each increment once", async () => {
    const registry = new Registry();
    const counter = new Counter({
      name: 'answers_total',
      help: 'Answers',
      labelNames: ['route', 'status'] as const,
      registers: [registry],
    });
    const childOf = deferredChildren(counter);
    const ok = childOf({ route: '/v1/a', status: '200' });
    const missing = childOf({ route: '/v1/a', status: '404' });
    ok.inc();
    ok.inc();
    missing.inc();
    counter.inc({ route: '/v1/a', status: '200' }, 10);
    let text = await registry.metrics();
    expect(text).toContain('answers_total{route="/v1/a",status="200"} 12');
    expect(text).toContain('answers_total{route="/v1/a",status="404"} 1');
    ok.inc();
    text = await registry.metrics();
    expect(text).toContain('answers_total{route="/v1/a",status="200"} 13');
    expect(text).toContain('answers_total{route="/v1/a",status="404"} 1');
  });
});
