import type { BillingStatus } from '../accounts/billing/billing-service.js';
import type { PaymentView } from '../accounts/billing/payments.js';
import type { PaymentConfirmed, UpgradeStarted } from '../accounts/billing/upgrades.js';
import { renderSubscription } from './access-render.js';

/** Human-readable output of `touchline billing ...` (--json prints the objects themselves). */

export function renderUpgradeStarted(u: UpgradeStarted): string {
  const head = `payment ${u.payment.reference}: ${u.planCode} at ${u.price} ${u.currency}, waiting`;
  return u.next.kind === 'redirect'
    ? `${head}\npay at: ${u.next.url}`
    : `${head}\n${u.next.instructions}`;
}

export function renderConfirmed(c: PaymentConfirmed): string {
  const what = {
    upgraded: `payment ${c.reference} confirmed: the upgrade is in force`,
    already_confirmed: `payment ${c.reference} was confirmed before: nothing changed`,
    not_an_upgrade: `payment ${c.reference} confirmed, but the account is on that tier or above already`,
    renewal_paid: 'renewal payment confirmed: the grace is over, the plan goes on',
  }[c.outcome];
  return `${what}\n${renderSubscription(c.subscription)}`;
}

const renderPayment = (p: PaymentView) =>
  [
    p.reference.padEnd(14),
    `account ${p.accountId}`.padEnd(14),
    `${p.tier} (plan version ${p.planVersionId})`.padEnd(26),
    p.provider.padEnd(7),
    p.status.padEnd(10),
    `asked ${p.createdAt}`,
  ].join('  ');

export const renderPending = (payments: PaymentView[]) =>
  payments.length > 0 ? payments.map(renderPayment).join('\n') : 'no payments waiting';

export const renderStatus = (s: BillingStatus) =>
  [
    `account ${s.accountId} (billing: ${s.provider})`,
    renderSubscription(s.subscription),
    ...(s.payments.length > 0 ? ['payments:', ...s.payments.map(renderPayment)] : []),
    ...(s.audit.length > 0
      ? [
          'audit (newest first):',
          ...s.audit.map(
            (a) =>
              `  ${a.createdAt}  ${a.action.padEnd(26)} by ${a.actor}` +
              (a.address ? ` from ${a.address}` : '') +
              (a.detail ? `  ${JSON.stringify(a.detail)}` : ''),
          ),
        ]
      : []),
  ].join('\n');
