/**
 * Redis key names of the counters (docs/scale.md "Redis Cluster"). Every key of one account
 * carries the account's hash tag, `{<prefix>:acct:<accountId>}`: Redis Cluster hashes only the
 * tag, so all of an account's counters sit in one slot, and a script over them (reserve, refund,
 * restore, replay) runs on one node, as Cluster requires. The per-minute counter of an API key is
 * under its account's tag too: a key belongs to one account for good.
 */
export const accountTag = (prefix: string, accountId: number) => `{${prefix}:acct:${accountId}}`;

/** The account's plan quota and free match-list allowance counters of `day`. */
export const accountDayKeys = (prefix: string, accountId: number, day: string) => ({
  quota: `${accountTag(prefix, accountId)}:quota:${day}`,
  free: `${accountTag(prefix, accountId)}:free:${day}`,
});

/**
 * The five counters a request touches, in the scripts' KEYS order (redis-scripts.ts): the key's
 * minute, the account's plan quota and free allowance today, the key's plan and free units today.
 */
export function counterKeys(
  prefix: string,
  accountId: number,
  keyId: number,
  minute: number,
  day: string,
) {
  const tag = accountTag(prefix, accountId);
  const { quota, free } = accountDayKeys(prefix, accountId, day);
  return [
    `${tag}:rate:${keyId}:${minute}`,
    quota,
    free,
    `${tag}:keyplan:${keyId}:${day}`,
    `${tag}:keyfree:${keyId}:${day}`,
  ] as const;
}

/**
 * Set once the account's counters of `day` hold what the database recorded as charged. It lives
 * beside the counters it vouches for: a node (or a whole Redis) that comes back empty has lost
 * both, and the account is restored from the database before its next request is admitted.
 */
export const restoredMarkerKey = (prefix: string, accountId: number, day: string) =>
  `${accountTag(prefix, accountId)}:restored:${day}`;

/** Set when the journal entry `entryId` of an outage has been replayed (REPLAY_SCRIPT). */
export const replayedMarkerKey = (prefix: string, accountId: number, entryId: string) =>
  `${accountTag(prefix, accountId)}:replayed:${entryId}`;

/** SCAN pattern of the per-key daily counters of one account (`usage`). */
export const keyUsagePattern = (prefix: string, accountId: number, day: string) =>
  `${accountTag(prefix, accountId)}:key*:*:${day}`;

/** Reads `plan`/`free` and the key id back from a per-key daily counter's name. */
export function parseKeyUsageKey(key: string): { kind: 'plan' | 'free'; keyId: number } | null {
  const match = /:key(plan|free):(\d+):[^:]+$/.exec(key);
  if (!match) {
    return null;
  }
  return { kind: match[1] === 'plan' ? 'plan' : 'free', keyId: Number(match[2]) };
}

/**
 * The lease counters beside a request's counters, in the scripts' KEYS order: units of the key's
 * minute, of the account's plan quota and of its free allowance that instances hold as slices
 * and have not used yet (docs/access.md "Counter slices").
 */
export function leaseKeys(
  prefix: string,
  accountId: number,
  keyId: number,
  minute: number,
  day: string,
) {
  const tag = accountTag(prefix, accountId);
  return [
    `${tag}:rlease:${keyId}:${minute}`,
    `${tag}:qlease:${day}`,
    `${tag}:flease:${day}`,
  ] as const;
}
