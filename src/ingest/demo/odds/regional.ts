import type { ScheduledMatch } from '../calendar/schedule.js';
import type { PoolCode, RegionalPoolRecord, RegionalRecord } from '../model.js';
import { type Distributions, goalLine, handicap } from '../poisson.js';
import type { Rng } from '../random.js';
import { hdpLine, hiloLine, priced } from './odds-model.js';

const REGIONAL_OPERATOR = 'HKJC';
const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** Three-way result of a whole-goal handicap given to the home side. */
function handicapThreeWay(d: Distributions, line: number): number[] {
  let h = 0;
  let x = 0;
  let a = 0;
  d.diff.forEach((p, i) => {
    const v = i - d.diffOffset + line;
    if (v > 0) {
      h += p;
    } else if (v === 0) {
      x += p;
    } else {
      a += p;
    }
  });
  return [h, x, a];
}

function poissonOver(lambda: number, line: number): number {
  let cdf = 0;
  let p = Math.exp(-lambda);
  for (let k = 0; k <= Math.floor(line); k++) {
    cdf += p;
    p = (p * lambda) / (k + 1);
  }
  return 1 - cdf;
}

function status(
  m: ScheduledMatch,
  pool: PoolCode,
  rng: Rng,
): NonNullable<RegionalPoolRecord['sellingStatus']> {
  if (m.status === 'scheduled') {
    return 'selling';
  }
  if (m.status === 'live') {
    return pool === 'HAD' || pool === 'HIL'
      ? rng.chance(0.8)
        ? 'selling'
        : 'suspended'
      : 'closed';
  }
  return 'closed';
}

/** The operator's pools: its margins are wider than the bookmakers' (10-13%). */
function pools(
  m: ScheduledMatch,
  d: Distributions,
  corners: number,
  rng: Rng,
  only?: ReadonlySet<string>,
): RegionalPoolRecord[] {
  const margin = () => rng.between(0.1, 0.13);
  const hdc = hdpLine(d);
  const goals = hiloLine(d);
  const hhad = hdc <= -0.5 ? -Math.max(1, Math.round(-hdc)) : Math.max(1, Math.round(hdc));
  const cornerLine = Math.floor(corners) + 0.5;
  const [h, x, a] = priced([d.home, d.draw, d.away], margin());
  const [hh, hx, ha] = priced(handicapThreeWay(d, hhad), margin());
  const [dh, da] = priced(handicap(d, hdc), margin());
  const [go, gu] = priced(goalLine(d, goals), margin());
  const over = poissonOver(corners, cornerLine);
  const [co, cu] = priced([over, 1 - over], margin());
  const list: RegionalPoolRecord[] = [
    { pool: 'HAD', home: h ?? null, draw: x ?? null, away: a ?? null },
    { pool: 'HHAD', line: hhad, home: hh ?? null, draw: hx ?? null, away: ha ?? null },
    { pool: 'HDC', line: hdc, home: dh ?? null, away: da ?? null },
    { pool: 'HIL', line: goals, over: go ?? null, under: gu ?? null },
    { pool: 'CHL', line: cornerLine, over: co ?? null, under: cu ?? null },
  ];
  return list
    .filter((p) => (only ? only.has(p.pool) : p.pool === 'HAD' || rng.chance(0.9)))
    .map((p) => Object.assign(p, { sellingStatus: status(m, p.pool, rng) }));
}

/**
 * Board reference "SAT 12": weekday and running number of the operator's Hong Kong day (or the
 * reference a board already has). `only`: the pools a board already offers (in play, the live
 * engine re-prices those).
 */
export function regionalRecord(
  m: ScheduledMatch,
  d: Distributions,
  corners: number,
  reference: { weekday: number; number: number } | string,
  withOdds: boolean,
  rng: Rng,
  only?: ReadonlySet<string>,
): RegionalRecord {
  return {
    matchId: m.id,
    operator: REGIONAL_OPERATOR,
    reference:
      typeof reference === 'string'
        ? reference
        : `${WEEKDAYS[reference.weekday] ?? 'SUN'} ${reference.number}`,
    pools: withOdds ? pools(m, d, corners, rng, only) : [],
  };
}
