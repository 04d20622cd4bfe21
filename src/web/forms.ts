import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors/api-error.js';
import type { Language } from '../i18n/language.js';
import type { FormFields, WebContext } from './context.js';
import { escapeHtml } from './layout.js';

/** The largest form body accepted: an e-mail, a password and two tokens fit many times over. */
const FORM_BODY_LIMIT = 8 * 1024;

/** Forms arrive URL-encoded; each field becomes one string (the last of a repeated name). */
export function registerFormParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}

/** A field's text ('' when absent or not text). */
export const field = (request: FastifyRequest, name: string): string => {
  const value = (request.body as FormFields | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

export const errorLine = (message: string | undefined) =>
  message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : '';

/** An input with its label; `value` refilled after a refusal (never a password). */
export function input(
  name: string,
  label: string,
  options: {
    type: string;
    required?: boolean;
    value?: string;
    hint?: string;
    autocomplete: string;
  },
): string {
  const id = `f-${name}`;
  return [
    `<label for="${id}">${escapeHtml(label)}</label>`,
    `<input id="${id}" name="${name}" type="${options.type}" autocomplete="${options.autocomplete}"`,
    options.required ? ' required' : '',
    options.value ? ` value="${escapeHtml(options.value)}"` : '',
    '>',
    options.hint ? `<p class="hint">${escapeHtml(options.hint)}</p>` : '',
  ].join('');
}

/**
 * A form's POST handler behind the CSRF check (403 without a valid token). A bad field
 * (`invalid_parameter` from a service) shows the form again with the reason, status 400.
 */
export function guardedPost(
  web: WebContext,
  path: string,
  handle: (request: FastifyRequest, reply: FastifyReply, language: Language) => Promise<unknown>,
  showForm: (
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
    status: number,
    error: string,
  ) => Promise<unknown>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const language = web.languageOf(request);
    const texts = web.texts(language);
    if (!(await web.csrfValid(request))) {
      return web.sendMessage(reply, 403, {
        language,
        title: texts.formExpired,
        message: texts.formExpired,
        path,
      });
    }
    try {
      return await handle(request, reply, language);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_parameter') {
        return showForm(request, reply, language, 400, error.detail);
      }
      throw error;
    }
  };
}
