/**
 * `npm run bench:startup`: how long the `touchline` command and the server take to answer, run
 * as a user runs them (the compiled `bin/touchline.js` and `npm start`'s entry), each command
 * several times, median reported (docs/benchmarks.md "Start-up").
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createPgDatabase, dropPgDatabase } from './databases.js';

const ROOT = resolve(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin/touchline.js');
const SERVE = ['--enable-source-maps', join(ROOT, 'dist/main.js'), 'serve'];
const RUNS = Number(process.env['STARTUP_RUNS'] ?? 5);
const PG_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const run = promisify(execFile);

/** The environment a user would have: no test or Redis settings. */
function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...extra };
  for (const name of ['REDIS_URL', 'DATABASE_URL', 'BASE_URL', 'TOUCHLINE_DATA_DIR']) {
    if (!(name in extra)) {
      delete env[name];
    }
  }
  return env;
}

async function seconds(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return (performance.now() - started) / 1000;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

async function repeat(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    times.push(await seconds(fn));
  }
  return median(times);
}

const touchline = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  run(process.execPath, [BIN, ...args], { cwd: ROOT, env, timeout: 120_000 });

/** Spawns the server and resolves once /healthz answers 200; then stops it. */
async function serveUntilHealthy(env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, SERVE, {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    for (;;) {
      if (child.exitCode !== null) {
        throw new Error(`server exited ${child.exitCode}: ${stderr}`);
      }
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) {
        return (performance.now() - started) / 1000;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

interface Row {
  what: string;
  target: number;
  seconds: number;
}

const rows: Row[] = [];
const record = (what: string, target: number, value: number) => {
  rows.push({ what, target, seconds: value });
  process.stderr.write(`${what}: ${value.toFixed(2)} s (target <= ${target} s)\n`);
};

const dataDir = await mkdtemp(join(tmpdir(), 'touchline-startup-'));
const pgName = `touchline_startup_${process.pid}`;
const pgUrl = await createPgDatabase(PG_URL, pgName);
try {
  const embedded = userEnv({ TOUCHLINE_DATA_DIR: dataDir });
  record('touchline --help', 0.3, await repeat(() => touchline(embedded, '--help')));
  // The first start creates the embedded database and loads the demo; every later one reuses it.
  record(
    'first npm start to /healthz (demo load included)',
    8,
    await serveUntilHealthy(embedded, 3901),
  );
  const later: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    later.push(await serveUntilHealthy(embedded, 3901));
  }
  record('later npm start to /healthz', 1.5, median(later));
  record(
    'touchline accounts create (embedded)',
    1.0,
    await repeat(() => touchline(embedded, 'accounts', 'create', '--tier', 'Free', '--json')),
  );
  const postgres = userEnv({ DATABASE_URL: pgUrl });
  await touchline(postgres, 'db', 'migrate');
  record(
    'touchline db migrate, nothing to apply (PostgreSQL)',
    1.0,
    await repeat(() => touchline(postgres, 'db', 'migrate')),
  );
} finally {
  await dropPgDatabase(PG_URL, pgName).catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
}

process.stdout.write(
  `| what | target | median of ${RUNS} (first start: once) | |\n|---|---|---|---|\n${rows
    .map(
      (r) =>
        `| ${r.what} | <= ${r.target} s | ${r.seconds.toFixed(2)} s | ${r.seconds <= r.target ? 'met' : 'missed'} |`,
    )
    .join('\n')}\n`,
);
