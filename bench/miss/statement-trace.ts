/**
 * Preload (`node --import tsx --import ./bench/miss/statement-trace.ts app/main.ts serve`): counts
 * and times every statement the server sends through `pg` (Prisma's adapter and the raw reads
 * both use `pg.Client#query`). SIGUSR2 writes the tally since the last one to MISS_TRACE_OUT as
 * JSON and starts a new one. Measurement only: docs/performance-miss-path.md.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

interface Tally {
  count: number;
  ms: number;
}

let tally = new Map<string, Tally>();

const textOf = (first: unknown): string =>
  typeof first === 'string' ? first : String((first as { text?: unknown })?.text ?? '?');

const note = (text: string, started: bigint) => {
  const entry = tally.get(text) ?? { count: 0, ms: 0 };
  entry.count += 1;
  entry.ms += Number(process.hrtime.bigint() - started) / 1e6;
  tally.set(text, entry);
};

type Query = (...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function traced(
  this: unknown,
  ...args: unknown[]
) {
  const started = process.hrtime.bigint();
  const text = textOf(args[0]);
  const last = args.length - 1;
  const callback = args[last];
  if (typeof callback === 'function') {
    args[last] = (...reply: unknown[]) => {
      note(text, started);
      return (callback as Query)(...reply);
    };
    return original.apply(this, args);
  }
  const result = original.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    (result as Promise<unknown>).then(
      () => note(text, started),
      () => note(text, started),
    );
  }
  return result;
};

process.on('SIGUSR2', () => {
  const rows = [...tally].map(([text, t]) => ({ text, ...t }));
  writeFileSync(process.env['MISS_TRACE_OUT'] ?? '/tmp/miss-trace.json', JSON.stringify(rows));
  tally = new Map();
});
