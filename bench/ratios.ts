import type { BenchRun } from './bench-run.js';
import type { Measurement, ScenarioId } from './scenarios.js';
import { round, significant } from './stats.js';

export interface Target {
  /** The figure must be >= min (or <= max). */
  min?: number;
  max?: number;
}

export interface Row extends Measurement {
  baseline?: string;
  ratio?: number;
  cpuRatio?: number;
  target?: Target;
  met?: boolean;
}

export interface TargetCheck {
  name: string;
  value: number | undefined;
  /** The same comparison in server CPU time per response (steadier on a shared machine). */
  cpuRatio?: number;
  target: string;
  met: boolean;
}

const meets = (value: number, t: Target) =>
  (t.min === undefined || value >= t.min) && (t.max === undefined || value <= t.max);

export const find = (ms: Measurement[], config: string, id: ScenarioId) =>
  ms.find((m) => m.config === config && m.id === id);

/** Issue 6 (and 15) targets, by configuration and row. */
function targetOf(m: Measurement): Target | undefined {
  if (m.id === 'detail') {
    return { min: m.config === 'embedded' ? 0.5 : 0.35 };
  }
  if ((m.id === 'detail-nocache' && m.config === 'postgres') || m.id === 'gql-match') {
    return { min: 0.5 };
  }
  // Issue 15: a persisted match(id) by GET, and its 304, against REST's detail and its 304.
  if (m.id === 'gql-persisted-get' || m.id === 'gql-persisted-304') {
    return { min: 0.8 };
  }
  // The gate (key checks, counters, quota headers) may cost at most 10 % of the throughput.
  if (m.id === 'detail-gateon') {
    return { min: 0.9 };
  }
  // Issue 16: reading through a replica costs at most 1.2x the primary's (1 / 1.2 = 0.833).
  if (m.id === 'detail-nocache-replica') {
    return { min: 0.833 };
  }
  // Issue 16: three instances behind HAProxy keep 0.8 of one instance reached directly.
  if (m.id === 'cluster-haproxy') {
    return { min: 0.8 };
  }
  // Issue 13: live writes keep what does not change hot, and the live list at half its speed.
  if (m.id === 'live-detail-moving') {
    return { min: 0.8 };
  }
  if (m.id === 'live-list-moving') {
    return { min: 0.5 };
  }
  // Issue 19: the price page is served at half the cached meta/plans rate or better.
  if (m.id === 'pricing') {
    return { min: 0.5 };
  }
  // Issue 19: a signed-in dashboard's p50 latency within 2x of the cached detail's (a latency
  // ratio: detail p50 / dashboard p50).
  if (m.id === 'dashboard') {
    return { min: 0.5 };
  }
  return undefined;
}

/** Rows judged by p50 latency (the baseline's over the row's) instead of by req/s. */
const LATENCY_ROWS: ReadonlySet<ScenarioId> = new Set(['dashboard']);

