import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
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
  let language = negotiated.get(header);
  if (!language) {
    language = rankedLanguage(header);
    negotiated.set(header, language);
  }
  return language;
}

/** Clients send the same few headers again and again: each is parsed once. */
const negotiated = new LRUCache<string, Language>({ max: 1000 });

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

/** Says which language was served; caches must key on the request's Accept-Language. */
export function setContentLanguage(reply: FastifyReply, served: Language): void {
  reply.header('content-language', served);
  reply.header('vary', 'Accept-Language');
}
