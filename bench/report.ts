import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchData } from './databases.js';
import type { PageResult } from './load-protocol.js';
import type { BenchOptions } from './options.js';
import type { Measurement, ScenarioId } from './scenarios.js';
import type { GateCost } from './servers.js';
import { round } from './stats.js';

export interface Machine {
  nproc: number;
  cpu: string;
  node: string;
  platform: string;
  loadavgStart: number[];
  loadavgEnd: number[];
}

export interface BenchRun {
  startedAt: string;
  finishedAt: string;
  seconds: number;
  machine: Machine;
  options: Omit<BenchOptions, 'pgUrl' | 'redisUrl'>;
  data: Record<string, Omit<BenchData, 'key'>>;
  measurements: Measurement[];
  pages: { config: string; result: PageResult }[];
  gates: { config: string; gate: GateCost }[];
  /** Configurations skipped and why. */
  notes: string[];
}

interface Target {
  /** The figure must be >= min (or <= max). */
  min?: number;
  max?: number;
}

export interface Row extends Measurement {
  baseline?: string;
  ratio?: number;
  target?: Target;
  met?: boolean;
}

export interface TargetCheck {
  name: string;
  value: number | undefined;
  target: string;
  met: boolean;
}

const meets = (value: number, t: Target) =>
  (t.min === undefined || value >= t.min) && (t.max === undefined || value <= t.max);

const find = (ms: Measurement[], config: string, id: ScenarioId) =>
  ms.find((m) => m.config === config && m.id === id);

/** Issue 6 targets, by configuration and row. */
function targetOf(m: Measurement): Target | undefined {
  if (m.id === 'detail') {
    return { min: m.config === 'embedded' ? 0.5 : 0.35 };
  }
  if ((m.id === 'detail-nocache' && m.config === 'postgres') || m.id === 'gql-match') {
    return { min: 0.5 };
  }
  return undefined;
}

/** Each row's ratio: to the mean ceiling, to raw pg (cache off), or to REST detail (GraphQL). */
export function deriveRows(ms: Measurement[]): Row[] {
  const ceilings = ms.filter((m) => m.id === 'ceiling' && m.problems.length === 0);
  const ceiling =
    ceilings.length > 0
      ? ceilings.reduce((sum, m) => sum + m.result.rps, 0) / ceilings.length
      : undefined;
  return ms.map((m): Row => {
    let base: { name: string; rps: number | undefined } = { name: 'ceiling (mean)', rps: ceiling };
    if (m.id === 'detail-nocache' && m.config === 'postgres') {
      base = { name: 'raw pg', rps: find(ms, 'baseline', 'raw-pg')?.result.rps };
    } else if (m.id === 'gql-match') {
      base = { name: `REST detail (${m.config})`, rps: find(ms, m.config, 'detail')?.result.rps };
    }
    const target = targetOf(m);
    if (!base.rps) {
      return { ...m, ...(target ? { target } : {}) };
    }
    const ratio = round(m.result.rps / base.rps, 3);
    return {
      ...m,
      baseline: base.name,
      ratio,
      ...(target ? { target, met: m.problems.length === 0 && meets(ratio, target) } : {}),
    };
  });
}

const pct = (share: number) => `${round(share * 100, 1)}%`;
const targetText = (t: Target) => (t.min !== undefined ? `>= ${t.min}` : `<= ${t.max}`);

export function targetChecks(run: BenchRun, rows: Row[]): TargetCheck[] {
  const checks: TargetCheck[] = rows
    .filter((r) => r.target)
    .map((r) => ({
      name: `${r.config}: ${r.label} / ${r.baseline ?? 'baseline missing'}`,
      value: r.ratio,
      target: targetText(r.target as Target),
      met: Boolean(r.met),
    }));
  for (const { config, result } of run.pages) {
    const ratio = round(result.rest.medianMs / Math.max(0.001, result.graphql.medianMs), 2);
    const ok = result.rest.failures === 0 && result.graphql.failures === 0;
    checks.push({
      name: `${config}: client page fetch, REST sequence / one GraphQL request`,
      value: ratio,
      target: '>= 3',
      met: ok && ratio >= 3,
    });
  }
  for (const { config, gate } of run.gates) {
    const detail = find(run.measurements, config, 'detail')?.result.rps;
    const share = detail === undefined ? undefined : round(detail / gate.opsPerSecond, 3);
    checks.push({
      name: `${config}: quota gate share of detail throughput (estimate)`,
      value: share,
      target: '<= 0.1',
      met: share !== undefined && share <= 0.1,
    });
  }
  return checks;
}

