import type { AllowlistView } from '../accounts/allowlist.js';
import type { CreatedKey, KeyView } from '../accounts/keys.js';
import type { ApiPlan } from '../accounts/plans.js';
import type { SubscriptionView } from '../accounts/subscriptions/subscription-state.js';
import type { AccountUsage } from '../accounts/usage.js';

/** Human-readable output of the management commands (--json prints the objects themselves). */

export const renderCreatedKey = (k: CreatedKey) =>
  [
    `key ${k.id} created; it is shown only now, store it safely:`,
    k.key,
    `expires: ${k.expiresAt ?? 'never'}`,
  ].join('\n');

export function renderKey(k: KeyView): string {
  const allowlist = k.allowlist.length > 0 ? k.allowlist.join(', ') : 'any address';
  return [
    `${k.id}`.padEnd(6),
    `${k.prefix}...${k.hint}`.padEnd(18),
    k.status.padEnd(8),
    `created ${k.createdAt}`,
    `expires ${k.expiresAt ?? 'never'}`,
    ...(k.revokedAt ? [`revoked ${k.revokedAt}`] : []),
    `allowlist: ${allowlist}`,
  ].join('  ');
}

export const renderKeys = (keys: KeyView[]) =>
  keys.length > 0 ? keys.map(renderKey).join('\n') : 'no keys';

export const renderAllowlist = (a: AllowlistView) =>
  a.entries.length > 0
    ? `key ${a.keyId} allowlist (${a.entries.length} of ${a.limit}):\n${a.entries.join('\n')}`
    : `key ${a.keyId} allowlist is empty (0 of ${a.limit}): any address is allowed`;

export function renderSubscription(s: SubscriptionView): string {
  if (s.tier === 'Free') {
    return 'Free (no paid period)';
  }
  const end = s.periodEnd ?? '?';
  const next =
    s.status === 'cancelled'
      ? `cancelled: access until ${end}, then Free`
      : s.pendingTier
        ? `changes to ${s.pendingTier} at ${end}`
        : `renews at ${end}`;
  const plan = s.planCode ? ` (${s.planCode}, plan version ${s.planVersionId})` : '';
  const price = s.pendingPlanCode && !s.pendingTier ? `; next period at ${s.pendingPlanCode}` : '';
  return `${s.tier}${plan}: ${next}${price}`;
}

export function renderPlan(p: ApiPlan): string {
  const promo =
    p.compareAtPrice !== undefined ? ` (was ${p.compareAtPrice}, ${p.discountPercent}% off)` : '';
  return `${p.planCode} version ${p.version} (id ${p.id}): ${p.price} ${p.currency} per ${p.months} month(s)${promo}`;
}

export function renderUsage(u: AccountUsage): string {
  const line = (name: string, a: { used: number; limit: number; remaining: number }) =>
    `${name}: ${a.used} of ${a.limit} used, ${a.remaining} left`;
  return [
    `account ${u.accountId} (${u.tier}), Hong Kong day ${u.day} (from ${u.source})`,
    line('plan quota', u.quota),
    line('free match-list allowance', u.freeMatches),
    ...u.keys.map(
      (k) =>
        `  key ${k.keyId} ${k.prefix}...${k.hint} (${k.status}): ${k.plan} plan, ${k.freeMatches} free match-list`,
    ),
  ].join('\n');
}