interface Baseline {
  name: string;
  rps: number;
  p50: number;
  /** Mean server CPU µs per response, when every run in it has one. */
  cpu?: number;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

function baselineOf(name: string, runs: (Measurement | undefined)[]): Baseline | undefined {
  const present = runs.filter((m): m is Measurement => m !== undefined);
  if (present.length === 0) {
    return undefined;
  }
  const cpus = present.flatMap((m) => (m.cpuMicrosPerResponse ? [m.cpuMicrosPerResponse] : []));
  return {
    name,
    rps: mean(present.map((m) => m.result.rps)),
    p50: mean(present.map((m) => m.result.p50)),
    ...(cpus.length === present.length ? { cpu: mean(cpus) } : {}),
  };
}

/**
 * The ceiling a row is compared with: the mean of the ceiling runs just before and just after it
 * (the machine drifts; the nearest ceilings share its conditions best). A ceiling row itself is
 * compared with the mean of all of them, which shows the drift.
 */
function ceilingFor(ms: Measurement[], index: number): Baseline | undefined {
  const ok = (m: Measurement | undefined) => m?.id === 'ceiling' && m.problems.length === 0;
  if (ok(ms[index])) {
    return baselineOf('ceiling (mean of all)', ms.filter(ok));
  }
  const before = ms.slice(0, index).findLast(ok);
  const after = ms.slice(index).find(ok);
  return baselineOf('ceiling (nearest)', [before, after]);
}

function baselineFor(ms: Measurement[], index: number): Baseline | undefined {
  const m = ms[index] as Measurement;
  if (m.id === 'detail-nocache' && m.config === 'postgres') {
    return baselineOf('raw pg', [find(ms, 'baseline', 'raw-pg')]);
  }
  if (m.id === 'gql-match') {
    return baselineOf(`REST detail (${m.config})`, [find(ms, m.config, 'detail')]);
  }
  if (m.id === 'gql-persisted-get') {
    return baselineOf(`REST detail (${m.config})`, [find(ms, m.config, 'detail')]);
  }
  if (m.id === 'gql-persisted-304') {
    return baselineOf(`REST detail 304 (${m.config})`, [find(ms, m.config, 'detail-304')]);
  }
  if (m.id === 'detail-gateon') {
    return baselineOf(`gate off (${m.config})`, [find(ms, m.config, 'detail-gateoff')]);
  }
  if (m.id === 'detail-nocache-replica') {
    return baselineOf('reads on the primary', [find(ms, m.config, 'detail-nocache-primary')]);
  }
  if (m.id === 'cluster-haproxy') {
    return baselineOf('one instance directly', [find(ms, m.config, 'cluster-direct')]);
  }
  if (m.id === 'live-detail-moving') {
    return baselineOf(`data still (${m.config})`, [find(ms, m.config, 'live-detail-still')]);
  }
  if (m.id === 'live-list-moving') {
    return baselineOf(`data still (${m.config})`, [find(ms, m.config, 'live-list-still')]);
  }
  if (m.id === 'pricing') {
    return baselineOf(`REST meta/plans (${m.config})`, [find(ms, m.config, 'meta')]);
  }
  if (m.id === 'dashboard') {
    return baselineOf(`REST detail p50 (${m.config})`, [find(ms, m.config, 'detail')]);
  }
  return ceilingFor(ms, index);
}

/**
 * Each row's ratio (req/s over the baseline's req/s) and CPU ratio (the baseline's server CPU
 * per response over the row's): to the nearest ceilings, to raw pg (cache off), or to REST
 * detail (GraphQL match). Targets judge the req/s ratio; a latency row's ratio is the
 * baseline's p50 over its own (0.5: twice the baseline's latency).
 */
export function deriveRows(ms: Measurement[]): Row[] {
  return ms.map((m, index): Row => {
    const base = baselineFor(ms, index);
    const target = targetOf(m);
    if (!base || base.rps <= 0) {
      return { ...m, ...(target ? { target } : {}) };
    }
    const ratio = significant(
      LATENCY_ROWS.has(m.id) ? base.p50 / Math.max(0.001, m.result.p50) : m.result.rps / base.rps,
    );
    return {
      ...m,
      baseline: base.name,
      ratio,
      ...(base.cpu && m.cpuMicrosPerResponse
        ? { cpuRatio: significant(base.cpu / m.cpuMicrosPerResponse) }
        : {}),
      ...(target ? { target, met: m.problems.length === 0 && meets(ratio, target) } : {}),
    };
  });
}

export const targetText = (t: Target) => (t.min !== undefined ? `>= ${t.min}` : `<= ${t.max}`);

export function targetChecks(run: BenchRun, rows: Row[]): TargetCheck[] {
  const checks: TargetCheck[] = rows
    .filter((r) => r.target)
    .map((r) => ({
      name: `${r.config}: ${r.label} / ${r.baseline ?? 'baseline missing'}`,
      value: r.ratio,
      ...(r.cpuRatio === undefined ? {} : { cpuRatio: r.cpuRatio }),
      target: targetText(r.target as Target),
      met: Boolean(r.met),
    }));
  for (const v of run.visibility ?? []) {
    checks.push({
      name: `${v.config}: a change written by the feed (instance A) seen through instance B, p99 ms over ${v.changes} changes`,
      value: v.p99Ms,
      target: '<= 250',
      met: v.unseen === 0 && v.p99Ms <= 250,
    });
  }
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
  return checks;
}
