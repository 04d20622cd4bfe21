import type { PrismaClient } from '../../db/generated/client.js';
import { SourceConfigError } from './adapter.js';

const PERIODS = ['second', 'minute', 'hour', 'day', 'month'] as const;
type Period = (typeof PERIODS)[number];

interface BudgetLimit {
  limit: number;
  period: Period;
}

interface BudgetSpec {
  limits: BudgetLimit[];
  text: string;
}

/** `10/minute`, `100/day,10/minute`, `500/month`: a provider's request limits. */
export function parseBudget(text: string): BudgetSpec {
  const limits = text.split(',').map((part) => {
    const match = /^([1-9][0-9]{0,8})\/(second|minute|hour|day|month)$/.exec(part.trim());
    if (!match) {
      throw new SourceConfigError(
        `--budget ${text}: give N/PERIOD[,N/PERIOD], PERIOD one of ${PERIODS.join(', ')} (e.g. 100/day,10/minute)`,
      );
    }
    return { limit: Number(match[1]), period: match[2] as Period };
  });
  if (new Set(limits.map((l) => l.period)).size !== limits.length) {
    throw new SourceConfigError(`--budget ${text}: one limit per period`);
  }
  return { limits, text: limits.map((l) => `${l.limit}/${l.period}`).join(',') };
}

const FIXED_MS: Record<Exclude<Period, 'month'>, number> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
};

/** The window `at` falls in: periods start on the UTC clock, as providers count them. */
export function windowOf(period: Period, at: Date): { start: Date; end: Date } {
  if (period === 'month') {
    const start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
    const end = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1);
    return { start: new Date(start), end: new Date(end) };
  }
  const size = FIXED_MS[period];
  const start = Math.floor(at.getTime() / size) * size;
  return { start: new Date(start), end: new Date(start + size) };
}

/** The budget is spent until `until`: the pass stops, the runner waits. */
export class BudgetExhausted extends Error {
  constructor(
    readonly source: string,
    readonly budget: string,
    readonly until: Date,
  ) {
    super(`${source}: budget ${budget} used up until ${until.toISOString()}`);
  }
}

/** Thrown inside the transaction to undo a partial take. */
class WindowFull extends Error {
  constructor(readonly end: Date) {
    super('window full');
  }
}

/**
 * A source's request budget, counted in the database (source_budget_windows) so that restarts
 * and a second process never exceed it: each request takes its cost from every window in one
 * transaction before it is sent (retries included). A spent window is waited out when it ends
 * within `maxWaitMs`; else the pass stops with `BudgetExhausted`.
 */
export class RequestBudget {
  constructor(
    private readonly db: PrismaClient,
    private readonly source: string,
    private readonly role: string,
    readonly spec: BudgetSpec | null,
    private readonly maxWaitMs: number,
    private readonly sleep: (ms: number) => Promise<void>,
    private readonly now: () => Date,
  ) {}

  private async takeOnce(cost: number, at: Date): Promise<Date | null> {
    const limits = this.spec?.limits ?? [];
    try {
      await this.db.$transaction(async (tx) => {
        for (const { limit, period } of limits) {
          const { start, end } = windowOf(period, at);
          const rows = await tx.$queryRawUnsafe<{ used: number }[]>(
            `INSERT INTO source_budget_windows (source, period, window_start, used, "limit")
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (source, period) DO UPDATE SET
               used = CASE WHEN source_budget_windows.window_start = $3
                           THEN source_budget_windows.used + $4 ELSE $4 END,
               window_start = $3, "limit" = $5
             RETURNING used`,
            this.source,
            period,
            start,
            cost,
            limit,
          );
          if ((rows[0]?.used ?? 0) > limit) {
            throw new WindowFull(end);
          }
        }
        await tx.$executeRawUnsafe(
          `INSERT INTO source_state (source, role, budget, requests) VALUES ($1, $2, $3, 1)
           ON CONFLICT (source) DO UPDATE SET requests = source_state.requests + 1, budget = $3`,
          this.source,
          this.role,
          this.spec?.text ?? null,
        );
      });
      return null;
    } catch (error) {
      if (error instanceof WindowFull) {
        return error.end;
      }
      throw error;
    }
  }

  /** Takes `cost` units (a request), waiting out a window that ends soon. */
  async take(cost = 1): Promise<void> {
    for (;;) {
      const at = this.now();
      const full = await this.takeOnce(cost, at);
      if (!full) {
        return;
      }
      const wait = full.getTime() - at.getTime();
      if (wait > this.maxWaitMs) {
        throw new BudgetExhausted(this.source, this.spec?.text ?? '', full);
      }
      await this.sleep(wait + 5);
    }
  }

  /** What each window has used (for `touchline sources` and metrics). */
  static async usage(db: PrismaClient) {
    return db.sourceBudgetWindow.findMany({ orderBy: [{ source: 'asc' }, { period: 'asc' }] });
  }
}
