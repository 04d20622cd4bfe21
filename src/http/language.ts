import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/language.js';
import { languageOfHeader } from '../i18n/negotiate.js';
import { routeConfigOf } from './route-config.js';

/** The language a request is served in (DECISIONS.md "Languages"). */
export const negotiateLanguage = (request: FastifyRequest): Language =>
  languageOfHeader(request.headers['accept-language']);

/** Says which language was served (a route whose texts fall back, such as the AI reports). */
export function setContentLanguage(reply: FastifyReply, served: Language): void {
  reply.header('content-language', served);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's names follow Accept-Language: every response says the negotiated language. */
    translated?: boolean;
  }
}

/**
 * DECISIONS.md "Languages": every response carries `Content-Language` and `Vary:
 * Accept-Language`. A route set it when it chose the language (AI reports); a translated route
 * serves the negotiated language (errors included); anything else, whose texts exist in English
 * only (bookmakers, plans, problem details), says `en`. Registered before any other onSend hook,
 * so the response cache stores what is sent.
 */
export function registerContentLanguage(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('content-language')) {
      const translated = routeConfigOf(request).translated === true;
      reply.header('content-language', translated ? negotiateLanguage(request) : DEFAULT_LANGUAGE);
    }
    const vary = reply.getHeader('vary');
    if (vary === undefined) {
      reply.header('vary', 'Accept-Language');
    } else if (!/accept-language/i.test(String(vary))) {
      reply.header('vary', `${String(vary)}, Accept-Language`);
    }
    done(null, payload);
  });
}
