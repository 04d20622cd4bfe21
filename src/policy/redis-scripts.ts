/**
 * Lua run inside Redis, so check-and-advance is one atomic step for every instance sharing the
 * server (a read-then-write limiter over-admits under concurrency).
 *
 * KEYS: 1 minute counter of the key, 2 plan quota of the account, 3 free allowance of the
 * account, 4 plan units of the key today, 5 free units of the key today.
 */

/**
 * Reserves for a batch of requests, one after the other, each all-or-nothing as if alone (Redis
 * runs the whole script atomically): the requests that arrived in one event-loop turn share one
 * round trip. Per request, 6 KEYS: the account's restored marker of the day (below), then the 5
 * above; and 8 ARGV: cost (minute units), dailyCost (day units, at most cost), freeEligible,
 * ratePerMinute, dailyQuota, freeQuota, minuteTtlMs, dayTtlMs.
 * Returns 7 numbers per request, in order: admitted (1|0|-1), reason (0 none, 1 rate, 2 quota),
 * minuteUsed, quotaUsed, freeUsed, freeTaken, planTaken. Writes nothing for a rejected request.
 * On Redis Cluster all KEYS of one call must share a slot: a call there carries the requests of
 * one account (one hash tag, redis-keys.ts).
 *
 * Without its marker the account's counters of the day are not known to hold what was charged
 * (Redis, or this node, restarted empty; or the day just began): that request's answer is
 * admitted -1 and nothing is written for it; the caller restores the account from the database
 * first (RESTORE_SCRIPT, DECISIONS.md "Access").
 */
export const RESERVE_SCRIPT = `
-- A window's expiry is set when its counter is created (INCRBY returned exactly what was
-- added); later increments keep it.
local function add(key, units, ttl)
  local after = redis.call('INCRBY', key, units)
  if after == units then
    redis.call('PEXPIRE', key, ttl)
  end
  return after
end
local function reserve(k, a)
  if redis.call('EXISTS', KEYS[k - 1]) == 0 then
    return {-1, 0, 0, 0, 0, 0, 0}
  end
  local cost = tonumber(ARGV[a])
  local dailyCost = tonumber(ARGV[a + 1])
  local freeEligible = tonumber(ARGV[a + 2])
  local rate = tonumber(ARGV[a + 3])
  local quota = tonumber(ARGV[a + 4])
  local freeQuota = tonumber(ARGV[a + 5])
  local counts = redis.call('MGET', KEYS[k], KEYS[k + 1], KEYS[k + 2])
  local minute = tonumber(counts[1] or '0')
  local used = tonumber(counts[2] or '0')
  local free = tonumber(counts[3] or '0')
  if minute + cost > rate then
    return {0, 1, minute, used, free, 0, 0}
  end
  local freeTake = math.max(0, math.min(freeEligible, dailyCost, freeQuota - free))
  local planTake = dailyCost - freeTake
  if used + planTake > quota then
    return {0, 2, minute, used, free, 0, 0}
  end
  minute = add(KEYS[k], cost, ARGV[a + 6])
  if planTake > 0 then
    used = add(KEYS[k + 1], planTake, ARGV[a + 7])
    add(KEYS[k + 3], planTake, ARGV[a + 7])
  end
  if freeTake > 0 then
    free = add(KEYS[k + 2], freeTake, ARGV[a + 7])
    add(KEYS[k + 4], freeTake, ARGV[a + 7])
  end
  return {1, 0, minute, used, free, freeTake, planTake}
end
local out = {}
for i = 0, #KEYS / 6 - 1 do
  local result = reserve(i * 6 + 2, i * 8 + 1)
  for j = 1, 7 do
    out[#out + 1] = result[j]
  end
end
return out
`;

/**
 * Restores one account's daily counters from what the database recorded as charged (after Redis
 * came back empty, or the day's first request). KEYS: counters, then the account's restored
 * marker of the day last (all under the account's hash tag); ARGV: dayTtlMs, then one value
 * per counter. A counter keeps the larger of its value and the recorded one, so instances that
 * restore at the same time, or admit meanwhile, never lower a count.
 */
export const RESTORE_SCRIPT = `
local ttl = ARGV[1]
local counters = #KEYS - 1
for i = 1, counters do
  local recorded = tonumber(ARGV[i + 1])
  local current = tonumber(redis.call('GET', KEYS[i]) or '0')
  if recorded > current then
    redis.call('SET', KEYS[i], recorded, 'PX', ttl)
  end
end
redis.call('SET', KEYS[#KEYS], '1', 'PX', ttl)
return counters
`;

/**
 * ARGV: minute, free, plan units to give back. Decrements exactly the window keys the
 * reservation used, never below zero, and never recreates an expired window.
 */
export const REFUND_SCRIPT = `
local function giveBack(key, units)
  if units <= 0 then return end
  local current = redis.call('GET', key)
  if not current then return end
  local after = math.max(0, tonumber(current) - units)
  local ttl = redis.call('PTTL', key)
  if ttl > 0 then
    redis.call('SET', key, after, 'PX', ttl)
  else
    redis.call('SET', key, after)
  end
end
giveBack(KEYS[1], tonumber(ARGV[1]))
giveBack(KEYS[3], tonumber(ARGV[2]))
giveBack(KEYS[5], tonumber(ARGV[2]))
giveBack(KEYS[2], tonumber(ARGV[3]))
giveBack(KEYS[4], tonumber(ARGV[3]))
return 1
`;

/** Counts one request on the minute only. ARGV: minuteTtlMs. Returns the three counters. */
export const CHARGE_MINUTE_SCRIPT = `
local minute = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return {minute, tonumber(redis.call('GET', KEYS[2]) or '0'), tonumber(redis.call('GET', KEYS[3]) or '0')}
`;

/**
 * Replays what an instance admitted (or failed to refund) while Redis was unreachable
 * (QUOTA_FAILURE_MODE=local). KEYS: the 5 counters, then the entry's replayed marker. ARGV:
 * minute, plan, free units (negative for refunds that could not be applied), minuteTtlMs,
 * dayTtlMs. No limit check: the requests were already served. Once per entry: a replay whose
 * reply was lost (a timeout while a failover moved the slot) and is sent again finds its marker
 * and adds nothing, so an outage's admissions never count twice.
 */
export const REPLAY_SCRIPT = `
if not redis.call('SET', KEYS[6], '1', 'NX', 'PX', ARGV[5]) then return 0 end
local function apply(key, units, ttl)
  if units == 0 then return end
  local after = math.max(0, tonumber(redis.call('GET', key) or '0') + units)
  redis.call('SET', key, after, 'PX', ttl)
end
apply(KEYS[1], tonumber(ARGV[1]), ARGV[4])
apply(KEYS[2], tonumber(ARGV[2]), ARGV[5])
apply(KEYS[4], tonumber(ARGV[2]), ARGV[5])
apply(KEYS[3], tonumber(ARGV[3]), ARGV[5])
apply(KEYS[5], tonumber(ARGV[3]), ARGV[5])
return 1
`;
