import type { UsageSnapshot } from '../../counters/quota-store.js';
import type { Pass } from '../../policy/gate.js';
import { NOT_MODIFIED_READ } from '../transport/http-cache.js';
import { isLastPayload } from '../transport/incremental.js';
import type { CostPlan } from './cost.js';
import type { ReadLedger } from './field-billing.js';

/** What an operation kept of its reservation, and the counters after the refund. */
export interface Settled {
  /** Units kept on the day (the ledger's charged reads). */
  actual: number;
  /** Reads attempted, kept on the minute (with at least one request, `minuteKept`). */
  minute: number;
  usage: UsageSnapshot;
}

/** What an operation keeps on the minute after it ran: what it read, and at least one request. */
export const minuteKept = (minute: number) => Math.max(1, minute);

/**
 * Settles the operation's reservation once, however many ways its end is told (the last
 * payload, the iterator returned, the response closed): to what its ledger shows at that moment,
 * never more than the bound reserved (an upper bound by construction). A dry run reads nothing.
 * `status`: the answer's; a 304 is charged one request and no unit, whatever was read.
 */
export function settleOnce(
  pass: Pass,
  plan: Pick<CostPlan, 'bound' | 'dryRun'>,
  ledger: () => ReadLedger,
): (status?: 200 | 304) => Promise<Settled> {
  let settled: Promise<Settled> | undefined;
  return (status = 200) => {
    settled ??= (async () => {
      const actual = plan.dryRun ? 0 : Math.min(plan.bound, ledger().charged);
      const minute = plan.dryRun ? 0 : Math.min(plan.bound, ledger().attempted);
      const read =
        status === 304 ? NOT_MODIFIED_READ : { minute: minuteKept(minute), daily: actual };
      const usage = await pass.settleFor(status, read);
      return { actual, minute, usage };
    })();
    return settled;
  };
}

/** A result, or one payload of a streamed answer, as far as settling reads and extends it. */
export interface Payload {
  hasNext?: boolean;
  extensions?: Record<string, unknown> | undefined;
}

type WithCost = <R extends Payload>(payload: R, settled: Settled) => R;

export interface StreamSettlement {
  /** Settles now (a client gone before the last payload); a failure goes to `report`. */
  close(): void;
  /** The envelop hooks of an answer delivered in payloads (`onExecuteDone`'s return). */
  hooks: {
    onNext<R extends Payload>(payload: { result: R; setResult(result: R): void }): Promise<void>;
    onEnd(): void;
  };
}

/**
 * An answer delivered in payloads (`@defer`, `@stream`) is settled when its last payload has
 * been produced, which then carries `extensions.cost` as a single answer does; or, if the client
 * leaves first (the iterator is returned, the response closes), to what was read by then.
 */
export function settleWhenDelivered(
  settle: () => Promise<Settled>,
  withCost: WithCost,
  report: (error: unknown) => void,
): StreamSettlement {
  const close = () => {
    settle().catch(report);
  };
  return {
    close,
    hooks: {
      async onNext({ result, setResult }) {
        if (isLastPayload(result)) {
          setResult(withCost(result, await settle()));
        }
      },
      onEnd: close,
    },
  };
}
