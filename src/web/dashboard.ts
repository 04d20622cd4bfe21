import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../i18n/language.js';
import { PROPAGATION_SECONDS } from '../services/plans.js';
import { presentSubscription } from '../services/subscription-state.js';
import { allowlistRoutes, allowlistSection } from './dashboard-allowlist.js';
import type { ShowDashboard } from './dashboard-forms.js';
import { keyRoutes, keySection, row } from './dashboard-key.js';
import { planSection } from './dashboard-plan.js';
import { planChangeRoutes, planChangesSection } from './dashboard-plan-changes.js';
import { DASHBOARD_TEXTS, type DashboardTexts, withCount } from './dashboard-texts.js';
import { usageSection } from './dashboard-usage.js';
import type { WebPageDeps } from './deps.js';
import { errorLine } from './forms.js';
import { escapeHtml } from './layout.js';

/** Notices a change's redirect asks for (`?notice=`), by name: no text comes from the URL. */
const NOTICES: Record<string, (d: DashboardTexts) => string> = {
  allowlist: (d) => withCount(d.allowlistApplied, PROPAGATION_SECONDS),
  upgrade: (d) => d.upgradeRequested,
  plan: (d) => d.planChanged,
};

function noticeLine(request: FastifyRequest, d: DashboardTexts): string {
  const name = (request.query as Record<string, unknown>)['notice'];
  const notice = typeof name === 'string' && Object.hasOwn(NOTICES, name) ? NOTICES[name] : null;
  return notice ? `<p class="notice" role="status">${escapeHtml(notice(d))}</p>` : '';
}

/**
 * `/dashboard`: the owner's plan, allowances, key and allowlist, each part with its forms. Only
 * the session cookie signs a visitor in here: an API key is not looked at, and without a session
 * the answer is a redirect to /signin. Every change goes through the services the CLI uses.
 */
export function dashboardRoutes(app: FastifyInstance, deps: WebPageDeps) {
  const { web, views, charts } = deps;

  const show: ShowDashboard = async (
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
    status = 200,
    error?: string,
  ) => {
    const session = await web.sessionOf(request);
    if (!session) {
      return reply.header('cache-control', 'no-store').redirect(`/signin?lang=${language}`, 303);
    }
    const t = web.texts(language);
    const d = DASHBOARD_TEXTS[language];
    const { access, key, pendingUpgrade, usage } = await views.get(session.accountId);
    const subscription = presentSubscription(access.subscription);
    const hidden = await web.formFields(request, reply, language);
    const body = [
      errorLine(error),
      noticeLine(request, d),
      `<dl>${row(t.email, escapeHtml(session.email))}</dl>`,
      planSection(t, d, subscription, access.limits),
      keySection(t, d, key, hidden),
      allowlistSection(
        d,
        { entries: key?.allowlist ?? null, limit: access.limits.maxAllowlistEntriesPerKey },
        hidden,
      ),
      usageSection(d, usage, charts),
      planChangesSection(d, language, subscription, pendingUpgrade, hidden),
      '<form method="post" action="/signout">',
      hidden,
      `<button type="submit" class="plain">${t.signOut}</button>`,
      '</form>',
    ].join('\n');
    return web.sendPage(reply, status, {
      language,
      title: t.dashboard,
      path: '/dashboard',
      body,
      scripts: true,
    });
  };

  app.get('/dashboard', (request, reply) => show(request, reply, web.languageOf(request)));
  keyRoutes(app, deps, show);
  allowlistRoutes(app, deps, show);
  planChangeRoutes(app, deps, show);
}
