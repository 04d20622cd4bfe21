import type { FastifyReply, FastifyRequest } from 'fastify';
import { isSecretToken, newSecretToken } from '../accounts/secret-token.js';
import {
  SESSION_DAYS,
  type WebSession,
  type WebSessionsService,
} from '../accounts/web-sessions.js';
import { type Language, supportedLanguage } from '../i18n/language.js';
import { languageOfHeader } from '../i18n/negotiate.js';
import { cookieHeader, cookieNames, readCookies, secureCookies } from './cookies.js';
import type { Csrf } from './csrf.js';
import { escapeHtml, type PageFrame, renderPage } from './layout.js';
import { WEB_TEXTS, type WebTexts } from './texts.js';

/** A form's fields: every value a string (a repeated field keeps its last value). */
export type FormFields = Record<string, string>;

const CSRF_FIELD = 'csrf';

/** No script, no style but our stylesheet, forms only to this origin, never framed. */
const PAGE_RULES = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
];
const PAGE_POLICY = PAGE_RULES.join('; ');
/** A page with charts: scripts from this origin only (never an inline one). */
const SCRIPTED_PAGE_POLICY = [...PAGE_RULES, "script-src 'self'"].join('; ');

function sendPage(reply: FastifyReply, status: number, frame: PageFrame): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-language', frame.language)
    .header('content-security-policy', frame.scripts ? SCRIPTED_PAGE_POLICY : PAGE_POLICY)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .send(renderPage(frame));
}

/** `lang` of the form or the query, else Accept-Language (DECISIONS.md "Languages"). */
function languageOf(request: FastifyRequest): Language {
  const body = request.body as FormFields | undefined;
  const query = request.query as Record<string, unknown>;
  for (const value of [body?.['lang'], query['lang']]) {
    const language = typeof value === 'string' ? supportedLanguage(value) : null;
    if (language) {
      return language;
    }
  }
  return languageOfHeader(request.headers['accept-language']);
}

const cookies = (request: FastifyRequest) => readCookies(request.headers.cookie);

export interface WebContextOptions {
  /** Kept a few seconds (read-cache.ts): what pages show. */
  sessions: WebSessionsService;
  /** The database's answer: what a POST acts on, so a session ended on another instance is over. */
  freshSessions: WebSessionsService;
  csrf: Csrf;
  baseUrl: string;
}

/**
 * What every account page needs from a request: its language, its session (from the cookie
 * only: an API key is never looked at here), the CSRF token of its forms, and the page answer.
 */
export class WebContext {
  readonly #options: WebContextOptions;
  readonly #names: ReturnType<typeof cookieNames>;
  /** Each request's session, looked up once. */
  readonly #sessionsSeen = new WeakMap<FastifyRequest, Promise<WebSession | null>>();

  constructor(options: WebContextOptions) {
    this.#options = options;
    this.#names = cookieNames(options.baseUrl);
  }

  languageOf(request: FastifyRequest): Language {
    return languageOf(request);
  }

  sessionOf(request: FastifyRequest): Promise<WebSession | null> {
    let found = this.#sessionsSeen.get(request);
    if (!found) {
      const { sessions, freshSessions } = this.#options;
      const source =
        request.method === 'GET' || request.method === 'HEAD' ? sessions : freshSessions;
      found = source.find(cookies(request).get(this.#names.session));
      this.#sessionsSeen.set(request, found);
    }
    return found;
  }

  sessionToken(request: FastifyRequest): string | undefined {
    return cookies(request).get(this.#names.session);
  }

  /** Hidden fields every form carries: the CSRF token (setting the browser's cookie if new). */
  async formFields(
    request: FastifyRequest,
    reply: FastifyReply,
    language: Language,
  ): Promise<string> {
    const session = await this.sessionOf(request);
    let nonce = this.#browserNonce(request);
    // Only a value this server made is signed: a stranger one is replaced, not vouched for.
    if (!session && !nonce) {
      nonce = newSecretToken();
      reply.header(
        'set-cookie',
        cookieHeader(this.#names.csrf, nonce, {
          maxAgeSeconds: 86_400,
          secure: this.#secure(request),
        }),
      );
    }
    const token = await this.#options.csrf.tokenFor({
      sessionId: session?.id ?? null,
      nonce: nonce ?? '',
    });
    return `<input type="hidden" name="${CSRF_FIELD}" value="${token}"><input type="hidden" name="lang" value="${language}">`;
  }

  /** Whether a POST carries the token of its session or browser (403 otherwise). */
  async csrfValid(request: FastifyRequest): Promise<boolean> {
    const body = request.body as FormFields | undefined;
    const session = await this.sessionOf(request);
    return this.#options.csrf.verify(body?.[CSRF_FIELD], {
      sessionId: session?.id ?? null,
      nonce: this.#browserNonce(request),
    });
  }

  sendPage(reply: FastifyReply, status: number, frame: PageFrame): FastifyReply {
    return sendPage(reply, status, frame);
  }

  /** A page with only a message (a sent mail, a refusal). */
  sendMessage(
    reply: FastifyReply,
    status: number,
    page: { language: Language; title: string; message: string; path: string },
  ): FastifyReply {
    return sendPage(reply, status, {
      language: page.language,
      title: page.title,
      path: page.path,
      body: `<p${status >= 400 ? ' class="error"' : ''}>${escapeHtml(page.message)}</p>`,
    });
  }

  /** Signs the browser in: the session cookie, then on to the dashboard (303: a new GET). */
  startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    language: Language,
  ): FastifyReply {
    return reply
      .header(
        'set-cookie',
        cookieHeader(this.#names.session, token, {
          maxAgeSeconds: SESSION_DAYS * 86_400,
          secure: this.#secure(request),
        }),
      )
      .header('cache-control', 'no-store')
      .redirect(`/dashboard?lang=${language}`, 303);
  }

  endSession(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    return reply.header(
      'set-cookie',
      cookieHeader(this.#names.session, '', { maxAgeSeconds: 0, secure: this.#secure(request) }),
    );
  }

  texts(language: Language): WebTexts {
    return WEB_TEXTS[language];
  }

  origin(request: FastifyRequest): { address: string; userAgent: string | null } {
    return { address: request.ip, userAgent: request.headers['user-agent'] ?? null };
  }

  #secure(request: FastifyRequest): boolean {
    return secureCookies(this.#options.baseUrl, request.ip);
  }

  /** The browser's CSRF cookie when it has the shape of one this server makes. */
  #browserNonce(request: FastifyRequest): string | undefined {
    const value = cookies(request).get(this.#names.csrf);
    return isSecretToken(value) ? value : undefined;
  }
}

export function createWebContext(options: WebContextOptions): WebContext {
  return new WebContext(options);
}
