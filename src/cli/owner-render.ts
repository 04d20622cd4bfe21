import type { AccountView } from '../accounts/accounts.js';
import type { AuditView } from '../accounts/audit.js';
import type { KeyView } from '../accounts/keys.js';
import type { SubscriptionView } from '../accounts/subscriptions/subscription-state.js';
import type { TierName } from '../accounts/tiers.js';
import { renderKeys, renderSubscription } from './access-render.js';

/** Human-readable output of the account and audit commands (--json prints the objects). */

const owner = (a: AccountView) =>
  a.email ? `${a.email} (${a.emailVerifiedAt ? 'verified' : 'not verified'})` : 'no owner e-mail';

export const renderAccounts = (accounts: (AccountView & { tier: TierName })[]) =>
  accounts.length > 0
    ? accounts
        .map((a) =>
          [`${a.id}`.padEnd(6), a.tier.padEnd(5), owner(a), a.name ?? ''].join('  ').trim(),
        )
        .join('\n')
    : 'no accounts';

export interface AccountDetail extends AccountView {
  subscription: SubscriptionView;
  keys: KeyView[];
}

export const renderAccount = (a: AccountDetail) =>
  [
    `account ${a.id}${a.name ? ` (${a.name})` : ''}, created ${a.createdAt}`,
    `owner: ${owner(a)}${a.emailVerifiedAt ? ` since ${a.emailVerifiedAt}` : ''}`,
    `plan: ${renderSubscription(a.subscription)}`,
    'keys:',
    renderKeys(a.keys),
  ].join('\n');

export interface InviteSent {
  accountId: number;
  email: string;
  sent: boolean;
  /** Without SMTP_URL: the link to pass on by hand (it signs its holder in as the owner). */
  link?: string;
}

export const renderInvite = (i: InviteSent) =>
  i.sent
    ? `invitation for account ${i.accountId} sent to ${i.email}`
    : `SMTP_URL is not set: nothing was sent. Give ${i.email} this link (valid 7 days, once):\n${i.link}`;

export const renderAudit = (records: AuditView[]) =>
  records.length > 0
    ? records
        .map((r) =>
          [r.createdAt, r.actor, r.action, JSON.stringify(r.detail), r.address ?? '-'].join('  '),
        )
        .join('\n')
    : 'no audit records';
