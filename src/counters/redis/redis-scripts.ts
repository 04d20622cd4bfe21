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
 * round trip. Per request, 9 KEYS: the account's restored marker of the day (below), the 5
 * above, then the 3 lease counters (redis-keys.ts leaseKeys: units of the key's minute, of the
 * account's plan quota and free allowance that instances hold as slices, not yet used); and 12
 * ARGV: cost (minute units), dailyCost (day units, at most cost), freeEligible, ratePerMinute,
 * dailyQuota, freeQuota, minuteTtlMs, dayTtlMs, then the slice wanted beside the request on the
 * minute, the plan quota and the free allowance, and the divisor: a slice is at most what is left
 * of the window divided by it, so that near a limit slices shrink to nothing and every request
 * is decided here (docs/access.md "Counter slices").
 * Returns 10 numbers per request, in order: admitted (1|0|-1), reason (0 none, 1 rate, 2 quota),
 * then what each window has given out (used plus held in slices by every instance): minute,
 * quota, free; freeTaken, planTaken; the slices granted: minute, plan, free (for a rejected
 * request: what instances hold in slices of each window). Writes nothing for a rejected request.
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
-- Nothing while less than 16 x divisor units are left: near a limit every request is decided here.
local function slice(want, room, divisor)
  if room < divisor * 16 then
    return 0
  end
  return math.max(0, math.min(want, math.floor(room / divisor)))
end
local function reserve(k, a)
  if redis.call('EXISTS', KEYS[k - 1]) == 0 then
    return {-1, 0, 0, 0, 0, 0, 0, 0, 0, 0}
  end
  local cost = tonumber(ARGV[a])
  local dailyCost = tonumber(ARGV[a + 1])
  local freeEligible = tonumber(ARGV[a + 2])
  local rate = tonumber(ARGV[a + 3])
  local quota = tonumber(ARGV[a + 4])
  local freeQuota = tonumber(ARGV[a + 5])
  local divisor = math.max(1, tonumber(ARGV[a + 11]))
  local counts = redis.call('MGET', KEYS[k], KEYS[k + 1], KEYS[k + 2], KEYS[k + 5], KEYS[k + 6], KEYS[k + 7])
  local held = {tonumber(counts[4] or '0'), tonumber(counts[5] or '0'), tonumber(counts[6] or '0')}
  local minute = tonumber(counts[1] or '0') + held[1]
  local used = tonumber(counts[2] or '0') + held[2]
  local free = tonumber(counts[3] or '0') + held[3]
  if minute + cost > rate then
    return {0, 1, minute, used, free, 0, 0, held[1], held[2], held[3]}
  end
  local freeTake = math.max(0, math.min(freeEligible, dailyCost, freeQuota - free))
  local planTake = dailyCost - freeTake
  if used + planTake > quota then
    return {0, 2, minute, used, free, 0, 0, held[1], held[2], held[3]}
  end
  add(KEYS[k], cost, ARGV[a + 6])
  minute = minute + cost
  if planTake > 0 then
    add(KEYS[k + 1], planTake, ARGV[a + 7])
    add(KEYS[k + 3], planTake, ARGV[a + 7])
    used = used + planTake
  end
  if freeTake > 0 then
    add(KEYS[k + 2], freeTake, ARGV[a + 7])
    add(KEYS[k + 4], freeTake, ARGV[a + 7])
    free = free + freeTake
  end
  local minuteSlice = slice(tonumber(ARGV[a + 8]), rate - minute, divisor)
  local planSlice = slice(tonumber(ARGV[a + 9]), quota - used, divisor)
  local freeSlice = slice(tonumber(ARGV[a + 10]), freeQuota - free, divisor)
  if minuteSlice > 0 then
    add(KEYS[k + 5], minuteSlice, ARGV[a + 6])
    minute = minute + minuteSlice
  end
  if planSlice > 0 then
    add(KEYS[k + 6], planSlice, ARGV[a + 7])
    used = used + planSlice
  end
  if freeSlice > 0 then
    add(KEYS[k + 7], freeSlice, ARGV[a + 7])
    free = free + freeSlice
  end
  return {1, 0, minute, used, free, freeTake, planTake, minuteSlice, planSlice, freeSlice}
end
local out = {}
for i = 0, #KEYS / 9 - 1 do
  local result = reserve(i * 9 + 2, i * 12 + 1)
  for j = 1, 10 do
    out[#out + 1] = result[j]
  end
end
return out
`;

/**
 * What instances used of their slices, and what they give back, for a batch of keys and windows
 * (docs/access.md "Counter slices"). Per entry, 9 KEYS: the 5 counters (above), the 3 lease
 * counters, then the account's restored marker of the entry's day; 8 ARGV: minute, plan, free
 * units used from slices (moved from the lease counters to the counters; negative for units
 * given back after they were counted), then minute, plan, free units returned unused (taken off
 * the lease counters), minuteTtlMs, dayTtlMs. A lease counter never goes below zero and an
 * expired window is not recreated for a return. An entry with day units whose account has no
 * restored marker (Redis lost its counters) is not applied: the caller restores the account
 * first and sends it again (the restore leaves unsettled units out: docs/operations.md).
 * Returns 1 per entry applied, 0 per entry not.
 */
export const SETTLE_SCRIPT = `
local function add(key, units, ttl)
  if units == 0 then return end
  local after = redis.call('INCRBY', key, units)
  if after == units then
    redis.call('PEXPIRE', key, ttl)
  end
  if after < 0 then
    redis.call('INCRBY', key, -after)
  end
end
local function take(key, units)
  if units <= 0 then return end
  local current = tonumber(redis.call('GET', key) or '0')
  if current <= 0 then return end
  redis.call('DECRBY', key, math.min(current, units))
end
local function settle(k, a)
  local used = {tonumber(ARGV[a]), tonumber(ARGV[a + 1]), tonumber(ARGV[a + 2])}
  local returned = {tonumber(ARGV[a + 3]), tonumber(ARGV[a + 4]), tonumber(ARGV[a + 5])}
  if (used[2] ~= 0 or used[3] ~= 0) and redis.call('EXISTS', KEYS[k + 8]) == 0 then
    return 0
  end
  local ttl = {ARGV[a + 6], ARGV[a + 7], ARGV[a + 7]}
  for i = 1, 3 do
    local counter = KEYS[k + i - 1]
    local lease = KEYS[k + 4 + i]
    add(counter, used[i], ttl[i])
    if i == 2 then add(KEYS[k + 3], used[i], ttl[i]) end
    if i == 3 then add(KEYS[k + 4], used[i], ttl[i]) end
    if used[i] > 0 then
      take(lease, used[i])
    elseif used[i] < 0 then
      add(lease, -used[i], ttl[i])
    end
    take(lease, returned[i])
  end
  return 1
end
local out = {}
for i = 0, #KEYS / 9 - 1 do
  out[#out + 1] = settle(i * 9 + 1, i * 8 + 1)
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
 * (QUOTA_FAILURE_MODE=local). KEYS: the 5 counters, the entry's replayed marker, then the
 * account's restored marker of the day. ARGV: minute, plan, free units (negative for refunds
 * that could not be applied), minuteTtlMs, dayTtlMs. No limit check: the requests were already
 * served. Once per entry: a replay whose reply was lost (a timeout while a failover moved the
 * slot) and is sent again finds its marker and adds nothing, so an outage's admissions never
 * count twice. Day units go only into restored counters: without the marker it returns -1 and
 * applies nothing, and the caller restores the account first (the restore reads what Redis had
 * counted, which leaves these units out: docs/operations.md).
 */
export const REPLAY_SCRIPT = `
local daily = tonumber(ARGV[2]) ~= 0 or tonumber(ARGV[3]) ~= 0
if daily and redis.call('EXISTS', KEYS[7]) == 0 then return -1 end
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
