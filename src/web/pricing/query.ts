import { ApiError } from '../../errors/api-error.js';
import { type Language, supportedLanguage } from '../../i18n/language.js';

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

interface PricingQuery {
  /** Absent: the language comes from `Accept-Language`. */
  language?: Language;
  period: BillingPeriod;
}

/** Longer values are not echoed back in the problem's detail. */
const MAX_ECHOED = 40;

function invalid(parameter: 'lang' | 'period', value: unknown, allowed: string): ApiError {
  const shown =
    typeof value === 'string' && value.length <= MAX_ECHOED
      ? `'${value}'`
      : 'a value it does not know';
  const reason = Array.isArray(value) ? 'was given more than once' : `was ${shown}`;
  return new ApiError('invalid_parameter', `Parameter '${parameter}' ${reason}: use ${allowed}`, {
    parameter,
  });
}

/**
 * docs/decisions.md "Accounts on the web": `lang` and `period` are explicit choices, so a value
 * the page cannot honour is 400 `invalid_parameter` naming it rather than a silent fallback
 * (`Accept-Language`, a preference list, still falls back to English). `lang` takes the API's
 * codes and their aliases, in any case (`zh-TW` is zh-HK, `zh-Hans` is zh-CN). Any other
 * parameter is ignored, as on /v1.
 */
export function parsePricingQuery(query: Record<string, unknown>): PricingQuery {
  const { lang, period } = query;
  let language: Language | null = null;
  if (lang !== undefined) {
    language = typeof lang === 'string' ? supportedLanguage(lang) : null;
    if (!language) {
      throw invalid('lang', lang, 'en, zh-CN or zh-HK');
    }
  }
  if (period !== undefined && !BILLING_PERIODS.includes(period as BillingPeriod)) {
    throw invalid('period', period, 'monthly or yearly');
  }
  return {
    ...(language ? { language } : {}),
    period: (period as BillingPeriod | undefined) ?? 'monthly',
  };
}
