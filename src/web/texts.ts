import type { Language } from '../i18n/language.js';

/** Every text of the sign-up, sign-in and landing pages, in the three served languages. */
export interface WebTexts {
  signUp: string;
  signIn: string;
  signOut: string;
  dashboard: string;
  email: string;
  password: string;
  signUpIntro: string;
  passwordOptional: string;
  createAccount: string;
  haveAccount: string;
  noAccount: string;
  byPassword: string;
  byLink: string;
  sendLink: string;
  checkInbox: string;
  signUpSent: string;
  linkSent: string;
  wrongCredentials: string;
  linkInvalid: string;
  confirmEmail: string;
  confirmEmailBody: string;
  confirm: string;
  linkSignInBody: string;
  invite: string;
  inviteBody: string;
  accept: string;
  formExpired: string;
  tooMany: string;
  failed: string;
  plan: string;
  periodEnd: string;
  noPeriod: string;
  atPeriodEnd: { renews: string; cancels: string; changes: string };
  key: string;
  noKey: string;
  created: string;
  expires: string;
  never: string;
}

const EN: WebTexts = {
  signUp: 'Sign up',
  signIn: 'Sign in',
  signOut: 'Sign out',
  dashboard: 'Dashboard',
  email: 'E-mail',
  password: 'Password',
  signUpIntro: 'A Free account: we e-mail you a link to confirm your address.',
  passwordOptional: 'Optional, at least 12 characters. Without one, you sign in by e-mailed links.',
  createAccount: 'Create account',
  haveAccount: 'Already have an account? Sign in',
  noAccount: 'No account yet? Sign up',
  byPassword: 'With your password',
  byLink: 'Or with a link sent to your e-mail',
  sendLink: 'E-mail me a link',
  checkInbox: 'Check your e-mail',
  signUpSent: 'We sent a message to that address. Follow its link to continue.',
  linkSent:
    'If an account uses that address, a sign-in link is on its way. It works for 15 minutes.',
  wrongCredentials: 'That e-mail and password do not match a confirmed account.',
  linkInvalid: 'This link cannot be used: it was used already, it expired, or it is incomplete.',
  confirmEmail: 'Confirm your e-mail',
  confirmEmailBody: 'Confirm that {email} is yours. This also signs you in.',
  confirm: 'Confirm',
  linkSignInBody: 'Sign in as {email}.',
  invite: 'Accept the invitation',
  inviteBody: 'You are invited to own a touchline account as {email}.',
  accept: 'Accept and sign in',
  formExpired: 'This form expired. Go back, reload the page and try again.',
  tooMany: 'Too many attempts. Wait a minute and try again.',
  failed: 'Something went wrong on our side. Please try again later.',
  plan: 'Plan',
  periodEnd: 'Current period ends',
  noPeriod: 'No paid period',
  atPeriodEnd: {
    renews: 'then renews',
    cancels: 'then ends (cancelled)',
    changes: 'then changes to',
  },
  key: 'API key',
  noKey: 'No key yet.',
  created: 'Created',
  expires: 'Expires',
  never: 'never',
};

const ZH_CN: WebTexts = {
  signUp: '注册',
  signIn: '登录',
  signOut: '退出登录',
  dashboard: '控制台',
  email: '电子邮件',
  password: '密码',
  signUpIntro: '免费账户：我们会发送链接到您的邮箱以确认地址。',
  passwordOptional: '可选，至少 12 个字符。不设密码则通过邮件链接登录。',
  createAccount: '创建账户',
  haveAccount: '已有账户？登录',
  noAccount: '还没有账户？注册',
  byPassword: '使用密码',
  byLink: '或使用发送到邮箱的链接',
  sendLink: '发送登录链接',
  checkInbox: '请查收邮件',
  signUpSent: '我们已向该地址发送邮件，请打开其中的链接继续。',
  linkSent: '如果有账户使用该地址，登录链接已发出，15 分钟内有效。',
  wrongCredentials: '该电子邮件和密码与已确认的账户不符。',
  linkInvalid: '此链接无法使用：已被使用、已过期或不完整。',
  confirmEmail: '确认电子邮件',
  confirmEmailBody: '请确认 {email} 是您的地址。确认后将同时登录。',
  confirm: '确认',
  linkSignInBody: '以 {email} 登录。',
  invite: '接受邀请',
  inviteBody: '邀请您以 {email} 成为一个 touchline 账户的所有者。',
  accept: '接受并登录',
  formExpired: '表单已过期，请返回、刷新页面后重试。',
  tooMany: '尝试次数过多，请一分钟后再试。',
  failed: '我们这边出了问题，请稍后再试。',
  plan: '套餐',
  periodEnd: '当前周期结束',
  noPeriod: '无付费周期',
  atPeriodEnd: { renews: '之后自动续订', cancels: '之后结束（已取消）', changes: '之后改为' },
  key: 'API 密钥',
  noKey: '尚无密钥。',
  created: '创建于',
  expires: '到期',
  never: '永不',
};

const ZH_HK: WebTexts = {
  signUp: '註冊',
  signIn: '登入',
  signOut: '登出',
  dashboard: '控制台',
  email: '電郵',
  password: '密碼',
  signUpIntro: '免費帳戶：我們會發送連結到您的電郵以確認地址。',
  passwordOptional: '可選，至少 12 個字元。不設密碼則透過電郵連結登入。',
  createAccount: '建立帳戶',
  haveAccount: '已有帳戶？登入',
  noAccount: '還沒有帳戶？註冊',
  byPassword: '使用密碼',
  byLink: '或使用發送到電郵的連結',
  sendLink: '發送登入連結',
  checkInbox: '請查閱電郵',
  signUpSent: '我們已向該地址發送郵件，請打開其中的連結繼續。',
  linkSent: '如果有帳戶使用該地址，登入連結已發出，15 分鐘內有效。',
  wrongCredentials: '該電郵和密碼與已確認的帳戶不符。',
  linkInvalid: '此連結無法使用：已被使用、已過期或不完整。',
  confirmEmail: '確認電郵',
  confirmEmailBody: '請確認 {email} 是您的地址。確認後將同時登入。',
  confirm: '確認',
  linkSignInBody: '以 {email} 登入。',
  invite: '接受邀請',
  inviteBody: '邀請您以 {email} 成為一個 touchline 帳戶的擁有人。',
  accept: '接受並登入',
  formExpired: '表格已過期，請返回、重新載入頁面後再試。',
  tooMany: '嘗試次數過多，請一分鐘後再試。',
  failed: '我們這邊出了問題，請稍後再試。',
  plan: '計劃',
  periodEnd: '目前週期結束',
  noPeriod: '沒有付費週期',
  atPeriodEnd: { renews: '之後自動續期', cancels: '之後結束（已取消）', changes: '之後改為' },
  key: 'API 金鑰',
  noKey: '尚未有金鑰。',
  created: '建立於',
  expires: '到期',
  never: '永不',
};

export const WEB_TEXTS: Record<Language, WebTexts> = { en: EN, 'zh-CN': ZH_CN, 'zh-HK': ZH_HK };
