import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';
import { DEFAULT_LANGUAGE, type Language, supportedLanguage } from './language.js';

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

/**
 * DECISIONS.md "Languages": an `Accept-Language` value with q-values -> the language served;
 * zh-TW and zh-Hant are served in zh-HK, zh and zh-Hans in zh-CN; default English.
 */
export function languageOfHeader(header: string | undefined): Language {
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
