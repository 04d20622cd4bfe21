import { describe, expect, it } from 'vitest';
import type { UsageSnapshot } from '../../../src/counters/quota-store.js';
import { ApiError } from '../../../src/errors/api-error.js';
import type {
  AccessPolicy,
  Admission,
  Operation,
  Principal,
} from '../../../src/policy/access-policy.js';
import { Gate, keepsUnits, type Pass, type Seat } from '../../../src/policy/gate.js';

const snapshot = (used: number): UsageSnapshot => ({
  minute: { limit: 30, used },
  quota: { limit: 100, used },
  free: { limit: 0, used: 0 },
});

interface Options {
  /** The caller's address is not in the key's allowlist. */
  addressRefused?: boolean;
  /** The key's tier does not read analysis. */
  free?: boolean;
  /** The counters refuse the reservation (429). */
  rateLimited?: boolean;
}

/**
 * The gate over a policy that records what it was asked to count: `calls` lists each counting
 * step (`chargeMinute`, `reserve`, `settle:kept` or `settle:returned`, `peek`) in order.
 */
function recordingGate(options: Options = {}) {
  const calls: string[] = [];
  const principal = {
    key: { keyId: 1, accountId: 1, allowlist: [] },
    account: { tier: options.free ? 'Free' : 'Pro', limits: { analysis: !options.free } },
  } as unknown as Principal;
  const admission = { principal, usage: snapshot(1) } as unknown as Admission;
  const policy = {
    authenticate(rawKey: string | undefined) {
      if (rawKey !== 'good') {
        throw new ApiError('key_invalid', 'The API key is not valid');
      }
      return principal;
    },
    checkAddress() {
      if (options.addressRefused) {
        throw new ApiError('ip_not_allowed', 'Requests from 10.0.0.1 are not allowed');
      }
    },
    checkTier(_principal: Principal, operation: Operation) {
      if (operation === 'analysis' && options.free) {
        throw new ApiError('tier_insufficient', 'Analysis needs Plus or Pro');
      }
    },
    async chargeMinute() {
      calls.push('chargeMinute');
      return snapshot(1);
    },
    reserve(_principal: Principal, cost: number) {
      calls.push(`reserve:${cost}`);
      return options.rateLimited
        ? {
            admitted: false,
            error: new ApiError('rate_limited', 'slow', { retryAfter: 30 }),
            usage: snapshot(30),
          }
        : { admitted: true, admission };
    },
    settle(_admission: Admission, charged: boolean, read?: unknown) {
      calls.push(`settle:${charged ? 'kept' : 'returned'}${read ? ':read' : ''}`);
      return snapshot(charged ? 1 : 0);
    },
    peek() {
      calls.push('peek');
      return snapshot(0);
    },
  } as unknown as AccessPolicy;
  return { gate: new Gate(policy), calls };
}

const ONE = { cost: 1, freeEligible: 0 };

/** The refusal a step throws or rejects with. */
async function refusalOf(step: () => unknown): Promise<string | undefined> {
  try {
    await step();
    return undefined;
  } catch (error) {
    return (error as ApiError).code;
  }
}

describe('keepsUnits: the statuses that keep a reservation (spec 8.2)', () => {
  it('2xx and 404 keep their units; 304, 400, 429 and 5xx give them back', () => {
    for (const status of [200, 201, 204, 299, 404]) {
      expect(keepsUnits(status), String(status)).toBe(true);
    }
    for (const status of [100, 199, 300, 304, 400, 403, 429, 500, 502, 503]) {
      expect(keepsUnits(status), String(status)).toBe(false);
    }
  });
});

