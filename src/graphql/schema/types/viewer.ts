import type { CounterState, UsageSnapshot } from '../../../counters/quota-store.js';
import { secondsToHkMidnight, secondsToMinuteEnd } from '../../../counters/windows.js';
import { costExtensions } from '../../charging/field-billing.js';
import { builder } from '../builder.js';
import type { ResolverContext } from '../context.js';
import { TierEnum } from './enums.js';
import { TierLimitsType } from './meta.js';

interface Counter extends CounterState {
  resetSeconds: number;
}

const CounterType = builder.objectRef<Counter>('Counter').implement({
  description: 'One counter of the caller, counting this operation (as the REST headers do).',
  fields: (t) => ({
    limit: t.expose('limit', { type: 'NonNegativeInt' }),
    used: t.expose('used', { type: 'NonNegativeInt' }),
    remaining: t.field({
      type: 'NonNegativeInt',
      resolve: (c) => Math.max(0, c.limit - c.used),
    }),
    resetSeconds: t.expose('resetSeconds', {
      type: 'NonNegativeInt',
      description: 'Seconds until the window resets.',
    }),
  }),
});

interface UsageView {
  snapshot: UsageSnapshot;
  now: Date;
  requested: number;
  dryRun: boolean;
}

const UsageType = builder.objectRef<UsageView>('Usage').implement({
  description: "The caller's counters; reading them costs nothing.",
  fields: (t) => ({
    rate: t.field({
      type: CounterType,
      description: 'Requests this minute (X-RateLimit-*).',
      resolve: (u) => ({ ...u.snapshot.minute, resetSeconds: secondsToMinuteEnd(u.now) }),
    }),
    quota: t.field({
      type: CounterType,
      description: 'Daily plan quota (X-Quota-*); resets 00:00 Hong Kong time.',
      resolve: (u) => ({ ...u.snapshot.quota, resetSeconds: secondsToHkMidnight(u.now) }),
    }),
    freeMatches: t.field({
      type: CounterType,
      description: 'Free match-list allowance (X-Matches-Bonus-*).',
      resolve: (u) => ({ ...u.snapshot.free, resetSeconds: secondsToHkMidnight(u.now) }),
    }),
    requested: t.expose('requested', {
      type: 'NonNegativeInt',
      description: 'Units this operation reserved (its upper bound); with dryRun, what it would.',
    }),
    dryRun: t.exposeBoolean('dryRun'),
  }),
});

function usageOf(ctx: ResolverContext): UsageView {
  const { usage, requested, dryRun } = ctx.access;
  if (!usage) {
    throw new Error('usage read without an authenticated key');
  }
  return { snapshot: usage, now: ctx.now(), requested, dryRun };
}

interface ViewerView {
  ctx: ResolverContext;
}

const ViewerType = builder.objectRef<ViewerView>('Viewer').implement({
  description: 'The caller: its tier and counters, free of charge.',
  fields: (t) => ({
    tier: t.field({
      type: TierEnum,
      resolve: ({ ctx }) => ctx.access.principal?.account.tier ?? 'Free',
    }),
    limits: t.field({
      type: TierLimitsType,
      resolve: async ({ ctx }) => {
        const tier = ctx.access.principal?.account.tier;
        const all = await ctx.services.plans.listTierLimits();
        const own = all.find((l) => l.tier === tier);
        if (!own) {
          throw new Error(`no limits for tier ${tier}`);
        }
        return {
          ...own,
          ...ctx.access.principal?.account.limits,
          tier: own.tier,
          features: own.features,
        };
      },
    }),
    usage: t.field({ type: UsageType, resolve: ({ ctx }) => usageOf(ctx) }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.field({
    type: ViewerType,
    description: "The caller's tier, limits and counters now. Free of charge; needs a key.",
    ...costExtensions({ keyed: true, perCaller: true }),
    resolve: (_root, _args, ctx) => ({ ctx }),
  }),
  usage: t.field({
    type: UsageType,
    description:
      "The caller's counters. Free of charge; needs a key. With dryRun: true, nothing else in " +
      'the operation runs or is charged, and `requested` is what it would reserve.',
    args: { dryRun: t.arg.boolean({ defaultValue: false }) },
    ...costExtensions({ keyed: true, perCaller: true }),
    resolve: (_root, _args, ctx) => usageOf(ctx),
  }),
}));