function mainTable(rows: Row[]): string[] {
  const lines = [
    '| Config | Scenario | Body bytes | req/s | p50 ms | p99 ms | Ratio | Baseline | Target | Non-2xx / errors |',
    '|---|---|---:|---:|---:|---:|---:|---|---|---|',
  ];
  for (const r of rows) {
    const label = r.items === undefined ? r.label : `${r.label} (${r.items} items)`;
    const target = r.target ? `${targetText(r.target)} ${r.met ? 'met' : 'MISSED'}` : '';
    const failures =
      r.problems.length > 0
        ? `FAILED: ${r.result.failures} (${pct(r.failureShare)})`
        : `${r.result.failures}`;
    lines.push(
      `| ${r.config} | ${label} | ${r.bytes} | ${Math.round(r.result.rps)} | ${r.result.p50.toFixed(2)} | ${r.result.p99.toFixed(2)} | ${r.ratio?.toFixed(3) ?? 'n/a'} | ${r.baseline ?? ''} | ${target} | ${failures} |`,
    );
  }
  return lines;
}

function pageTable(run: BenchRun): string[] {
  const lines = [
    '| Config | Matches | REST requests | REST median ms | REST p90 ms | GraphQL median ms | GraphQL p90 ms | REST / GraphQL | Target | Failures |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const { config, result: p } of run.pages) {
    const ratio = p.rest.medianMs / Math.max(0.001, p.graphql.medianMs);
    lines.push(
      `| ${config} | ${p.matches} | ${p.rest.requests} | ${p.rest.medianMs} | ${p.rest.p90Ms} | ${p.graphql.medianMs} | ${p.graphql.p90Ms} | ${ratio.toFixed(2)} | >= 3 ${ratio >= 3 ? 'met' : 'MISSED'} | ${p.rest.failures + p.graphql.failures} |`,
    );
  }
  return lines;
}

function gateTable(run: BenchRun): string[] {
  const lines = [
    '| Config | Counter store | Gate alone, per s (16 in flight) | µs per gate (one at a time) | REST detail req/s | Estimated gate share | Target |',
    '|---|---|---:|---:|---:|---:|---|',
  ];
  for (const { config, gate } of run.gates) {
    const detail = find(run.measurements, config, 'detail')?.result.rps;
    const share = detail === undefined ? undefined : detail / gate.opsPerSecond;
    const verdict = share === undefined ? '' : share <= 0.1 ? 'met' : 'MISSED';
    lines.push(
      `| ${config} | ${gate.store} | ${gate.opsPerSecond} | ${gate.sequentialMicros} | ${detail === undefined ? 'n/a' : Math.round(detail)} | ${share === undefined ? 'n/a' : pct(share)} | <= 10% ${verdict} |`,
    );
  }
  return lines;
}

export function renderMarkdown(run: BenchRun, rows: Row[], checks: TargetCheck[]): string {
  const m = run.machine;
  const o = run.options;
  const problems = rows.filter((r) => r.problems.length > 0);
  return [
    `# touchline benchmark, ${run.startedAt}`,
    '',
    `Machine: ${m.nproc} × ${m.cpu}, node ${m.node} (${m.platform}); load average ${m.loadavgStart.join(' ')} at start, ${m.loadavgEnd.join(' ')} at end.`,
    `Load: autocannon in its own process on loopback, ${o.connections} connections, ${o.warmup} s warm-up (discarded) + ${o.seconds} s measured per row; ${o.matches} demo matches per database. Run took ${run.seconds} s.`,
    ...run.notes.map((n) => `Note: ${n}`),
    '',
    '## Throughput and latency',
    '',
    ...mainTable(rows),
    '',
    `## Client-side page fetch (page of 25: list + odds, lineups, analysis/corners per match with ${o.pageConcurrency} in flight, vs one GraphQL request; ${o.pageRuns} runs)`,
    '',
    ...pageTable(run),
    '',
    '## Quota gate (estimate: touchline has no switch that turns the gate off)',
    '',
    ...gateTable(run),
    '',
    '## Targets',
    '',
    ...checks.map(
      (c) => `- ${c.met ? 'met' : 'MISSED'}: ${c.name} = ${c.value ?? 'n/a'} (target ${c.target})`,
    ),
    ...(problems.length > 0
      ? [
          '',
          '## Problems',
          '',
          ...problems.map((r) => `- ${r.config} ${r.id}: ${r.problems.join('; ')}`),
        ]
      : []),
    '',
  ].join('\n');
}

/** bench/results/bench-<time>.{md,json} and latest.{md,json}. */
export async function writeResults(
  outDir: string,
  run: BenchRun,
  rows: Row[],
  checks: TargetCheck[],
  markdown: string,
): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const stamp = run.startedAt.replace(/[:.]/g, '-');
  const json = `${JSON.stringify({ ...run, rows, targets: checks }, null, 2)}\n`;
  const files = [
    [join(outDir, `bench-${stamp}.md`), markdown],
    [join(outDir, `bench-${stamp}.json`), json],
    [join(outDir, 'latest.md'), markdown],
    [join(outDir, 'latest.json'), json],
  ] as const;
  for (const [file, text] of files) {
    await writeFile(file, text);
  }
  return files.map(([file]) => file);
}
