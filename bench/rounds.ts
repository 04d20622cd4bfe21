/**
 * Interleaved rounds: paired rows measured in turn, the order reversed every other round, so
 * that each round's pair shares the machine's state of the moment (bench/ratios.ts takes the
 * median of the same-round ratios).
 */

/** What runs while a row is measured (the live feed writing): on for its rows, off between. */
export interface Condition {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

interface RoundRow<R> {
  row: R;
  /** Started before the row (unless the row before it ran under it too) and stopped after. */
  during?: Condition;
}

/** The rows' indexes in the order round `round` (from 0) measures them. */
export function roundOrder(rows: number, round: number): number[] {
  const order = Array.from({ length: rows }, (_, i) => i);
  return round % 2 === 1 ? order.reverse() : order;
}

/**
 * Measures every row once a round for `rounds` rounds, each row's condition on while it is
 * measured (a condition shared by consecutive rows is started once for them), and returns each
 * row's measurements in round order. Whatever condition is on is stopped at the end, also when
 * a measurement throws.
 */
export async function inRounds<R, M>(
  rows: readonly RoundRow<R>[],
  rounds: number,
  measure: (row: R, round: number) => Promise<M>,
): Promise<M[][]> {
  const measured: M[][] = rows.map(() => []);
  let active: Condition | undefined;
  const enter = async (condition: Condition | undefined) => {
    if (condition === active) {
      return;
    }
    const leaving = active;
    active = undefined;
    await leaving?.stop();
    await condition?.start();
    active = condition;
  };
  try {
    for (let round = 0; round < rounds; round++) {
      for (const i of roundOrder(rows.length, round)) {
        const { row, during } = rows[i] as RoundRow<R>;
        await enter(during);
        measured[i]?.push(await measure(row, round));
      }
    }
  } finally {
    await enter(undefined);
  }
  return measured;
}

/** What a row of `inFreshRounds` is measured on: stopped when its round is over. */
interface Stoppable {
  stop(): Promise<void>;
}

/**
 * Paired rows in interleaved rounds (roundOrder), each round on processes started for it: every
 * row's `start` runs at the round's beginning, in row order, and what started is stopped at its
 * end (also when a start or a measurement throws). Returns each row's measurements in round order.
 */
export async function inFreshRounds<S extends Stoppable, M>(
  starts: readonly ((round: number) => Promise<S>)[],
  rounds: number,
  measure: (server: S, row: number, round: number) => Promise<M>,
): Promise<M[][]> {
  const measured: M[][] = starts.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const servers: S[] = [];
    try {
      for (const start of starts) {
        servers.push(await start(round));
      }
      for (const i of roundOrder(starts.length, round)) {
        measured[i]?.push(await measure(servers[i] as S, i, round));
      }
    } finally {
      for (const server of servers.reverse()) {
        await server.stop();
      }
    }
  }
  return measured;
}
