import type { Language } from '../i18n/language.js';

/** The texts of the dashboard's parts (the frame's and the sign-in pages' are in texts.ts). */
export interface DashboardTexts {
  allowances: string;
  dailyQuota: string;
  perMinute: string;
  freeMatchList: string;
  requestsPerDay: string;
  requestsPerMinute: string;
  status: Record<'active' | 'expired' | 'revoked', string>;
  createKey: string;
  replaceKey: string;
  expiresOptional: string;
  replaceWarning: string;
  confirmBox: string;
  notConfirmed: string;
  newKey: string;
  newKeyOnce: string;
  backToDashboard: string;
  keyLimit: string;
  allowlist: string;
  allowlistIntro: string;
  allowlistEmpty: string;
  allowlistEntry: string;
  allowlistAdd: string;
  allowlistRemove: string;
  allowlistFull: string;
  allowlistNeedsKey: string;
  allowlistApplied: string;
  noSuchEntry: string;
  changePlan: string;
  seePrices: string;
  monthly: string;
  yearly: string;
  upgradeTo: string;
  upgradeRule: string;
  downgradeTo: string;
  downgradeRule: string;
  cancelPlan: string;
  cancelRule: string;
  resumePlan: string;
  resumeRule: string;
  awaitingPayment: string;
  grace: string;
  graceRule: string;
  providerDown: string;
  upgradeRequested: string;
  toPayment: string;
  toPaymentHint: string;
  planChanged: string;
  usage: string;
  dailyCaption: string;
  day: string;
  planRequests: string;
  freeRequests: string;
  quotaLine: string;
  freeQuotaLine: string;
  minutesCaption: string;
  hour: string;
  busiestMinute: string;
  requests: string;
  limitLine: string;
  ofLimit: string;
}

const EN: DashboardTexts = {
  allowances: 'Allowances',
  dailyQuota: 'Plan requests per day',
  perMinute: 'Requests per minute',
  freeMatchList: 'Free match-list requests per day',
  requestsPerDay: '{n} per Hong Kong day',
  requestsPerMinute: '{n} per minute',
  status: { active: 'active', expired: 'expired', revoked: 'revoked' },
  createKey: 'Create my key',
  replaceKey: 'Replace the key',
  expiresOptional: 'Expiry date (optional, YYYY-MM-DD, Hong Kong)',
  replaceWarning:
    'Replacing issues a new key and revokes this one at once; the allowlist moves to the new key.',
  confirmBox: 'I understand',
  notConfirmed: 'Tick the box to confirm, then submit again.',
  newKey: 'Your new API key',
  newKeyOnce:
    'Copy it now and keep it safe: it will not be shown again. Send it in the X-API-Key header.',
  backToDashboard: 'Back to the dashboard',
  keyLimit: 'This account already holds a key: replace it instead.',
  allowlist: 'Allowlist',
  allowlistIntro:
    'With entries, the key works only from these addresses (IPv4 /24 or narrower, IPv6 /48 or narrower). Empty: from anywhere. Changes apply within {n} seconds.',
  allowlistEmpty: 'No entries: the key works from any address.',
  allowlistEntry: 'Address or range',
  allowlistAdd: 'Add',
  allowlistRemove: 'Remove',
  allowlistFull: 'The list is full: your plan allows {n} entries per key.',
  allowlistNeedsKey: 'Create a key first: the allowlist belongs to it.',
  allowlistApplied: 'Saved. The change applies within {n} seconds.',
  noSuchEntry: 'That entry is not on the list.',
  changePlan: 'Change plan',
  seePrices: 'Prices',
  monthly: 'Monthly',
  yearly: 'Yearly',
  upgradeTo: 'Upgrade to {tier}',
  upgradeRule:
    'The new allowances apply as soon as the payment is confirmed; the new price applies from the next renewal.',
  downgradeTo: 'Downgrade to {tier}',
  downgradeRule: 'You keep {tier} until the period ends on {date}; the lower plan starts then.',
  cancelPlan: 'Cancel the plan',
  cancelRule:
    'Nothing renews: you keep {tier} until {date}, then the account is on Free. Your key keeps working.',
  resumePlan: 'Keep my plan',
  resumeRule: 'Undo the pending change: the plan renews on {date} as before.',
  awaitingPayment:
    'An upgrade to {tier} is waiting for its payment to be confirmed (reference {ref}). Your allowances change once it is.',
  grace: 'Renewal payment failed',
  graceRule: 'the plan stays until {date}, then the account is on Free unless the payment arrives',
  providerDown: 'The payment provider did not answer. Nothing was changed; try again later.',
  upgradeRequested: 'Upgrade requested. The allowances change when the payment is confirmed.',
  toPayment: 'Continue to the payment page',
  toPaymentHint:
    'You are being taken to our payment provider to pay for the upgrade. If nothing happens, follow the link.',
  planChanged: 'Saved. The plan page shows what happens at the period end.',
  usage: 'Usage',
  dailyCaption: 'Requests per Hong Kong day, last 30 days',
  day: 'Day (HKT)',
  planRequests: 'Plan requests',
  freeRequests: 'Free match-list requests',
  quotaLine: 'Daily quota',
  freeQuotaLine: 'Free match-list allowance',
  minutesCaption: "Today's busiest minute of each hour (Hong Kong time)",
  hour: 'Hour (HKT)',
  busiestMinute: 'Busiest minute',
  requests: 'Requests',
  limitLine: 'Per-minute limit',
  ofLimit: 'of {n}',
};

