import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseEmail } from '../accounts/owner-email.js';
import type { AccountMail } from '../accounts/web-accounts.js';
import type { SignInLimits } from '../counters/sign-in-limits.js';
import type { EventBus } from '../events/event-bus.js';
import type { Language } from '../i18n/language.js';
import type { Mailer } from '../mail/mailer.js';
import { chartAssetRoutes, chartAssets } from './chart-assets.js';
import { createWebContext } from './context.js';
import { createCsrf } from './csrf.js';
import { dashboardRoutes } from './dashboard.js';
import { createDashboardViews } from './dashboard-view.js';
import type { WebPageDeps, WebServices } from './deps.js';
import { registerFormParser } from './forms.js';
import { SITE_CSS } from './layout.js';
import { linkRoutes } from './links.js';
import { cachedSessions } from './read-cache.js';
import { signInRoutes } from './sign-in.js';
import { signUpRoutes } from './sign-up.js';

interface WebPluginOptions {
  services: WebServices & { siteSecret(name: string): Promise<Buffer> };
  signIns: SignInLimits;
  mailer: Mailer;
  /** BASE_URL: an `https` one makes every cookie Secure. */
  baseUrl: string;
  /** Key, allowlist and plan changes: they empty the dashboard's short-lived reads. */
  events?: EventBus;
  now?: () => Date;
}

const emailOrNull = (text: string): string | null => {
  try {
    return normaliseEmail(text);
  } catch {
    return null;
  }
};

/**
 * The account pages (docs/accounts.md "Signing up and signing in"): sign-up, sign-in, the
 * e-mailed links, sign-out and the signed-in landing `/dashboard`. Server-rendered, no script,
 * outside /v1: they cost no quota and count on the keyless per-address limit like /docs.
 * Hidden from the OpenAPI document.
 */
export async function webPlugin(app: FastifyInstance, options: WebPluginOptions): Promise<void> {
  const { signIns, mailer } = options;
  const now = options.now ?? (() => new Date());
  // Every page reads the session through this one cache; signing out forgets it here. Forms
  // that change something read it fresh (context.ts), so an ended session changes nothing.
  const services = {
    ...options.services,
    webSessions: cachedSessions(options.services.webSessions, now),
  };
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  registerFormParser(app);
  const web = createWebContext({
    sessions: services.webSessions,
    freshSessions: options.services.webSessions,
    csrf: createCsrf(() => services.siteSecret('csrf')),
    baseUrl: options.baseUrl,
  });

  async function admit(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    language: Language,
  ): Promise<boolean> {
    const admission = await signIns.admit(request.ip, emailOrNull(email));
    if (admission.admitted) {
      return true;
    }
    const t = web.texts(language);
    reply.header('retry-after', String(admission.retryAfter));
    web.sendMessage(reply, 429, {
      language,
      title: t.tooMany,
      message: t.tooMany,
      path: '/signin',
    });
    return false;
  }

  function deliver(request: FastifyRequest, mail: AccountMail, language: Language): void {
    mailer.send(mail, language).catch((error: unknown) => {
      request.log.error({ err: error, mail: mail.kind }, 'account mail not sent');
    });
  }

  function deliverLater(
    request: FastifyRequest,
    prepare: () => Promise<AccountMail | null>,
    language: Language,
  ): void {
    setImmediate(() => {
      prepare()
        .then((mail) => (mail ? mailer.send(mail, language) : undefined))
        .catch((error: unknown) => {
          request.log.error({ err: error }, 'account mail not prepared or not sent');
        });
    });
  }

  const views = createDashboardViews(services, { events: options.events, now });
  const charts = chartAssets();
  const deps: WebPageDeps = {
    web,
    services,
    views,
    charts,
    limits: { admit },
    deliver,
    deliverLater,
  };
  app.get('/web/site.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .send(SITE_CSS),
  );
  chartAssetRoutes(app, charts);
  signUpRoutes(app, deps);
  signInRoutes(app, deps);
  linkRoutes(app, deps);
  dashboardRoutes(app, deps);
}
