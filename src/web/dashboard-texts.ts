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
};

export const DASHBOARD_TEXTS: Record<Language, DashboardTexts> = {
  en: EN,
  'zh-CN': ZH_CN,
  'zh-HK': ZH_HK,
};

/** A text with its `{n}` filled in. */
export const withCount = (text: string, n: number): string =>
  text.replace('{n}', n.toLocaleString('en'));
