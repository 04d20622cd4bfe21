/** The languages touchline serves (DECISIONS.md "Languages"); field names are never translated. */
export const LANGUAGES = ['en', 'zh-CN', 'zh-HK'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** A requested tag -> the language that serves it, or null when none does. */
export function supportedLanguage(tag: string): Language | null {
  const lower = tag.toLowerCase();
  if (lower === 'en' || lower.startsWith('en-')) {
    return 'en';
  }
  // Traditional script or regions that write it: served from the zh-HK texts.
  if (/^zh-(hk|tw|mo|hant)(-|$)/.test(lower)) {
    return 'zh-HK';
  }
  if (lower === 'zh' || /^zh-(cn|sg|hans)(-|$)/.test(lower)) {
    return 'zh-CN';
  }
  return null;
}

/** Picks the first of a name's translations that exists, falling back to English. */
export function localized(
  names: { en: string; 'zh-CN'?: string | null; 'zh-HK'?: string | null },
  language: Language,
): string {
  return (language === 'en' ? names.en : names[language]) ?? names.en;
}
