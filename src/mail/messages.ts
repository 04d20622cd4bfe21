import type { AccountMail } from '../accounts/web-accounts.js';
import type { Language } from '../i18n/language.js';

interface MailText {
  subject: string;
  text: string;
}

type Kind = AccountMail['kind'];

const EN: Record<Kind, { subject: string; lines: string[] }> = {
  verify: {
    subject: 'Confirm your e-mail address for touchline',
    lines: [
      'Someone (we hope you) signed up for a touchline account with this address.',
      'Open this link within 24 hours to confirm it and sign in:',
    ],
  },
  'already-registered': {
    subject: 'You already have a touchline account',
    lines: [
      'Someone (we hope you) tried to sign up with this address, which already has an account.',
      'To sign in, open this link within 15 minutes:',
    ],
  },
  'sign-in': {
    subject: 'Your touchline sign-in link',
    lines: ['Open this link within 15 minutes to sign in. It works once.'],
  },
  invite: {
    subject: 'You are invited to manage a touchline account',
    lines: [
      'The operator of touchline invited you to become the owner of an account.',
      'Open this link within 7 days to accept and choose a password:',
    ],
  },
};

const ZH_CN: typeof EN = {
  verify: {
    subject: '确认您的 touchline 电子邮件地址',
    lines: [
      '有人（希望是您）用这个地址注册了 touchline 账户。',
      '请在 24 小时内打开以下链接确认并登录：',
    ],
  },
  'already-registered': {
    subject: '您已经有 touchline 账户',
    lines: [
      '有人（希望是您）尝试用这个地址注册，但它已有账户。',
      '如需登录，请在 15 分钟内打开以下链接：',
    ],
  },
  'sign-in': {
    subject: '您的 touchline 登录链接',
    lines: ['请在 15 分钟内打开以下链接登录。链接只能使用一次。'],
  },
  invite: {
    subject: '邀请您管理一个 touchline 账户',
    lines: [
      'touchline 的运营者邀请您成为一个账户的所有者。',
      '请在 7 天内打开以下链接接受邀请并设置密码：',
    ],
  },
};

const ZH_HK: typeof EN = {
  verify: {
    subject: '確認您的 touchline 電郵地址',
    lines: [
      '有人（希望是您）用這個地址註冊了 touchline 帳戶。',
      '請在 24 小時內打開以下連結確認並登入：',
    ],
  },
  'already-registered': {
    subject: '您已經有 touchline 帳戶',
    lines: [
      '有人（希望是您）嘗試用這個地址註冊，但它已有帳戶。',
      '如需登入，請在 15 分鐘內打開以下連結：',
    ],
  },
  'sign-in': {
    subject: '您的 touchline 登入連結',
    lines: ['請在 15 分鐘內打開以下連結登入。連結只能使用一次。'],
  },
  invite: {
    subject: '邀請您管理一個 touchline 帳戶',
    lines: [
      'touchline 的營運者邀請您成為一個帳戶的擁有人。',
      '請在 7 天內打開以下連結接受邀請並設定密碼：',
    ],
  },
};

const IGNORE: Record<Language, string> = {
  en: 'If you did not ask for this, ignore this mail: nothing changes.',
  'zh-CN': '如果这不是您的操作，请忽略本邮件，什么都不会改变。',
  'zh-HK': '如果這不是您的操作，請忽略本郵件，甚麼都不會改變。',
};

const TEXTS: Record<Language, typeof EN> = { en: EN, 'zh-CN': ZH_CN, 'zh-HK': ZH_HK };

/** The mail for `kind` in `language`: plain text with the link on a line of its own. */
export function composeMail(kind: Kind, link: string, language: Language): MailText {
  const { subject, lines } = TEXTS[language][kind];
  return { subject, text: [...lines, '', link, '', IGNORE[language], ''].join('\n') };
}