const ZH_CN: DashboardTexts = {
  allowances: '额度',
  dailyQuota: '每日套餐请求',
  perMinute: '每分钟请求',
  freeMatchList: '每日免费赛事列表请求',
  requestsPerDay: '每个香港日 {n} 次',
  requestsPerMinute: '每分钟 {n} 次',
  status: { active: '有效', expired: '已过期', revoked: '已撤销' },
  createKey: '创建我的密钥',
  replaceKey: '更换密钥',
  expiresOptional: '到期日（可选，YYYY-MM-DD，香港时间）',
  replaceWarning: '更换会签发新密钥并立即撤销当前密钥；白名单转移到新密钥。',
  confirmBox: '我明白',
  notConfirmed: '请勾选确认框后再提交。',
  newKey: '您的新 API 密钥',
  newKeyOnce: '请立即复制并妥善保存：它不会再次显示。请在 X-API-Key 请求头中发送。',
  backToDashboard: '返回控制台',
  keyLimit: '此账户已有密钥：请改为更换密钥。',
  allowlist: 'IP 白名单',
  allowlistIntro:
    '有条目时，密钥只能从这些地址使用（IPv4 /24 或更窄，IPv6 /48 或更窄）。为空则不限地址。更改在 {n} 秒内生效。',
  allowlistEmpty: '没有条目：密钥可从任何地址使用。',
  allowlistEntry: '地址或网段',
  allowlistAdd: '添加',
  allowlistRemove: '删除',
  allowlistFull: '白名单已满：您的套餐每个密钥最多 {n} 个条目。',
  allowlistNeedsKey: '请先创建密钥：白名单属于密钥。',
  allowlistApplied: '已保存，更改在 {n} 秒内生效。',
  noSuchEntry: '白名单中没有该条目。',
  changePlan: '更改套餐',
  seePrices: '价格',
  monthly: '按月',
  yearly: '按年',
  upgradeTo: '升级到 {tier}',
  upgradeRule: '付款确认后新额度立即生效；新价格从下次续订起计算。',
  downgradeTo: '降级到 {tier}',
  downgradeRule: '在 {date} 周期结束前仍保留 {tier}；之后改为较低套餐。',
  cancelPlan: '取消套餐',
  cancelRule: '不再续订：{date} 前仍保留 {tier}，之后账户转为 Free。密钥继续有效。',
  resumePlan: '保留我的套餐',
  resumeRule: '撤销待生效的更改：套餐照常在 {date} 续订。',
  awaitingPayment: '升级到 {tier} 正在等待付款确认（参考号 {ref}）。确认后额度才会改变。',
  grace: '续订付款失败',
  graceRule: '套餐保留至 {date}，如仍未付款则账户转为 Free',
  providerDown: '支付服务没有响应，未做任何更改，请稍后再试。',
  upgradeRequested: '已申请升级，付款确认后额度才会改变。',
  toPayment: '前往付款页面',
  toPaymentHint: '正在前往付款服务商的页面支付升级费用。如果页面没有跳转，请点击链接。',
  planChanged: '已保存。套餐部分显示周期结束时的变化。',
  usage: '用量',
  dailyCaption: '最近 30 个香港日的每日请求',
  day: '日期（香港时间）',
  planRequests: '套餐请求',
  freeRequests: '免费赛事列表请求',
  quotaLine: '每日配额',
  freeQuotaLine: '免费赛事列表额度',
  minutesCaption: '今天每小时最繁忙一分钟的请求数（香港时间）',
  hour: '小时（香港时间）',
  busiestMinute: '最繁忙的一分钟',
  requests: '请求数',
  limitLine: '每分钟上限',
  ofLimit: '共 {n}',
};

