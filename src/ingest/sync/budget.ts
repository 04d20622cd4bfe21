import type { PrismaClient } from '../../db/generated/client.js';
import { SourceConfigError } from './adapter.js';

const PERIODS = ['second', 'minute', 'hour', 'day', 'month'] as const;
type Period = (typeof PERIODS)[number];

export interface BudgetSpec {
  limit: number;
  period: Period;
  text: string;
}

/** `10/minute`, `100/day`, `500/month`: a provider's request limit. */
export function parseBudget(text: string): BudgetSpec {
  const match = /^([1-9][0-9]{0,8})\/(second|minute|hour|day|month)$/.exec(text.trim());
  if (!match) {
    throw new SourceConfigError(
      `--budget ${text}: give N/PERIOD, PERIOD one of ${PERIODS.join(', ')} (e.g. 10/minute)`,
    );
  }
  return { limit: Number(match[1]), period: match[2] as Period, text: `${match[1]}/${match[2]}` };
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

/**
 * A source's request budget, counted in the database (source_state) so that restarts and a
 * second process never exceed it: each request takes one unit in one atomic statement before it
 * is sent (retries included). A spent window is waited out when it ends within `maxWaitMs`.
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

  async take(): Promise<void> {
    for (;;) {
      const at = this.now();
      const window = this.spec ? windowOf(this.spec.period, at) : null;
      const rows = await this.db.$queryRawUnsafe<{ n: number }[]>(
        `INSERT INTO source_state (source, role, budget, window_start, window_requests, requests)
         VALUES ($1, $2, $3, $4, 1, 1)
         ON CONFLICT (source) DO UPDATE SET
           window_requests = CASE WHEN source_state.window_start IS NOT DISTINCT FROM $4
                                  THEN source_state.window_requests + 1 ELSE 1 END,
           window_start = $4, requests = source_state.requests + 1, budget = $3, role = $2
         WHERE $5::int IS NULL OR source_state.window_start IS DISTINCT FROM $4
            OR source_state.window_requests < $5::int
         RETURNING window_requests AS n`,
        this.source,
        this.role,
        this.spec?.text ?? null,
        window?.start ?? null,
        this.spec?.limit ?? null,
      );
      if (rows.length > 0 || !window || !this.spec) {
        return;
      }
      const wait = window.end.getTime() - at.getTime();
      if (wait > this.maxWaitMs) {
        throw new BudgetExhausted(this.source, this.spec.text, window.end);
      }
      await this.sleep(wait + 5);
    }
  }
}
