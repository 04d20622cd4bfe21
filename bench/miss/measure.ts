/**
 * Miss-path measurements (docs/performance-miss-path.md): for each operation, statements per
 * operation and their time (the server must run with bench/miss/statement-trace.ts), then
 * autocannon throughput with the server's and PostgreSQL's CPU per response.
 *   node --import tsx bench/miss/measure.ts <server url> <server pid> <data.json> <ops,...> [seconds]
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { cpuMicros } from '../processes.js';
import { type MissData, missOperations, type Operation } from './operations.js';

const [url = '', pidText = '0', dataPath = '', opsText = '', secondsText = '5'] =
  process.argv.slice(2);
const pid = Number(pidText);
const data = JSON.parse(readFileSync(dataPath, 'utf8')) as MissData & { databaseUrl: string };
const traced = pid > 0 && process.env['MISS_TRACE_OUT'] !== undefined;
const headers = { authorization: `Bearer ${data.key}`, 'content-type': 'application/json' };
const SAMPLES = 20;

async function once(op: Operation): Promise<string> {
  const response = await fetch(`${url}${op.path}`, {
    method: op.method,
    headers,
    ...(op.body ? { body: op.body } : {}),
  });
  const text = await response.text();
  if (response.status !== 200 || (op.graphql && text.includes('"errors":'))) {
    throw new Error(`${op.name}: ${response.status} ${text.slice(0, 300)}`);
  }
  return text;
}

/** Backends connected to the bench database (touchline's pools), and their CPU in µs. */
async function backendCpu(admin: pg.Client): Promise<Map<number, number>> {
  const { rows } = await admin.query<{ pid: number }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
  );
  return new Map(rows.map((r) => [r.pid, cpuMicros(r.pid) ?? 0]));
}

const cpuSpent = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [p, us]) => sum + us - (before.get(p) ?? 0), 0);

interface TraceRow {
  text: string;
  count: number;
  ms: number;
}

async function statements(op: Operation) {
  process.kill(pid, 'SIGUSR2');
  await sleep(200);
  for (let i = 0; i < SAMPLES; i++) {
    await once(op);
  }
  await sleep(200);
  process.kill(pid, 'SIGUSR2');
  await sleep(300);
  const rows = JSON.parse(readFileSync(process.env['MISS_TRACE_OUT'] ?? '', 'utf8')) as TraceRow[];
  const perOp = rows.reduce((n, r) => n + r.count, 0) / SAMPLES;
  const top = rows
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 6)
    .map((r) => ({
      perOp: r.count / SAMPLES,
      avgMs: Number((r.ms / r.count).toFixed(3)),
      text: r.text.replace(/\s+/g, ' ').slice(0, 160),
    }));
  return { perOp, top };
}

function cannon(op: Operation, seconds: number, connections: number): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}${op.path}`,
        method: op.method,
        headers,
        ...(op.body ? { body: op.body } : {}),
        connections,
        duration: seconds,
        timeout: 30,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function throughput(op: Operation, admin: pg.Client, seconds: number) {
  const connections = op.name.startsWith('graphql-page') ? 8 : 16;
  await cannon(op, 1, connections);
  const pgBefore = await backendCpu(admin);
  const serverBefore = pid > 0 ? (cpuMicros(pid) ?? 0) : 0;
  const result = await cannon(op, seconds, connections);
  const serverAfter = pid > 0 ? (cpuMicros(pid) ?? 0) : 0;
  const pgAfter = await backendCpu(admin);
  const responses = result.requests.total;
  return {
    rps: Math.round(responses / result.duration),
    p50: result.latency.p50,
    non2xx: result.non2xx + result.errors,
    serverCpuUs: pid > 0 ? Math.round((serverAfter - serverBefore) / responses) : null,
    pgCpuUs: Math.round(cpuSpent(pgBefore, pgAfter) / responses),
  };
}

const admin = new pg.Client({ connectionString: data.databaseUrl });
await admin.connect();
try {
  const wanted = new Set(opsText.split(','));
  for (const op of missOperations(data).filter((o) => wanted.has(o.name))) {
    for (let i = 0; i < 10; i++) {
      await once(op);
    }
    const bytes = (await once(op)).length;
    const counted = traced ? await statements(op) : null;
    const load = await throughput(op, admin, Number(secondsText));
    console.log(JSON.stringify({ op: op.name, bytes, ...load, statements: counted }, null, 1));
  }
} finally {
  await admin.end();
}
