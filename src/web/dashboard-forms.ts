import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeAuthor } from '../accounts/audit.js';
import type { WebSession } from '../accounts/web-sessions.js';
import { ApiError } from '../errors/api-error.js';
import type { Language } from '../i18n/language.js';
import { DASHBOARD_TEXTS, type DashboardTexts, withCount } from './dashboard-texts.js';
import type { WebPageDeps } from './deps.js';
import { field } from './forms.js';
import { escapeHtml } from './layout.js';

/** What a dashboard form's handler knows of its sender: only what the session says. */
interface Owner {
  session: WebSession;
  /** `web:<email>` and the request's address, for the change's audit record. */
  origin: ChangeAuthor;
}

/** The dashboard shown again, with a status and a message (an error or a notice). */
export type ShowDashboard = (
  request: FastifyRequest,
  reply: FastifyReply,
  language: Language,
  status?: number,
  message?: string,
) => Promise<unknown>;

/** Refusals a key holder can cause, each as a message in their language (with its status). */
function refusal(
  error: ApiError,
  d: DashboardTexts,
  context: { path: string; allowlistLimit: number },
): string | null {
  switch (error.code) {
    case 'invalid_parameter':
      return error.detail;
    case 'key_limit_reached':
      return d.keyLimit;
    case 'allowlist_limit_reached':
      return withCount(d.allowlistFull, context.allowlistLimit);
    case 'not_found':
      return context.path.startsWith('/dashboard/allowlist/') ? d.noSuchEntry : error.detail;
    case 'upstream_unavailable':
      return d.providerDown;
    default:
      return null;
  }
}

/** A required tick box: the no-script confirmation of a change that cannot be undone. */
export const confirmBox = (d: DashboardTexts) =>
  `<label class="check"><input type="checkbox" name="confirm" value="yes" required> ${escapeHtml(d.confirmBox)}</label>`;

export const confirmed = (request: FastifyRequest) => field(request, 'confirm') === 'yes';

/**
 * A dashboard form's POST: a session is required (else on to /signin), then its CSRF token
 * (403). Account ids come from the session, never from the form. A refusal by the services
 * (bad entry, full list, key already held) shows the dashboard again with the reason.
 */
export function ownerPost(
  { web, services, views }: WebPageDeps,
  path: string,
  show: ShowDashboard,
  handle: (
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
    owner: Owner,
  ) => Promise<unknown>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const language = web.languageOf(request);
    const session = await web.sessionOf(request);
    if (!session) {
      return reply.header('cache-control', 'no-store').redirect(`/signin?lang=${language}`, 303);
    }
    if (!(await web.csrfValid(request))) {
      const t = web.texts(language);
      return web.sendMessage(reply, 403, {
        language,
        title: t.formExpired,
        message: t.formExpired,
        path,
      });
    }
    const origin = { actor: `web:${session.email}`, address: request.ip } as const;
    try {
      const answer = await handle(request, reply, language, { session, origin });
      // The next page shows the change, whatever the events' delivery.
      views.forget(session.accountId);
      return answer;
    } catch (error) {
      views.forget(session.accountId);
      if (!(error instanceof ApiError)) {
        throw error;
      }
      const { limits } = await services.subscriptions.getAccountAccess(session.accountId);
      const message = refusal(error, DASHBOARD_TEXTS[language], {
        path,
        allowlistLimit: limits.maxAllowlistEntriesPerKey,
      });
      if (message === null) {
        throw error;
      }
      return show(request, reply, language, error.status, message);
    }
  };
}

/** After a change: a new GET of the dashboard (303), with a notice to show. */
export const backToDashboard = (reply: FastifyReply, language: Language, notice?: string) =>
  reply
    .header('cache-control', 'no-store')
    .redirect(`/dashboard?lang=${language}${notice ? `&notice=${notice}` : ''}`, 303);
