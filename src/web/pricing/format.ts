import type { Language } from '../../i18n/language.js';

export interface Formatters {
  /** An integer count, grouped as the language writes it (30,000). */
  count(n: number): string;
  /** A price as the API states it: whole amounts without decimals, others with two. */
  amount(value: number, currency: string): string;
  /** A percentage the API computed (already rounded to 2 decimals), without trailing zeros. */
  percent(value: number): string;
}

const whole = new Map<Language, Intl.NumberFormat>();
const cents = new Map<Language, Intl.NumberFormat>();
const upTo2 = new Map<Language, Intl.NumberFormat>();

function cached(
  map: Map<Language, Intl.NumberFormat>,
  language: Language,
  options: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  let format = map.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    map.set(language, format);
  }
  return format;
}

/**
 * Formats only: every figure is the one the plans service computed (DECISIONS.md "Access",
 * pricing figures), never recomputed here. The currency is its ISO code, as the API gives it.
 */
export function formattersFor(language: Language): Formatters {
  const count = cached(whole, language, { maximumFractionDigits: 0 });
  const money = cached(cents, language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const share = cached(upTo2, language, { maximumFractionDigits: 2 });
  return {
    count: (n) => count.format(n),
    amount: (value, currency) =>
      `${currency} ${Number.isInteger(value) ? count.format(value) : money.format(value)}`,
    percent: (value) => share.format(value),
  };
}