describe('Pass: what each stage counts (the doc comment on Pass)', () => {
  it('refused on its address: nothing counted; the counters are only read', async () => {
    const { gate, calls } = recordingGate({ addressRefused: true });
    const seat: Seat = { pass: undefined };
    expect(await refusalOf(() => gate.enter('good', '10.0.0.1', 'plan', undefined, seat))).toBe(
      'ip_not_allowed',
    );
    expect(seat.pass, 'handed the pass before the refusal').toBeDefined();
    await seat.pass?.settleFor(403);
    expect(calls).toEqual(['peek']);
  });

  it('refused on tier: one request on the minute (counted once, not again at settle)', async () => {
    const { gate, calls } = recordingGate({ free: true });
    const seat: Seat = { pass: undefined };
    expect(await refusalOf(() => gate.enter('good', '1.2.3.4', 'analysis', undefined, seat))).toBe(
      'tier_insufficient',
    );
    const usage = await seat.pass?.settleFor(403);
    expect(calls).toEqual(['chargeMinute']);
    expect(usage?.minute.used).toBe(1);
  });

  it('stopped at the parameters (after the tier, before the rate): one request on the minute', async () => {
    const { gate, calls } = recordingGate();
    const pass = await gate.enter('good', '1.2.3.4', 'plan');
    await pass.settleFor(400);
    expect(calls).toEqual(['chargeMinute']);
  });

  it('refused on rate or quota: nothing at all, the refusal reports its counters', async () => {
    const { gate, calls } = recordingGate({ rateLimited: true });
    const seat: Seat = { pass: undefined };
    expect(await refusalOf(() => gate.admit('good', '1.2.3.4', 'plan', ONE, undefined, seat))).toBe(
      'rate_limited',
    );
    const usage = await seat.pass?.settleFor(429);
    expect(calls).toEqual(['reserve:1']);
    expect(usage?.minute.used).toBe(30);
  });

  it('reserved: kept for 2xx and 404, given back for 304 and 5xx, with what a GraphQL operation read', async () => {
    const settled = async (status: number, read?: { minute: number; daily: number }) => {
      const { gate, calls } = recordingGate();
      const pass = await gate.admit('good', '1.2.3.4', 'plan', ONE);
      await pass.settleFor(status, read);
      return calls;
    };
    expect(await settled(200)).toEqual(['reserve:1', 'settle:kept']);
    expect(await settled(404)).toEqual(['reserve:1', 'settle:kept']);
    expect(await settled(304)).toEqual(['reserve:1', 'settle:returned']);
    expect(await settled(500)).toEqual(['reserve:1', 'settle:returned']);
    expect(await settled(503)).toEqual(['reserve:1', 'settle:returned']);
    expect(await settled(200, { minute: 1, daily: 0 })).toEqual(['reserve:1', 'settle:kept:read']);
  });

  it('a key refused is thrown before any pass exists: nothing counted', async () => {
    const { gate, calls } = recordingGate();
    const seat: Seat = { pass: undefined };
    expect(await refusalOf(() => gate.enter('bad', '1.2.3.4', 'plan', undefined, seat))).toBe(
      'key_invalid',
    );
    expect(seat.pass).toBeUndefined();
    expect(calls).toEqual([]);
  });
});

describe('Pass: the order enforced', () => {
  it('reserve only once allowed, and only once', async () => {
    const { gate } = recordingGate();
    const pass = await gate.enter('good', '1.2.3.4', 'plan');
    pass.reserve(ONE);
    expect(() => pass.reserve(ONE)).toThrow('reserve when reserved');
    const refused = recordingGate({ addressRefused: true });
    const seat: { pass: Pass | null | undefined } = { pass: undefined };
    await refusalOf(() => refused.gate.enter('good', '10.0.0.1', 'plan', undefined, seat));
    expect(() => seat.pass?.reserve(ONE)).toThrow('reserve when refused');
  });

  it('settles once: a second settlement counts nothing more', async () => {
    const { gate, calls } = recordingGate();
    const pass = await gate.admit('good', '1.2.3.4', 'plan', ONE);
    await pass.settleFor(200);
    await pass.settleFor(200);
    expect(calls).toEqual(['reserve:1', 'settle:kept']);
    expect(() => pass.reserve(ONE)).toThrow('reserve when settled');
  });

  it('with nothing waiting, the entries answer at once (no promise on the hit paths)', () => {
    const { gate } = recordingGate();
    const admitted = gate.admit('good', '1.2.3.4', 'plan', ONE);
    expect(admitted).not.toBeInstanceOf(Promise);
    expect((admitted as Pass).settleFor(200)).not.toBeInstanceOf(Promise);
    expect(gate.check('good', '1.2.3.4')).not.toBeInstanceOf(Promise);
  });
});

describe('Gate: the other entries', () => {
  it('check counts nothing, and refuses a key or an address as enter does', async () => {
    const { gate, calls } = recordingGate();
    expect((await gate.check('good', '1.2.3.4')).key).toBeDefined();
    expect(await refusalOf(() => gate.check('bad', '1.2.3.4'))).toBe('key_invalid');
    const refused = recordingGate({ addressRefused: true });
    expect(await refusalOf(() => refused.gate.check('good', '10.0.0.1'))).toBe('ip_not_allowed');
    expect([...calls, ...refused.calls]).toEqual([]);
  });

  it('refuseParameters: the key checks, then one request on the minute', async () => {
    const { gate, calls } = recordingGate();
    expect((await gate.refuseParameters('good', '1.2.3.4')).minute.used).toBe(1);
    expect(calls).toEqual(['chargeMinute']);
    expect(await refusalOf(() => gate.refuseParameters('bad', '1.2.3.4'))).toBe('key_invalid');
  });
});
