/** Score probabilities from independent Poisson goals: the hidden model behind every price. */
const MAX_GOALS = 10;

function poissonPmf(lambda: number): number[] {
  let p = Math.exp(-lambda);
  const out = [p];
  for (let k = 1; k <= MAX_GOALS; k++) {
    p = (p * lambda) / k;
    out.push(p);
  }
  return out;
}

export interface Distributions {
  home: number;
  draw: number;
  away: number;
  /** P(home goals - away goals = i - diffOffset) at index i. */
  diff: number[];
  diffOffset: number;
  /** P(total goals = i - totalOffset) at index i. */
  total: number[];
  totalOffset: number;
  /** Balanced lines, memoised by odds-model.ts. */
  lines?: { hdp?: number; hilo?: number };
}

export function distributions(lambdaHome: number, lambdaAway: number): Distributions {
  const ph = poissonPmf(lambdaHome);
  const pa = poissonPmf(lambdaAway);
  const diff = new Array<number>(2 * MAX_GOALS + 1).fill(0);
  const total = new Array<number>(2 * MAX_GOALS + 1).fill(0);
  let home = 0;
  let draw = 0;
  let away = 0;
  for (let h = 0; h <= MAX_GOALS; h++) {
    for (let a = 0; a <= MAX_GOALS; a++) {
      const pq = (ph[h] ?? 0) * (pa[a] ?? 0);
      diff[h - a + MAX_GOALS] = (diff[h - a + MAX_GOALS] ?? 0) + pq;
      total[h + a] = (total[h + a] ?? 0) + pq;
      if (h > a) {
        home += pq;
      } else if (h === a) {
        draw += pq;
      } else {
        away += pq;
      }
    }
  }
  const sum = home + draw + away;
  return {
    home: home / sum,
    draw: draw / sum,
    away: away / sum,
    diff,
    diffOffset: MAX_GOALS,
    total,
    totalOffset: 0,
  };
}

/** The final-score view of the goals still to come when the score is already `home`-`away`. */
export function withScore(d: Distributions, home: number, away: number): Distributions {
  const diffOffset = d.diffOffset - (home - away);
  let h = 0;
  let x = 0;
  let a = 0;
  d.diff.forEach((p, i) => {
    const v = i - diffOffset;
    if (v > 0) {
      h += p;
    } else if (v === 0) {
      x += p;
    } else {
      a += p;
    }
  });
  const sum = h + x + a;
  return {
    home: h / sum,
    draw: x / sum,
    away: a / sum,
    diff: d.diff,
    diffOffset,
    total: d.total,
    totalOffset: d.totalOffset - home - away,
  };
}

/** Win/lose weights of one whole or half line: outcome value + line > 0 wins. */
function settle(
  dist: readonly number[],
  offset: number,
  line: number,
): [win: number, lose: number] {
  let win = 0;
  let lose = 0;
  for (let i = 0; i < dist.length; i++) {
    const v = i - offset + line;
    const p = dist[i] ?? 0;
    if (v > 1e-9) {
      win += p;
    } else if (v < -1e-9) {
      lose += p;
    }
  }
  return [win, lose];
}

/**
 * Fair probabilities of a two-way line bet with pushes and quarter lines split in halves; they
 * sum to 1 and their inverses are the fair prices.
 */
function twoWay(dist: readonly number[], offset: number, line: number): [number, number] {
  const parts = Number.isInteger(line * 2) ? [line] : [line - 0.25, line + 0.25];
  let win = 0;
  let lose = 0;
  for (const part of parts) {
    const [w, l] = settle(dist, offset, part);
    win += w;
    lose += l;
  }
  return [win / (win + lose), lose / (win + lose)];
}

/** Handicap `line` given to the home side: [home covers, away covers]. */
export function handicap(d: Distributions, line: number): [number, number] {
  return twoWay(d.diff, d.diffOffset, line);
}

/** Goal `line`: [over, under]. */
export function goalLine(d: Distributions, line: number): [number, number] {
  return twoWay(d.total, d.totalOffset, -line);
}

/** The quarter line closest to an even two-way market, searched around `guess`. */
export function balancedLine(
  guess: number,
  min: number,
  max: number,
  probOf: (line: number) => [number, number],
): number {
  const from = Math.max(min, Math.round(guess * 4) / 4 - 1.25);
  const to = Math.min(max, Math.round(guess * 4) / 4 + 1.25);
  let best = from;
  let bestGap = Number.POSITIVE_INFINITY;
  for (let q = Math.round(from * 4); q <= Math.round(to * 4); q++) {
    const gap = Math.abs(probOf(q / 4)[0] - 0.5);
    // The cover probability is monotonic in the line, so the gap falls, then rises.
    if (gap > bestGap) {
      break;
    }
    if (gap < bestGap) {
      bestGap = gap;
      best = q / 4;
    }
  }
  return best;
}