const ZH_HK: DashboardTexts = {
  allowances: '額度',
  dailyQuota: '每日計劃請求',
  perMinute: '每分鐘請求',
  freeMatchList: '每日免費賽事列表請求',
  requestsPerDay: '每個香港日 {n} 次',
  requestsPerMinute: '每分鐘 {n} 次',
  status: { active: '有效', expired: '已過期', revoked: '已撤銷' },
  createKey: '建立我的金鑰',
  replaceKey: '更換金鑰',
  expiresOptional: '到期日（可選，YYYY-MM-DD，香港時間）',
  replaceWarning: '更換會簽發新金鑰並立即撤銷目前的金鑰；白名單轉移到新金鑰。',
  confirmBox: '我明白',
  notConfirmed: '請剔選確認方格後再提交。',
  newKey: '您的新 API 金鑰',
  newKeyOnce: '請立即複製並妥善保存：它不會再次顯示。請在 X-API-Key 標頭中發送。',
  backToDashboard: '返回控制台',
  keyLimit: '此帳戶已有金鑰：請改為更換金鑰。',
  allowlist: 'IP 白名單',
  allowlistIntro:
    '有條目時，金鑰只能從這些地址使用（IPv4 /24 或更窄，IPv6 /48 或更窄）。留空則不限地址。更改在 {n} 秒內生效。',
  allowlistEmpty: '沒有條目：金鑰可從任何地址使用。',
  allowlistEntry: '地址或網段',
  allowlistAdd: '加入',
  allowlistRemove: '移除',
  allowlistFull: '白名單已滿：您的計劃每個金鑰最多 {n} 個條目。',
  allowlistNeedsKey: '請先建立金鑰：白名單屬於金鑰。',
  allowlistApplied: '已儲存，更改在 {n} 秒內生效。',
  noSuchEntry: '白名單中沒有該條目。',
  changePlan: '更改計劃',
  seePrices: '價格',
  monthly: '按月',
  yearly: '按年',
  upgradeTo: '升級到 {tier}',
  upgradeRule: '付款確認後新額度即時生效；新價格由下次續期起計算。',
  downgradeTo: '降級到 {tier}',
  downgradeRule: '在 {date} 週期結束前仍保留 {tier}；之後改為較低計劃。',
  cancelPlan: '取消計劃',
  cancelRule: '不再續期：{date} 前仍保留 {tier}，之後帳戶轉為 Free。金鑰繼續有效。',
  resumePlan: '保留我的計劃',
  resumeRule: '撤銷待生效的更改：計劃照常在 {date} 續期。',
  awaitingPayment: '升級到 {tier} 正在等待付款確認（參考編號 {ref}）。確認後額度才會改變。',
  grace: '續期付款失敗',
  graceRule: '計劃保留至 {date}，如仍未付款則帳戶轉為 Free',
  providerDown: '付款服務沒有回應，未作任何更改，請稍後再試。',
  upgradeRequested: '已申請升級，付款確認後額度才會改變。',
  toPayment: '前往付款頁面',
  toPaymentHint: '正在前往付款服務商的頁面支付升級費用。如果頁面沒有跳轉，請點擊連結。',
  planChanged: '已儲存。計劃部分顯示週期結束時的變化。',
  usage: '用量',
  dailyCaption: '最近 30 個香港日的每日請求',
  day: '日期（香港時間）',
  planRequests: '計劃請求',
  freeRequests: '免費賽事列表請求',
  quotaLine: '每日配額',
  freeQuotaLine: '免費賽事列表額度',
  minutesCaption: '今日每小時最繁忙一分鐘的請求數（香港時間）',
  hour: '小時（香港時間）',
  busiestMinute: '最繁忙的一分鐘',
  requests: '請求數',
  limitLine: '每分鐘上限',
  ofLimit: '共 {n}',
};

export const DASHBOARD_TEXTS: Record<Language, DashboardTexts> = {
  en: EN,
  'zh-CN': ZH_CN,
  'zh-HK': ZH_HK,
};

/** A text with its `{name}` placeholders filled in. */
export const fill = (text: string, values: Record<string, string>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A text with its `{n}` filled in. */
export const withCount = (text: string, n: number): string =>
  text.replace('{n}', n.toLocaleString('en'));
