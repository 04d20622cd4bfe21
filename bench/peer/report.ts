import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Machine } from '../bench-run.js';
import type { PeerMeasurement } from './measure.js';
import type { PeerOptions } from './options.js';
import type { PeerRow, PeerTarget } from './rows.js';

export interface PeerRun {
  startedAt: string;
  seconds: number;
  machine: Machine;
  options: Omit<PeerOptions, 'pgUrl' | 'redisUrl'>;
  /** How PostGraphile was run (Node 22, or this Node with the polyfill). */
  postgraphileRuntime: string;
  postgraphileVersion: string;
  data: { matchId: number; matchesInTurn: number; day: string; dayMatches: number };
  /** What the equivalence check compared. */
  checked: string[];
  measurements: PeerMeasurement[];
  rows: PeerRow[];
  targets: PeerTarget[];
}

const cpu = (v: number | undefined) => (v === undefined ? 'n/a' : String(v));
const OPERATION = {
  detail: 'match detail (one match)',
  details: 'match detail (many matches in turn)',
  day: 'Hong Kong day page',
} as const;

function table(rows: readonly PeerRow[]): string[] {
  const lines = [
    '| Row | touchline req/s | PostGraphile req/s | Ratio | p50 ms (touchline / PG) | p99 ms (touchline / PG) | Server CPU µs/resp (touchline / PG) | PostgreSQL CPU µs/resp (touchline / PG) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    const t = r.touchline;
    const p = r.postgraphile;
    lines.push(
      `| ${OPERATION[r.operation]}, touchline cache ${r.cache} | ${t.rps} | ${p.rps} | **${r.ratio}** | ${t.p50} / ${p.p50} | ${t.p99} / ${p.p99} | ${cpu(t.serverCpuMicros)} / ${cpu(p.serverCpuMicros)} | ${cpu(t.pgCpuMicros)} / ${cpu(p.pgCpuMicros)} |`,
    );
  }
  return lines;
}

export function renderPeerMarkdown(run: PeerRun): string {
  const m = run.machine;
  const o = run.options;
  const problems = run.measurements.filter((x) => x.measurement.problems.length > 0);
  return [
    `# touchline vs PostGraphile ${run.postgraphileVersion}, ${run.startedAt}`,
    '',
    `Machine: ${m.nproc} × ${m.cpu}, node ${m.node} (${m.platform}); load average ${m.loadavgStart.join(' ')} at start, ${m.loadavgEnd.join(' ')} at end.`,
    `PostGraphile on ${run.postgraphileRuntime}.`,
    `Load: ${o.rounds} interleaved round(s), ${o.connections} connections, ${o.warmup} s warm-up + ${o.seconds} s measured per row; medians over the rounds. ${o.matches} demo matches; match ${run.data.matchId} (${run.data.matchesInTurn} in turn for the many-matches row), day ${run.data.day} (${run.data.dayMatches} matches). Run took ${run.seconds} s.`,
    `Same data checked before measuring: ${run.checked.join('; ')}.`,
    '',
    ...table(run.rows),
    '',
    '## Targets',
    '',
    ...run.targets.map(
      (t) => `- ${t.met ? 'met' : 'MISSED'}: ${t.name} = ${t.value ?? 'n/a'} (target ${t.target})`,
    ),
    ...(problems.length > 0
      ? [
          '',
          '## Problems',
          '',
          ...problems.map(
            (x) =>
              `- round ${x.round} ${x.operation} ${x.side}: ${x.measurement.problems.join('; ')}`,
          ),
        ]
      : []),
    '',
  ].join('\n');
}

/** bench/results/peer-<time>.{md,json} and peer-latest.{md,json}. */
export async function writePeerResults(outDir: string, run: PeerRun, markdown: string) {
  await mkdir(outDir, { recursive: true });
  const stamp = run.startedAt.replace(/[:.]/g, '-');
  const json = `${JSON.stringify(run, null, 2)}\n`;
  const files = [
    [join(outDir, `peer-${stamp}.md`), markdown],
    [join(outDir, `peer-${stamp}.json`), json],
    [join(outDir, 'peer-latest.md'), markdown],
    [join(outDir, 'peer-latest.json'), json],
  ] as const;
  for (const [file, text] of files) {
    await writeFile(file, text);
  }
  return files.map(([file]) => file);
}
