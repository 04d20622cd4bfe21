import type { TierName } from '../../accounts/tiers.js';
import type { Language } from '../../i18n/language.js';

/**
 * Every text of the price page, per served language. Numbers and amounts come in already
 * formatted for the language; only the brand, currency codes, the plan names Plus and Pro and
 * the API's own paths stay untranslated.
 */
export interface PricingLabels {
  /** The language's own name, in the language switch. */
  languageName: string;
  title: string;
  heading: string;
  lead: string;
  pricesIn: (currency: string) => string;
  /** Between two sentences: a space in English, nothing after a Chinese full stop. */
  sentenceGap: string;
  languageNav: string;
  periodNav: string;
  monthly: string;
  yearly: string;
  tierNames: Record<TierName, string>;
  recommended: string;
  perMonth: string;
  perYear: string;
  noCharge: string;
  notOffered: string;
  /** Read by screen readers before the struck-through compare-at price. */
  was: string;
  discount: (percent: string) => string;
  yearlyEquivalent: (amount: string) => string;
  yearlySaving: (percent: string) => string;
  orYearly: (amount: string, percent: string) => string;
  allowances: string;
  dailyQuota: (n: string) => string;
  freeMatches: (n: string) => string;
  ratePerMinute: (n: string) => string;
  analysis: (included: boolean) => string;
  keys: (n: string, count: number) => string;
  allowlist: (n: string, count: number) => string;
  resetNote: string;
  propagation: (seconds: string) => string;
  machineReadable: string;
  /** The way in: a Free account, and the dashboard for those who have one. */
  signUp: string;
  signIn: string;
  reference: string;
}

const en: PricingLabels = {
  languageName: 'English',
  title: 'Prices - touchline',
  heading: 'Plans and prices',
  lead: 'The touchline football data API: live scores, fixtures, odds and match analysis.',
  pricesIn: (currency) => `All prices in ${currency}.`,
  sentenceGap: ' ',
  languageNav: 'Language',
  periodNav: 'Billing period',
  monthly: 'Monthly',
  yearly: 'Yearly',
  tierNames: { Free: 'Free', Plus: 'Plus', Pro: 'Pro' },
  recommended: 'Recommended',
  perMonth: 'per month',
  perYear: 'per year',
  noCharge: 'No charge',
  notOffered: 'Not offered for this billing period',
  was: 'Was',
  discount: (p) => `${p}% off`,
  yearlyEquivalent: (amount) => `${amount} per month, billed yearly`,
  yearlySaving: (p) => `Save ${p}% compared with 12 monthly payments`,
  orYearly: (amount, p) => `or ${amount} per year (save ${p}%)`,
  allowances: 'Included',
  dailyQuota: (n) => `${n} requests per day`,
  freeMatches: (n) => `plus ${n} match-list requests per day at no cost`,
  ratePerMinute: (n) => `${n} requests per minute per key`,
  analysis: (included) =>
    included
      ? 'Match analysis: AI reports, tips, handicap, over-under and corners'
      : 'No match analysis',
  keys: (n, count) => `${n} API ${count === 1 ? 'key' : 'keys'}`,
  allowlist: (n, count) => `${n} IP allowlist ${count === 1 ? 'entry' : 'entries'} per key`,
  resetNote: 'Daily allowances reset at 00:00 Hong Kong time (16:00 UTC).',
  propagation: (s) => `Plan and price changes take effect within ${s} seconds.`,
  machineReadable: 'The same figures, machine-readable:',
  signUp: 'Start on Free: sign up with your e-mail',
  signIn: 'Your dashboard (sign in)',
  reference: 'API reference',
};

const zhCN: PricingLabels = {
  languageName: '简体中文',
  title: '价格 - touchline',
  heading: '套餐与价格',
  lead: 'touchline 足球数据接口：即时比分、赛程、赔率与赛事分析。',
  pricesIn: (currency) => `所有价格以 ${currency} 计。`,
  sentenceGap: '',
  languageNav: '语言',
  periodNav: '付费周期',
  monthly: '按月',
  yearly: '按年',
  tierNames: { Free: '免费版', Plus: 'Plus', Pro: 'Pro' },
  recommended: '推荐',
  perMonth: '每月',
  perYear: '每年',
  noCharge: '免费',
  notOffered: '此付费周期不提供',
  was: '原价',
  discount: (p) => `减价 ${p}%`,
  yearlyEquivalent: (amount) => `折合每月 ${amount}，按年付费`,
  yearlySaving: (p) => `比按月付费 12 个月节省 ${p}%`,
  orYearly: (amount, p) => `或每年 ${amount}（节省 ${p}%）`,
  allowances: '包含',
  dailyQuota: (n) => `每天 ${n} 次请求`,
  freeMatches: (n) => `另加每天 ${n} 次免费赛事列表请求`,
  ratePerMinute: (n) => `每个密钥每分钟 ${n} 次请求`,
  analysis: (included) =>
    included ? '赛事分析：人工智能报告、投注分布、让球、大小球与角球' : '不含赛事分析',
  keys: (n) => `${n} 个密钥`,
  allowlist: (n) => `每个密钥可设 ${n} 个允许访问的地址`,
  resetNote: '每日额度于香港时间 00:00（协调世界时 16:00）重置。',
  propagation: (s) => `套餐与价格变更在 ${s} 秒内生效。`,
  machineReadable: '相同数据的机器可读版本：',
  signUp: '从免费版开始：用电子邮件注册',
  signIn: '我的控制台（登录）',
  reference: '接口文档',
};

const zhHK: PricingLabels = {
  languageName: '繁體中文',
  title: '價格 - touchline',
  heading: '計劃與價格',
  lead: 'touchline 足球數據接口：即時比分、賽程、賠率及賽事分析。',
  pricesIn: (currency) => `所有價格以 ${currency} 計算。`,
  sentenceGap: '',
  languageNav: '語言',
  periodNav: '付費週期',
  monthly: '按月',
  yearly: '按年',
  tierNames: { Free: '免費版', Plus: 'Plus', Pro: 'Pro' },
  recommended: '推薦',
  perMonth: '每月',
  perYear: '每年',
  noCharge: '免費',
  notOffered: '此付費週期不提供',
  was: '原價',
  discount: (p) => `減價 ${p}%`,
  yearlyEquivalent: (amount) => `折合每月 ${amount}，按年付費`,
  yearlySaving: (p) => `比按月付費 12 個月節省 ${p}%`,
  orYearly: (amount, p) => `或每年 ${amount}（節省 ${p}%）`,
  allowances: '包括',
  dailyQuota: (n) => `每日 ${n} 次請求`,
  freeMatches: (n) => `另加每日 ${n} 次免費賽事列表請求`,
  ratePerMinute: (n) => `每個密鑰每分鐘 ${n} 次請求`,
  analysis: (included) =>
    included ? '賽事分析：人工智能報告、投注分佈、讓球、大細球及角球' : '不含賽事分析',
  keys: (n) => `${n} 個密鑰`,
  allowlist: (n) => `每個密鑰可設 ${n} 個允許存取的地址`,
  resetNote: '每日額度於香港時間 00:00（協調世界時 16:00）重設。',
  propagation: (s) => `計劃與價格變更於 ${s} 秒內生效。`,
  machineReadable: '相同數據的機器可讀版本：',
  signUp: '由免費版開始：用電郵登記',
  signIn: '我的控制台（登入）',
  reference: '接口參考文件',
};

export const PRICING_LABELS: Readonly<Record<Language, PricingLabels>> = {
  en,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
};
