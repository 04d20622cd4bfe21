import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import { DEFAULT_LANGUAGE, type Language, supportedLanguage } from '../src/i18n/language.js';
import { routeConfigOf } from './route-config.js';

/**
 * DECISIONS.md "Languages": `Accept-Language` with q-values; zh-TW and zh-Hant are served in
 * zh-HK, zh and zh-Hans in zh-CN; default English.
 */
export function negotiateLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (!header) {
    return DEFAULT_LANGUAGE;
  }
  if (header.length > MAX_CACHED_HEADER) {
    return rankedLanguage(header);
  }
  let language = negotiated.get(header);
  if (!language) {
    language = rankedLanguage(header);
    negotiated.set(header, language);
  }
  return language;
}

/** Clients send the same few headers again and again: each is parsed once. */
const negotiated = new LRUCache<string, Language>({ max: 1000 });

/** Longer headers are parsed every time rather than kept (a cache key is client text). */
const MAX_CACHED_HEADER = 200;

function rankedLanguage(header: string): Language {
  const ranked = new Negotiator({ headers: { 'accept-language': header } }).languages();
  for (const tag of ranked) {
    const language = supportedLanguage(tag);
    if (language) {
      return language;
    }
  }
  return DEFAULT_LANGUAGE;
}

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
