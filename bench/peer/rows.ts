import { median, significant } from '../stats.js';
import type { PeerMeasurement, Side } from './measure.js';
import type { OperationId } from './operations.js';

/** One server's figures in one row: each the median over the rounds. */
interface SideFigures {
  rps: number;
  p50: number;
  p99: number;
  serverCpuMicros?: number;
  pgCpuMicros?: number;
  rounds: number;
}

export interface PeerRow {
  operation: OperationId;
  /** touchline's response cache; PostGraphile has none, so its side is the same in both rows. */
  cache: 'off' | 'on';
  touchline: SideFigures;
  postgraphile: SideFigures;
  /** touchline req/s over PostGraphile's. */
  ratio: number;
}

export interface PeerTarget {
  name: string;
  value: number | undefined;
  target: string;
  met: boolean;
}

const medianOf = (values: (number | undefined)[]) => {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length === values.length && known.length > 0 ? median(known) : undefined;
};

function figures(ms: readonly PeerMeasurement[], operation: OperationId, side: Side): SideFigures {
  const mine = ms.filter((m) => m.operation === operation && m.side === side);
  const serverCpuMicros = medianOf(mine.map((m) => m.measurement.cpuMicrosPerResponse));
  const pgCpuMicros = medianOf(mine.map((m) => m.pgCpuMicrosPerResponse));
  return {
    rps: Math.round(median(mine.map((m) => m.measurement.result.rps))),
    p50: median(mine.map((m) => m.measurement.result.p50)),
    p99: median(mine.map((m) => m.measurement.result.p99)),
    ...(serverCpuMicros === undefined ? {} : { serverCpuMicros }),
    ...(pgCpuMicros === undefined ? {} : { pgCpuMicros }),
    rounds: mine.length,
  };
}

export function peerRows(ms: readonly PeerMeasurement[]): PeerRow[] {
  const rows: PeerRow[] = [];
  for (const operation of ['detail', 'details', 'day'] as const) {
    const postgraphile = figures(ms, operation, 'postgraphile');
    for (const cache of ['off', 'on'] as const) {
      const touchline = figures(ms, operation, cache === 'off' ? 'touchline-off' : 'touchline-on');
      const ratio = significant(touchline.rps / Math.max(1, postgraphile.rps));
      rows.push({ operation, cache, touchline, postgraphile, ratio });
    }
  }
  return rows;
}

const row = (rows: readonly PeerRow[], operation: OperationId) =>
  rows.find((r) => r.operation === operation && r.cache === 'off');

/** touchline's cache-off throughput at least 1.5x PostGraphile's on `operation`'s row. */
function throughputTarget(rows: readonly PeerRow[], operation: OperationId, label: string) {
  const ratio = row(rows, operation)?.ratio;
  return {
    name: `${label}, cache off: touchline req/s / PostGraphile req/s`,
    value: ratio,
    target: '>= 1.5',
    met: (ratio ?? 0) >= 1.5,
  };
}

/** Issue 20's targets: cache off, touchline against PostGraphile. */
export function peerTargets(rows: readonly PeerRow[]): PeerTarget[] {
  const day = row(rows, 'day');
  const dayPg = day?.touchline.pgCpuMicros;
  const dayPgPeer = day?.postgraphile.pgCpuMicros;
  const pgShare =
    dayPg !== undefined && dayPgPeer !== undefined && dayPgPeer > 0
      ? significant(dayPg / dayPgPeer)
      : undefined;
  return [
    throughputTarget(rows, 'day', 'day page'),
    {
      name: 'day page, cache off: PostgreSQL CPU per page, touchline / PostGraphile',
      value: pgShare,
      target: '<= 1',
      met: pgShare !== undefined && pgShare <= 1,
    },
    throughputTarget(rows, 'detail', 'match detail (one match)'),
    throughputTarget(rows, 'details', 'match detail (many matches in turn)'),
  ];
}
