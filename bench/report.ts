import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchRun } from './bench-run.js';
import { liveLatencies } from './live-latency.js';
import { RSS_GROWTH_TARGET, rssGrowth, rssGrowthAsRead } from './memory.js';
import { find, GATE_ON_OFF_TARGET, type Row, type TargetCheck, targetText } from './ratios.js';
import type { Measurement } from './scenarios.js';
import { round } from './stats.js';

const pct = (share: number) => `${round(share * 100, 1)}%`;

function mainTable(rows: Row[]): string[] {
  const lines = [
    '| Config | Scenario | Body bytes | req/s | p50 ms | p99 ms | Server CPU µs/resp | Ratio | CPU ratio | Baseline | Target | Non-2xx / errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|---|',
  ];
  for (const r of rows) {
    const label = r.items === undefined ? r.label : `${r.label} (${r.items} items)`;
    const target = r.target ? `${targetText(r.target)} ${r.met ? 'met' : 'MISSED'}` : '';
    const failures =
      r.problems.length > 0
        ? `FAILED: ${r.result.failures} (${pct(r.failureShare)})`
        : `${r.result.failures}`;
    lines.push(
      `| ${r.config} | ${label} | ${r.bytes} | ${Math.round(r.result.rps)} | ${r.result.p50.toFixed(2)} | ${r.result.p99.toFixed(2)} | ${r.cpuMicrosPerResponse ?? 'n/a'} | ${r.ratio ?? 'n/a'} | ${r.cpuRatio ?? 'n/a'} | ${r.baseline ?? ''} | ${target} | ${failures} |`,
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

/** Gate on vs off, measured as a pair: the share of throughput and CPU the gate takes. */
function gateTable(run: BenchRun): string[] {
  const lines = [
    '| Config | Gate off req/s | Gate on req/s | Gate off CPU µs/resp | Gate on CPU µs/resp | Throughput share | CPU share | Target |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const config of new Set(run.measurements.map((m) => m.config))) {
    const off = find(run.measurements, config, 'detail-gateoff');
    const on = find(run.measurements, config, 'detail-gateon');
    if (!off || !on) {
      continue;
    }
    const share = 1 - on.result.rps / off.result.rps;
    const maxShare = 1 - GATE_ON_OFF_TARGET;
    const cpu =
      off.cpuMicrosPerResponse && on.cpuMicrosPerResponse
        ? pct(1 - off.cpuMicrosPerResponse / on.cpuMicrosPerResponse)
        : 'n/a';
    lines.push(
      `| ${config} | ${Math.round(off.result.rps)} | ${Math.round(on.result.rps)} | ${off.cpuMicrosPerResponse ?? 'n/a'} | ${on.cpuMicrosPerResponse ?? 'n/a'} | ${pct(share)} | ${cpu} | <= ${pct(maxShare)} ${share <= maxShare + 1e-9 ? 'met' : 'MISSED'} |`,
    );
  }
  return lines;
}

/** Issue 13: the feed's real write rate and how soon another instance showed a change. */
function liveTable(run: BenchRun): string[] {
  const lines = [
    '| Config | Feed change-log entries/s | Changes timed | p50 ms | p99 ms | max ms | Not seen in 5 s | Target |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const v of run.visibility ?? []) {
    const met = v.unseen === 0 && v.p99Ms <= 250;
    lines.push(
      `| ${v.config} | ${run.liveRate?.[v.config] ?? 'n/a'} | ${v.changes} | ${v.p50Ms} | ${v.p99Ms} | ${v.maxMs} | ${v.unseen} | p99 <= 250 ${met ? 'met' : 'MISSED'} |`,
    );
  }
  return lines;
}

/**
 * Issue 20: p99 latency under 60 changes a second against the same row with the data still;
 * issue 49: a cache-off search's against the cache-off detail's.
 */
function liveLatencyTable(run: BenchRun): string[] {
  const lines = [
    '| Config | Row | p99 ms, compared with (data still; the detail) | p99 ms, row (while the feed writes; the search) | Row / compared | Target |',
    '|---|---|---:|---:|---:|---|',
  ];
  for (const l of liveLatencies(run.measurements)) {
    lines.push(
      `| ${l.config} | ${l.row} | ${l.stillP99.toFixed(2)} | ${l.movingP99.toFixed(2)} | ${l.ratio ?? 'n/a'} | <= ${l.max} ${l.met ? 'met' : 'MISSED'} |`,
    );
  }
  return lines;
}

/**
 * Issue 20: every touchline process's RSS right after start-up and right before it stopped, as
 * read and after a full garbage collection (the target's figure where it was had).
 */
function memoryTable(run: BenchRun): string[] {
  const lines = [
    '| Config | touchline process | RSS after start-up MB (as read / collected) | RSS before stopping MB (as read / collected) | Ratio as read | Ratio collected | Target |',
    '|---|---|---:|---:|---:|---:|---|',
  ];
  const mb = (kb: number | undefined) => (kb === undefined ? 'n/a' : (kb / 1024).toFixed(1));
  const shown = (r: number | undefined) => (r === undefined ? 'n/a' : String(round(r, 3)));
  for (const m of run.memory ?? []) {
    const growth = rssGrowth(m);
    const met = growth !== undefined && growth <= RSS_GROWTH_TARGET;
    const collected =
      m.startCollectedKb !== undefined && m.endCollectedKb !== undefined ? growth : undefined;
    lines.push(
      `| ${m.config} | ${m.server} | ${mb(m.startKb)} / ${mb(m.startCollectedKb)} | ${mb(m.endKb)} / ${mb(m.endCollectedKb)} | ${shown(rssGrowthAsRead(m))} | ${shown(collected)} | <= ${RSS_GROWTH_TARGET} ${met ? 'met' : 'MISSED'} |`,
    );
  }
  return lines;
}

/** How much the same baseline moved during the run: the noise floor of every ratio. */
function ceilingDrift(ms: Measurement[]): string {
  const rates = ms.filter((m) => m.id === 'ceiling').map((m) => Math.round(m.result.rps));
  if (rates.length < 2) {
    return '';
  }
  const spread = Math.max(...rates) / Math.max(1, Math.min(...rates));
  return `Ceiling runs: ${rates.join(', ')} req/s (max/min ${spread.toFixed(2)}): ratios are only as steady as this.`;
}

/** The rows measured in interleaved rounds: each round's figures (the table shows medians). */
function roundsLines(rows: Row[]): string[] {
  const inRounds = rows.filter((r) => r.rounds);
  if (inRounds.length === 0) {
    return [];
  }
  return [
    '',
    'Rows measured in interleaved rounds (medians above; a ratio is the median of the same-round ratios):',
    ...inRounds.map((r) => {
      const rounds = (r.rounds ?? []).map(
        (x) => `${Math.round(x.rps)} req/s at ${x.cpuMicrosPerResponse ?? '?'} µs`,
      );
      return `- ${r.config}: ${r.label}: ${rounds.join('; ')}`;
    }),
  ];
}

export function renderMarkdown(run: BenchRun, rows: Row[], checks: TargetCheck[]): string {
  const m = run.machine;
  const o = run.options;
  const problems = rows.filter((r) => r.problems.length > 0);
  return [
    `# touchline benchmark, ${run.startedAt}`,
    '',
    `Machine: ${m.nproc} × ${m.cpu}, node ${m.node} (${m.platform}); load average ${m.loadavgStart.join(' ')} at start, ${m.loadavgEnd.join(' ')} at end.`,
    `Load: ${o.loadGenerator} in its own process on loopback (rows measured until a count of answers: autocannon), ${o.connections} connections, ${o.warmup} s warm-up (discarded) + ${o.seconds} s measured per row; ${o.matches} demo matches per database. Run took ${run.seconds} s.`,
    ceilingDrift(run.measurements),
    ...run.notes.map((n) => `Note: ${n}`),
    '',
    '## Throughput and latency',
    '',
    ...mainTable(rows),
    ...roundsLines(rows),
    '',
    `## Client-side page fetch (page of 25: list + odds, lineups, analysis/corners per match with ${o.pageConcurrency} in flight, vs one GraphQL request; ${o.pageRuns} runs)`,
    '',
    ...pageTable(run),
    '',
    '## Access gate (key checks, counters and quota headers): REST detail with the gate on and off',
    '',
    ...gateTable(run),
    '',
    '## Under live writes: a second instance sees what the feed wrote (PostgreSQL + Redis)',
    '',
    ...liveTable(run),
    '',
    '## Under live writes: p99 latency while the feed writes against the data still',
    '',
    ...liveLatencyTable(run),
    '',
    '## Server memory: RSS of each touchline process after start-up and before it stopped',
    '',
    ...memoryTable(run),
    '',
    '## Targets',
    '',
    ...checks.map(
      (c) =>
        `- ${c.met ? 'met' : 'MISSED'}: ${c.name} = ${c.value ?? 'n/a'} (target ${c.target})${c.cpuRatio === undefined ? '' : `; CPU ratio ${c.cpuRatio}`}`,
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
