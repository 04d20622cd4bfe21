/**
 * Operations running now whose answer may be kept, by cache key (operation-cache.ts): the same
 * operation arriving meanwhile waits for the one running and is then answered from what it
 * kept, so an evicted page is executed once, not once per client asking for it at that moment.
 */
export interface OperationFlightsOptions {
  /** The clock the unkept marks are read against. */
  now: () => Date;
  /** The longest a follower waits before running the operation itself. */
  waitMs?: number;
  /** How long a key whose last run kept nothing is not waited on. */
  unkeptMs?: number;
  /** Bound on the unkept marks held (they are all forgotten past it). */
  maxUnkept?: number;
}

interface Flight {
  landed: Promise<void>;
  land(): void;
  kept: boolean;
}

/** Flights of requests identified by `R` (a request object, held weakly). */
export function createOperationFlights<R extends object>(options: OperationFlightsOptions) {
  const waitMs = options.waitMs ?? 2_000;
  const unkeptMs = options.unkeptMs ?? 10_000;
  const maxUnkept = options.maxUnkept ?? 10_000;
  const flights = new Map<string, Flight>();
  /** The key each leading request runs: its flight lands when the request is done. */
  const leading = new WeakMap<R, string>();
  /** Keys whose last run kept nothing (they read the caller, or failed), until when. */
  const unkept = new Map<string, number>();
  const nowMs = () => options.now().getTime();

  /**
   * Resolves true when the flight of `key` lands, or false after `waitMs`; undefined when no
   * flight of `key` is running.
   */
  function waitFor(key: string): Promise<boolean> | undefined {
    const flight = flights.get(key);
    if (!flight) {
      return undefined;
    }
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), waitMs);
      timer.unref();
      void flight.landed.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /**
   * `request` runs `key`'s operation and others may wait for it, unless its last run kept
   * nothing. A request that accepts a stream never leads: it is never kept and may last hours.
   */
  function lead(request: R, key: string, streaming: boolean): void {
    const until = unkept.get(key);
    if (streaming || (until !== undefined && until > nowMs())) {
      return;
    }
    let land = () => {};
    const landed = new Promise<void>((resolve) => {
      land = resolve;
    });
    flights.set(key, { landed, land, kept: false });
    leading.set(request, key);
  }

  /** The answer of `key` was kept; counts only if `request` leads its flight. */
  function kept(request: R, key: string): void {
    const flight = flights.get(key);
    if (flight && leading.get(request) === key) {
      flight.kept = true;
    }
  }

  /** `request` is done (sent, refused or failed): its followers go on. */
  function landed(request: R): void {
    const key = leading.get(request);
    const flight = key === undefined ? undefined : flights.get(key);
    if (key === undefined || !flight) {
      return;
    }
    leading.delete(request);
    flights.delete(key);
    if (!flight.kept) {
      if (unkept.size >= maxUnkept) {
        unkept.clear();
      }
      unkept.set(key, nowMs() + unkeptMs);
    }
    flight.land();
  }

  return { waitFor, lead, kept, landed, running: () => flights.size };
}

export type OperationFlights<R extends object> = ReturnType<typeof createOperationFlights<R>>;
