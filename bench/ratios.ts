import type { BenchRun } from './bench-run.js';
import { liveLatencies } from './live-latency.js';
import { RSS_GROWTH_TARGET, rssGrowth, type ServerMemory, worstGrowthByConfig } from './memory.js';
import type { Measurement, RoundFigures, ScenarioId } from './scenarios.js';
import { median, round, significant } from './stats.js';

interface Target {
  /** The figure must be >= min (or <= max). */
  min?: number;
  max?: number;
  /** Judged on the CPU ratio column instead of the req/s ratio (issue 20's cached detail). */
  onCpu?: boolean;
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

/** Rows compared with raw pg (PostgreSQL only): issue 20, >= 0.6 of the hand-written route. */
const RAW_PG_ROWS: Partial<Record<ScenarioId, ScenarioId>> = {
  'detail-nocache': 'raw-pg',
  'list25-nocache': 'raw-pg-list',
  // Issue 49: the catalogue's lists, >= 0.6 of the same JSON from the minimal SQL.
  'team-last10-nocache': 'raw-pg-team-last10',
  'comp-range-nocache': 'raw-pg-comp-range',
};

const RAW_PG_NAMES: Partial<Record<ScenarioId, string>> = {
  'raw-pg': 'raw pg',
  'raw-pg-list': 'raw pg list',
  'raw-pg-team-last10': "raw pg team's last 10",
  'raw-pg-comp-range': 'raw pg competition range',
};

/** Issue 6 (and 15, 20) targets, by configuration and row. */
function targetOf(m: Measurement): Target | undefined {
  // Issue 20: the cached detail's server CPU per response against the ceiling's.
  if (m.id === 'detail') {
    return { min: m.config === 'embedded' ? 0.5 : 0.4, onCpu: true };
  }
  if (RAW_PG_ROWS[m.id] && m.config === 'postgres') {
    return { min: 0.6 };
  }
  if (m.id === 'gql-match') {
    return { min: 0.5 };
  }
  // Issue 49: cached standings keep 0.8 of the cached detail's rate; a search with the cache
  // off half the cache-off detail's.
  if (m.id === 'standings') {
    return { min: 0.8 };
  }
  if (m.id === 'search-nocache') {
    return { min: 0.5 };
  }
  // Issue 15: a persisted match(id) by GET, and its 304, against REST's detail and its 304.
  if (m.id === 'gql-persisted-get' || m.id === 'gql-persisted-304') {
    return { min: 0.8 };
  }
  // Issue 20: the gate (key checks, counters, quota headers) may cost at most 25 % of the
  // throughput of the paired rows.
  if (m.id === 'detail-gateon') {
    return { min: GATE_ON_OFF_TARGET };
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
  // Issue 20: the GraphQL day page keeps 0.7 of its still-data rate while the feed writes.
  if (m.id === 'live-page-moving') {
    return { min: 0.7 };
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

/** Issue 20: gate on / gate off in the paired rows (the gate's share at most 25 %). */
export const GATE_ON_OFF_TARGET = 0.75;

interface Baseline {
  name: string;
  /** One of its runs failed (a wrong status, or a body that is not touchline's). */
  failed: boolean;
  rps: number;
  p50: number;
  /** Mean server CPU µs per response, when every run in it has one. */
  cpu?: number;
  /** A single run's rounds, when it was measured in rounds (interleaved with the row's). */
  rounds?: RoundFigures[];
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
    failed: present.some((m) => m.problems.length > 0),
    rps: mean(present.map((m) => m.result.rps)),
    p50: mean(present.map((m) => m.result.p50)),
    ...(cpus.length === present.length ? { cpu: mean(cpus) } : {}),
    ...(present.length === 1 && present[0]?.rounds ? { rounds: present[0].rounds } : {}),
  };
}

/**
 * The median of the round-by-round ratios of a row measured in rounds interleaved with its
 * baseline's: each round's pair shares the machine's state of the moment, so drift between
 * rounds cancels out (`figure` picks req/s, or CPU per response inverted).
 */
function pairedRatio(
  row: RoundFigures[] | undefined,
  base: RoundFigures[] | undefined,
  figure: (r: RoundFigures, b: RoundFigures) => number | undefined,
): number | undefined {
  if (!row || !base || row.length !== base.length || row.length === 0) {
    return undefined;
  }
  const ratios: number[] = [];
  for (const [i, r] of row.entries()) {
    const value = figure(r, base[i] as RoundFigures);
    if (value === undefined) {
      return undefined;
    }
    ratios.push(value);
  }
  return median(ratios);
}

const rpsRatio = (r: RoundFigures, b: RoundFigures) => (b.rps > 0 ? r.rps / b.rps : undefined);
const cpuRatioOf = (r: RoundFigures, b: RoundFigures) =>
  r.cpuMicrosPerResponse && b.cpuMicrosPerResponse
    ? b.cpuMicrosPerResponse / r.cpuMicrosPerResponse
    : undefined;

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
  // Issue 20's cached detail: against the ceiling measured in rounds with it, when it was.
  const paired = ms[index - 1];
  if (m.id === 'detail' && paired?.id === 'ceiling-paired') {
    return baselineOf('ceiling (in rounds with it)', [paired]);
  }
  const rawPg = RAW_PG_ROWS[m.id];
  if (rawPg && m.config === 'postgres') {
    return baselineOf(RAW_PG_NAMES[rawPg] ?? rawPg, [find(ms, 'baseline', rawPg)]);
  }
  if (m.id === 'gql-match' || m.id === 'standings') {
    return baselineOf(`REST detail (${m.config})`, [find(ms, m.config, 'detail')]);
  }
  if (m.id === 'search-nocache') {
    return baselineOf(`REST detail cache off (${m.config})`, [
      find(ms, m.config, 'detail-nocache'),
    ]);
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
  if (m.id === 'live-page-moving') {
    return baselineOf(`data still (${m.config})`, [find(ms, m.config, 'live-page-still')]);
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
/** The readings a memory row's ratio comes from: after full collections when both were had. */
function memoryFigures(m: ServerMemory): string {
  const asRead = `as read ${m.startKb} -> ${m.endKb ?? 'n/a'} kB`;
  return m.startCollectedKb !== undefined && m.endCollectedKb !== undefined
    ? `after a full collection ${m.startCollectedKb} -> ${m.endCollectedKb} kB; ${asRead}`
    : asRead;
}

export function deriveRows(ms: Measurement[]): Row[] {
  return ms.map((m, index): Row => {
    const base = baselineFor(ms, index);
    const target = targetOf(m);
    if (!base || base.rps <= 0) {
      return { ...m, ...(target ? { target } : {}) };
    }
    const ratio = significant(
      LATENCY_ROWS.has(m.id)
        ? base.p50 / Math.max(0.001, m.result.p50)
        : (pairedRatio(m.rounds, base.rounds, rpsRatio) ?? m.result.rps / base.rps),
    );
    const cpu =
      pairedRatio(m.rounds, base.rounds, cpuRatioOf) ??
      (base.cpu && m.cpuMicrosPerResponse ? base.cpu / m.cpuMicrosPerResponse : undefined);
    const cpuRatio = cpu === undefined ? undefined : significant(cpu);
    const judged = target?.onCpu ? cpuRatio : ratio;
    const ok = m.problems.length === 0 && !base.failed && judged !== undefined;
    return {
      ...m,
      baseline: base.name,
      ratio,
      ...(cpuRatio === undefined ? {} : { cpuRatio }),
      ...(target ? { target, met: ok && meets(judged, target) } : {}),
    };
  });
}

export const targetText = (t: Target) =>
  `${t.min !== undefined ? `>= ${t.min}` : `<= ${t.max}`}${t.onCpu ? ' (CPU ratio)' : ''}`;

export function targetChecks(run: BenchRun, rows: Row[]): TargetCheck[] {
  const checks: TargetCheck[] = rows
    .filter((r) => r.target)
    .map((r) => {
      const name = `${r.config}: ${r.label} / ${r.baseline ?? 'baseline missing'}`;
      const target = targetText(r.target as Target);
      const met = Boolean(r.met);
      if (r.target?.onCpu) {
        const rps = `server CPU per response (req/s ratio ${r.ratio ?? 'n/a'})`;
        return { name: `${name}, ${rps}`, value: r.cpuRatio, target, met };
      }
      return {
        name,
        value: r.ratio,
        ...(r.cpuRatio === undefined ? {} : { cpuRatio: r.cpuRatio }),
        target,
        met,
      };
    });
  for (const l of liveLatencies(run.measurements)) {
    const p99s =
      l.ratio === undefined ? 'a row had no answer' : `${l.movingP99} / ${l.stillP99} ms`;
    checks.push({
      name: `${l.config}: ${l.row}, ${l.compared} (${p99s})`,
      value: l.ratio,
      target: `<= ${l.max}`,
      met: l.met,
    });
  }
  for (const m of worstGrowthByConfig(run.memory ?? [])) {
    const growth = rssGrowth(m);
    checks.push({
      name: `${m.config}: server RSS before stopping / after start-up, the most grown of its touchline processes (${m.server}: ${memoryFigures(m)})`,
      value: growth === undefined ? undefined : round(growth, 3),
      target: `<= ${RSS_GROWTH_TARGET}`,
      met: growth !== undefined && growth <= RSS_GROWTH_TARGET,
    });
  }
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
