import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKFILL_TARGET, type BackfillResult } from './backfill.js';
import { FRESHNESS_SLACK_MS, type FreshnessResult } from './freshness.js';

export interface SyncBenchRun {
  startedAt: string;
  commit: string;
  /** How it was started (`npm run bench:sync -- ...`). */
  command: string;
  /** The machine's 1, 5 and 15 minute load averages at the start. */
  loadAverage: number[];
  options: Record<string, unknown>;
  backfill: BackfillResult[];
  freshness: FreshnessResult[];
  notes: string[];
}

const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

function backfillTable(rows: readonly BackfillResult[]): string[] {
  if (rows.length === 0) {
    return [];
  }
  const lines = [
    '### Backfill: `touchline sync --once` (sportmonks, then the-odds-api) against `touchline import` of the same facts',
    '',
    '| database | records | sync ms (sportmonks + the-odds-api, median) | import ms (median) | import / sync (median of rounds) | target | same facts |',
    '|---|---:|---:|---:|---:|---|---|',
  ];
  for (const r of rows) {
    const records = Object.values(r.records).reduce((a, b) => a + b, 0);
    lines.push(
      `| ${r.config} | ${records} | ${r.syncMs} | ${r.importMs} | **${r.ratio}** | >= ${BACKFILL_TARGET} ${verdict(r.met)} | ${r.sameFacts ? 'yes' : `NO: ${r.problems.join('; ')}`} |`,
    );
  }
  lines.push('', 'Rounds (sync ms = sportmonks + the-odds-api; import ms; ratio):', '');
  for (const r of rows) {
    const each = r.rounds.map(
      (x) =>
        `${Math.round(x.sportmonksMs)} + ${Math.round(x.oddsMs)} = ${Math.round(x.syncMs)}; ${Math.round(x.importMs)}; ${x.ratio}`,
    );
    lines.push(`- ${r.config}: ${each.join(' | ')}`);
  }
  const counts = rows[0]?.records ?? {};
  lines.push(
    '',
    `Facts: ${Object.entries(counts)
      .map(([f, n]) => `${f} ${n}`)
      .join(', ')}.`,
  );
  return lines;
}

function freshnessTable(rows: readonly FreshnessResult[]): string[] {
  if (rows.length === 0) {
    return [];
  }
  const lines = [
    '### Freshness: a change served by the stand-in, read by an SSE subscriber of its match',
    '',
    '| database | poll ms | changes | arrived | p50 ms | p99 ms | max ms | p99 / (poll + 250 ms) | target |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.config} | ${r.pollMs} | ${r.changes} | ${r.arrived} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | **${r.ratio}** | <= 1 (p99 <= ${r.pollMs + FRESHNESS_SLACK_MS} ms) ${verdict(r.met)} |`,
    );
  }
  return lines;
}

function syncMarkdown(run: SyncBenchRun): string {
  return [
    `## touchline sync bench, ${run.startedAt} (${run.commit})`,
    '',
    `\`${run.command}\`, load average at the start ${run.loadAverage.join(', ')}.`,
    '',
    ...backfillTable(run.backfill),
    '',
    ...freshnessTable(run.freshness),
    ...(run.notes.length > 0 ? ['', ...run.notes.map((n) => `- ${n}`)] : []),
    '',
  ].join('\n');
}

/** bench/results/sync-<time>.{md,json} and sync-latest.{md,json}. */
export async function writeSyncReport(outDir: string, run: SyncBenchRun): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const stamp = run.startedAt.replace(/[:.]/g, '-');
  const markdown = syncMarkdown(run);
  const json = `${JSON.stringify(run, null, 2)}\n`;
  for (const name of [`sync-${stamp}`, 'sync-latest']) {
    await writeFile(join(outDir, `${name}.md`), markdown);
    await writeFile(join(outDir, `${name}.json`), json);
  }
  return markdown;
}
