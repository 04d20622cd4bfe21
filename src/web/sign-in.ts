import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseEmail } from '../accounts/owner-email.js';
import type { Language } from '../i18n/language.js';
import type { WebPageDeps } from './deps.js';
import { errorLine, field, guardedPost, input } from './forms.js';

/**
 * `/signin` by password or by an e-mailed link, and `POST /signout`. A wrong password, an
 * unknown address and an unconfirmed one get the same page and status; a link request gets the
 * same answer for any address.
 */
export function signInRoutes(app: FastifyInstance, deps: WebPageDeps) {
  const { web, services, limits, deliverLater } = deps;

  async function showForm(
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
    status = 200,
    error?: string,
  ) {
    const t = web.texts(language);
    const hidden = await web.formFields(request, reply, language);
    const email = (autocomplete: string) =>
      input('email', t.email, {
        type: 'email',
        required: true,
        value: field(request, 'email'),
        autocomplete,
      });
    const body = [
      errorLine(error),
      `<h2>${t.byPassword}</h2>`,
      '<form method="post" action="/signin">',
      hidden,
      '<input type="hidden" name="method" value="password">',
      email('username'),
      input('password', t.password, {
        type: 'password',
        required: true,
        autocomplete: 'current-password',
      }),
      `<button type="submit">${t.signIn}</button>`,
      '</form>',
      `<h2>${t.byLink}</h2>`,
      '<form method="post" action="/signin">',
      hidden,
      '<input type="hidden" name="method" value="link">',
      email('email'),
      `<button type="submit">${t.sendLink}</button>`,
      '</form>',
      `<p><a href="/signup?lang=${language}">${t.noAccount}</a></p>`,
    ].join('\n');
    return web.sendPage(reply, status, { language, title: t.signIn, path: '/signin', body });
  }

  app.get('/signin', (request, reply) => showForm(request, reply, web.languageOf(request)));

  app.post(
    '/signin',
    guardedPost(
      web,
      '/signin',
      async (request, reply, language) => {
        const email = field(request, 'email');
        if (!(await limits.admit(request, reply, email, language))) {
          return reply;
        }
        const t = web.texts(language);
        if (field(request, 'method') === 'link') {
          // Known or unknown, the answer does the same work: the lookup, the link and the mail
          // come after it (issue 46). A malformed address is still refused here (400).
          const address = normaliseEmail(email);
          deliverLater(request, () => services.webAccounts.requestSignInLink(address), language);
          return web.sendMessage(reply, 200, {
            language,
            title: t.checkInbox,
            message: t.linkSent,
            path: '/signin',
          });
        }
        const signedIn = await services.webAccounts.signInWithPassword(
          { email, password: field(request, 'password') },
          web.origin(request),
        );
        if (!signedIn) {
          return showForm(request, reply, language, 401, t.wrongCredentials);
        }
        return web.startSession(request, reply, signedIn.token, language);
      },
      showForm,
    ),
  );

  app.post(
    '/signout',
    guardedPost(
      web,
      '/signout',
      async (request, reply, language) => {
        await services.webSessions.end(web.sessionToken(request));
        return web.endSession(request, reply).redirect(`/signin?lang=${language}`, 303);
      },
      showForm,
    ),
  );
}
