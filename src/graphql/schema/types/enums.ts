import { EVENT_TYPES, MATCH_STATUSES, ODDS_MARKETS, SIDES } from '../../../football/vocabulary.js';
import { LANGUAGES } from '../../../i18n/language.js';
import { builder } from '../builder.js';

/**
 * `own_goal` -> `OWN_GOAL`, `zh-CN` -> `ZH_CN`, `halfWin` -> `HALF_WIN`: GraphQL enum names for
 * the REST values.
 */
export const enumName = (value: string) =>
  value
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]/g, '_')
    .toUpperCase();

/** An enum whose internal values are the REST strings, so resolvers pass REST values through. */
export function restEnum<const T extends string>(
  name: string,
  values: readonly T[],
  description: string,
) {
  const entries = values.map((value) => [enumName(value), { value }] as const);
  return builder.enumType(name, {
    description,
    values: Object.fromEntries(entries) as Record<string, { value: T }>,
  });
}

export const MatchStatusEnum = restEnum(
  'MatchStatus',
  MATCH_STATUSES,
  'Half-time is LIVE with minute "HT" (DECISIONS.md "Matches").',
);
export const EventTypeEnum = restEnum('EventType', EVENT_TYPES, 'What happened at an event.');
export const SideEnum = restEnum('Side', SIDES, 'Which team.');
export const ResultEnum = restEnum('Result', ['W', 'D', 'L'], 'Win, draw or loss.');
export const OddsMarketEnum = restEnum(
  'OddsMarket',
  ODDS_MARKETS,
  'HAD: 1X2, HDP: Asian handicap, HILO: total goals.',
);
export const LanguageEnum = restEnum(
  'Language',
  LANGUAGES,
  'EN, ZH_CN (simplified) or ZH_HK (traditional Chinese).',
);
export const TierEnum = restEnum('Tier', ['Free', 'Plus', 'Pro'], 'A plan tier.');
export const BillingPeriodEnum = restEnum(
  'BillingPeriod',
  ['monthly', 'yearly'],
  'Billing period.',
);
export const ReportKindEnum = restEnum('ReportKind', ['basic', 'deep'], 'AI report depth.');
