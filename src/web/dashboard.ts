import type { FastifyInstance } from 'fastify';
import { hkDay } from '../policy/windows.js';
import type { KeyView } from '../services/keys.js';
import { presentSubscription, type SubscriptionView } from '../services/subscription-state.js';
import type { WebPageDeps } from './deps.js';
import { escapeHtml } from './layout.js';
import type { WebTexts } from './texts.js';

/** A date as the contract lists it: the Hong Kong day (keys expire at its midnight). */
const day = (iso: string) => `${hkDay(new Date(iso))} (HKT)`;

const row = (term: string, value: string) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`;

function planRows(t: WebTexts, sub: SubscriptionView): string {
  if (!sub.periodEnd) {
    return row(t.plan, escapeHtml(sub.tier)) + row(t.periodEnd, escapeHtml(t.noPeriod));
  }
  const next =
    sub.status === 'cancelled'
      ? t.atPeriodEnd.cancels
      : sub.pendingTier
        ? `${t.atPeriodEnd.changes} ${sub.pendingTier}`
        : t.atPeriodEnd.renews;
  return (
    row(t.plan, escapeHtml(sub.tier)) +
    row(t.periodEnd, escapeHtml(`${day(sub.periodEnd)}, ${next}`))
  );
}

function keyRows(t: WebTexts, key: KeyView | undefined): string {
  if (!key) {
    return row(t.key, escapeHtml(t.noKey));
  }
  return [
    row(
      t.key,
      `<code>${escapeHtml(`${key.prefix}...${key.hint}`)}</code> (${escapeHtml(key.status)})`,
    ),
    row(t.created, escapeHtml(day(key.createdAt))),
    row(t.expires, escapeHtml(key.expiresAt ? day(key.expiresAt) : t.never)),
  ].join('');
}

/**
 * `/dashboard`, the signed-in landing: the owner's address, plan, period and key (never the key
 * itself). Only the session cookie signs a visitor in here: an API key is not looked at, and
 * without a session the answer is a redirect to /signin. The dashboard work extends this page.
 */
export function dashboardRoutes(app: FastifyInstance, { web, services }: WebPageDeps) {
  app.get('/dashboard', async (request, reply) => {
    const language = web.languageOf(request);
    const session = await web.sessionOf(request);
    if (!session) {
      return reply.header('cache-control', 'no-store').redirect(`/signin?lang=${language}`, 303);
    }
    const t = web.texts(language);
    const [access, keys] = await Promise.all([
      services.subscriptions.getAccountAccess(session.accountId),
      services.keys.listKeys(session.accountId),
    ]);
    const key = keys.find((k) => k.status !== 'revoked');
    const body = [
      '<dl>',
      row(t.email, escapeHtml(session.email)),
      planRows(t, presentSubscription(access.subscription)),
      keyRows(t, key),
      '</dl>',
      '<form method="post" action="/signout">',
      await web.formFields(request, reply, language),
      `<button type="submit" class="plain">${t.signOut}</button>`,
      '</form>',
    ].join('\n');
    return web.sendPage(reply, 200, { language, title: t.dashboard, path: '/dashboard', body });
  });
}
