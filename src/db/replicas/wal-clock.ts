/** A WAL position as PostgreSQL prints it (`16/B374D848`), in bytes. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!match) {
    throw new Error(`not a WAL position: ${JSON.stringify(text)}`);
  }
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

interface Sample {
  /** When the position was asked for (ms): the primary was at most at `lsn` then. */
  at: number;
  lsn: bigint;
}

/**
 * The primary's WAL position over time, as the checks sample it, which turns a replica's replay
 * position into a lag in time (docs/scale.md "Read replicas": `now() -
 * pg_last_xact_replay_timestamp()` would grow on an idle primary, where a replica that has
 * replayed everything is not behind at all).
 *
 * A replica that has replayed the newest sample has everything the primary had when it was taken:
 * lag 0. Otherwise its lag is the age of the newest sample it has replayed, an upper bound of how
 * old its view is (off by at most one check interval). Behind every sample kept: unknown, which
 * the router treats as past any bound. Samples are kept for `keepMs`, which must exceed the bound.
 */
export function createWalClock(keepMs: number) {
  const samples: Sample[] = [];
  return {
    record(at: number, lsn: bigint): void {
      const last = samples[samples.length - 1];
      if (last && lsn === last.lsn) {
        // Nothing written since: the same position, known to hold at a later time.
        last.at = at;
      } else {
        if (last && lsn < last.lsn) {
          // Positions never go back on one primary: this is another server (a fail-over).
          samples.length = 0;
        }
        samples.push({ at, lsn });
      }
      while (samples.length > 1 && (samples[0] as Sample).at < at - keepMs) {
        samples.shift();
      }
    },
    /** The lag of a replica at `replay`, in ms at `now`; Infinity when it cannot be told. */
    lagMs(replay: bigint, now: number): number {
      for (let i = samples.length - 1; i >= 0; i--) {
        const sample = samples[i] as Sample;
        if (sample.lsn <= replay) {
          return i === samples.length - 1 ? 0 : Math.max(0, now - sample.at);
        }
      }
      return Number.POSITIVE_INFINITY;
    },
  };
}

export type WalClock = ReturnType<typeof createWalClock>;
