import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SignedIn } from '../accounts/web-accounts.js';
import type { SessionOrigin } from '../accounts/web-sessions.js';
import { ApiError } from '../errors/api-error.js';
import type { Language } from '../i18n/language.js';
import type { WebPageDeps, WebServices } from './deps.js';
import { errorLine, field, guardedPost, input } from './forms.js';
import { escapeHtml } from './layout.js';
import type { WebTexts } from './texts.js';

interface LinkPage {
  path: string;
  purpose: 'verify_email' | 'sign_in_link' | 'invite';
  title(t: WebTexts): string;
  body(t: WebTexts): string;
  button(t: WebTexts): string;
  /** Verification and invitation let the mailbox's owner choose a password on the page. */
  asksPassword: boolean;
  use(
    services: WebServices,
    code: string,
    origin: SessionOrigin,
    password: string,
  ): Promise<SignedIn>;
}

const LINK_PAGES: readonly LinkPage[] = [
  {
    path: '/verify',
    purpose: 'verify_email',
    title: (t) => t.confirmEmail,
    body: (t) => t.confirmEmailBody,
    button: (t) => t.confirm,
    asksPassword: true,
    use: (s, code, origin, password) =>
      s.webAccounts.verifyEmail(code, origin, password || undefined),
  },
  {
    path: '/signin/link',
    purpose: 'sign_in_link',
    title: (t) => t.signIn,
    body: (t) => t.linkSignInBody,
    button: (t) => t.signIn,
    asksPassword: false,
    use: (s, code, origin) => s.webAccounts.useSignInLink(code, origin),
  },
  {
    path: '/invite',
    purpose: 'invite',
    title: (t) => t.invite,
    body: (t) => t.inviteBody,
    button: (t) => t.accept,
    asksPassword: true,
    use: (s, code, origin, password) =>
      s.webAccounts.acceptInvite(code, origin, password || undefined),
  },
];

/**
 * The e-mailed links (`/verify`, `/signin/link`, `/invite`, each `?code=`). Opening one shows a
 * button; only the POST it sends uses the link, so a mail scanner that fetches links cannot
 * spend a single-use link or sign itself in.
 */
export function linkRoutes(app: FastifyInstance, { web, services, limits }: WebPageDeps) {
  for (const page of LINK_PAGES) {
    const codeOf = (request: FastifyRequest) =>
      field(request, 'code') || String((request.query as Record<string, unknown>)['code'] ?? '');

    async function showForm(
      request: FastifyRequest,
      reply: FastifyReply,
      language: Language,
      status = 200,
      error?: string,
    ) {
      const t = web.texts(language);
      const code = codeOf(request);
      let email: string;
      try {
        email = await services.webAccounts.linkAddress(page.purpose, code);
      } catch (failure) {
        if (failure instanceof ApiError && failure.code === 'invalid_parameter') {
          return web.sendMessage(reply, 400, {
            language,
            title: page.title(t),
            message: t.linkInvalid,
            path: page.path,
          });
        }
        throw failure;
      }
      const body = [
        `<p>${escapeHtml(page.body(t).replace('{email}', email))}</p>`,
        errorLine(error),
        `<form method="post" action="${page.path}">`,
        await web.formFields(request, reply, language),
        `<input type="hidden" name="code" value="${escapeHtml(code)}">`,
        page.asksPassword
          ? input('password', t.password, {
              type: 'password',
              hint: t.passwordOptional,
              autocomplete: 'new-password',
            })
          : '',
        `<button type="submit">${page.button(t)}</button>`,
        '</form>',
      ].join('\n');
      return web.sendPage(reply, status, {
        language,
        title: page.title(t),
        path: page.path,
        query: { code },
        body,
      });
    }

    app.get(page.path, (request, reply) => showForm(request, reply, web.languageOf(request)));

    app.post(
      page.path,
      guardedPost(
        web,
        page.path,
        async (request, reply, language) => {
          // A link's POST is a sign-in attempt: it counts on the address's sign-in limit.
          if (!(await limits.admit(request, reply, '', language))) {
            return reply;
          }
          const signedIn = await page.use(
            services,
            field(request, 'code'),
            web.origin(request),
            field(request, 'password'),
          );
          return web.startSession(request, reply, signedIn.token, language);
        },
        showForm,
      ),
    );
  }
}
