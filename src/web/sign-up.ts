import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../i18n/language.js';
import type { WebPageDeps } from './deps.js';
import { errorLine, field, guardedPost, input } from './forms.js';

/**
 * `/signup`: a Free account by e-mail (DECISIONS.md "Accounts on the web"). Every accepted
 * address gets the same answer, whether or not it has an account: the mail says the rest.
 */
export function signUpRoutes(
  app: FastifyInstance,
  { web, services, limits, deliver }: WebPageDeps,
) {
  async function showForm(
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
    status = 200,
    error?: string,
  ) {
    const t = web.texts(language);
    const body = [
      `<p>${t.signUpIntro}</p>`,
      errorLine(error),
      '<form method="post" action="/signup">',
      await web.formFields(request, reply, language),
      input('email', t.email, {
        type: 'email',
        required: true,
        value: field(request, 'email'),
        autocomplete: 'email',
      }),
      `<button type="submit">${t.createAccount}</button>`,
      '</form>',
      `<p><a href="/signin?lang=${language}">${t.haveAccount}</a></p>`,
    ].join('\n');
    return web.sendPage(reply, status, { language, title: t.signUp, path: '/signup', body });
  }

  app.get('/signup', (request, reply) => showForm(request, reply, web.languageOf(request)));

  app.post(
    '/signup',
    guardedPost(
      web,
      '/signup',
      async (request, reply, language) => {
        const email = field(request, 'email');
        if (!(await limits.admit(request, reply, email, language))) {
          return reply;
        }
        // A password is chosen on the confirmation page, by whoever holds the mailbox.
        const mail = await services.webAccounts.signUp({ email });
        deliver(request, mail, language);
        const t = web.texts(language);
        return web.sendMessage(reply, 200, {
          language,
          title: t.checkInbox,
          message: t.signUpSent,
          path: '/signup',
        });
      },
      showForm,
    ),
  );
}
