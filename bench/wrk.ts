/**
 * The bench's default load engine: wrk (Debian's `wrk`, a C program), driven by a Lua script
 * this module writes per task. It costs about a third of autocannon's CPU per response (measured
 * against the ceiling: 11-15 µs against 33), which matters on two cores where the load generator
 * shares the machine with what it measures (docs/benchmarks.md "Load generator").
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CannonResult, CannonTask } from './load-protocol.js';
import { round } from './stats.js';

const WRK_PATHS = ['/usr/bin/wrk', '/usr/local/bin/wrk'];

export function findWrk(): string | undefined {
  return WRK_PATHS.find((path) => existsSync(path));
}

/**
 * A Lua string literal of any text: every byte outside a safe set as a three-digit decimal
 * escape (three digits always, so that a digit after it is never read as part of it).
 */
export function luaString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    const safe =
      (byte >= 0x30 && byte <= 0x39) ||
      (byte >= 0x41 && byte <= 0x5a) ||
      (byte >= 0x61 && byte <= 0x7a) ||
      byte === 0x20 ||
      byte === 0x2d ||
      byte === 0x2f ||
      byte === 0x5f;
    out += safe ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

const MARKER = 'BENCH-WRK-RESULT ';

/**
 * The request, and per thread the responses by status and the GraphQL error bodies; `done`
 * prints one JSON line with the totals and the latency percentiles (µs).
 */
export function wrkScript(task: CannonTask): string {
  const headers = Object.entries(task.headers)
    .map(([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`)
    .join('\n');
  const body = task.bodies
    ? `local bodies = { ${task.bodies.map(luaString).join(', ')} }
local turn = 0
function request()
  turn = turn % #bodies + 1
  return wrk.format(nil, nil, nil, bodies[turn])
end`
    : task.body === undefined
      ? ''
      : `wrk.body = ${luaString(task.body)}`;
  const checkBody = task.graphql
    ? `if string.find(body, '"errors":', 1, true) then mismatches = mismatches + 1 end`
    : '';
  return `wrk.method = ${luaString(task.method)}
${headers}
${body}
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) codes = {}; mismatches = 0 end
function response(status, headers, body)
  codes[status] = (codes[status] or 0) + 1
  ${checkBody}
end
function done(summary, latency, requests)
  local parts, misses = {}, 0
  local merged = {}
  for _, t in ipairs(threads) do
    for code, n in pairs(t:get("codes")) do merged[code] = (merged[code] or 0) + n end
    misses = misses + t:get("mismatches")
  end
  for code, n in pairs(merged) do parts[#parts + 1] = string.format('"%d":%d', code, n) end
  local e = summary.errors
  io.write(string.format('${MARKER}{"requests":%d,"durationMicros":%d,"bytes":%d,' ..
    '"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50":%d,"p99":%d,"mismatches":%d,' ..
    '"codes":{%s}}\\n', summary.requests, summary.duration, summary.bytes, e.connect, e.read,
    e.write, e.timeout, latency:percentile(50), latency:percentile(99), misses,
    table.concat(parts, ',')))
end
`;
}

interface WrkSummary {
  requests: number;
  durationMicros: number;
  bytes: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  p50: number;
  p99: number;
  mismatches: number;
  codes: Record<string, number>;
}

export function parseWrkOutput(stdout: string): WrkSummary {
  const line = stdout.split('\n').find((l) => l.startsWith(MARKER));
  if (!line) {
    throw new Error(`wrk printed no result: ${stdout.slice(0, 300)}`);
  }
  return JSON.parse(line.slice(MARKER.length)) as WrkSummary;
}

/** Responses of a status the task does not accept: any but `expectStatus`, else outside 2xx. */
function unexpectedCount(task: CannonTask, codes: Record<string, number>): number {
  const accepted = (code: number) =>
    task.expectStatus === undefined ? code >= 200 && code < 300 : code === task.expectStatus;
  return Object.entries(codes)
    .filter(([code]) => !accepted(Number(code)))
    .reduce((sum, [, n]) => sum + n, 0);
}

export function toCannonResult(task: CannonTask, s: WrkSummary): CannonResult {
  const seconds = s.durationMicros / 1e6;
  const errors = s.connect + s.read + s.write;
  return {
    responses: s.requests,
    seconds: round(seconds, 3),
    rps: round(s.requests / seconds, 1),
    p50: round(s.p50 / 1000, 3),
    p99: round(s.p99 / 1000, 3),
    failures: unexpectedCount(task, s.codes) + errors + s.timeout + s.mismatches,
    statusCodes: s.codes,
    errors,
    timeouts: s.timeout,
    mismatches: s.mismatches,
    bytesPerSecond: Math.round(s.bytes / seconds),
  };
}

/** One window of `seconds` against `task.url` with `task.connections` connections, one thread. */
export async function runWrk(task: CannonTask, seconds: number): Promise<CannonResult> {
  const program = findWrk();
  if (!program) {
    throw new Error('wrk is not installed (apt-get install wrk, or --load-generator autocannon)');
  }
  const dir = await mkdtemp(join(tmpdir(), 'bench-wrk-'));
  try {
    const script = join(dir, 'task.lua');
    await writeFile(script, wrkScript(task));
    const args = [
      '-t1',
      `-c${task.connections}`,
      `-d${seconds}s`,
      '--timeout',
      '30s',
      '-s',
      script,
      task.url,
    ];
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(program, args, { maxBuffer: 1024 * 1024 }, (error, out, err) => {
        // wrk reports a script error on stderr and goes on without the script.
        if (error || /\.lua:/.test(err)) {
          reject(new Error(`wrk failed: ${err || error?.message}`));
        } else {
          resolve(out);
        }
      });
    });
    return toCannonResult(task, parseWrkOutput(stdout));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
