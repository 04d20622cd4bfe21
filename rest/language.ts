import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { DEFAULT_LANGUAGE, type Language, supportedLanguage } from '../src/i18n/language.js';

/**
 * DECISIONS.md "Languages": `Accept-Language` with q-values; zh-TW and zh-Hant are served in
 * zh-HK, zh and zh-Hans in zh-CN; default English.
 */
export function negotiateLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (!header) {
    return DEFAULT_LANGUAGE;
  }
  const ranked = new Negotiator({ headers: { 'accept-language': header } }).languages();
  for (const tag of ranked) {
    const language = supportedLanguage(tag);
    if (language) {
      return language;
    }
  }
  return DEFAULT_LANGUAGE;
}

/** Says which language was served; caches must key on the request's Accept-Language. */
export function setContentLanguage(reply: FastifyReply, served: Language): void {
  reply.header('content-language', served);
  reply.header('vary', 'Accept-Language');
}
