import { type EnvOf, text } from './env.js';

/** Where account mail goes, and who sends it. */
export const MAIL_ENV = {
  SMTP_URL: text({ pattern: '^smtps?://[^\\s]+$' }),
  MAIL_FROM: text({ pattern: '^[^\\r\\n]*@[^\\r\\n]*$' }),
} as const;

/** A URL that may carry credentials. */
export const MAIL_SECRETS = ['SMTP_URL'] as const;

export interface MailConfig {
  /**
   * Where account mail (verification, sign-in and invitation links) is sent: SMTP_URL
   * (`smtp://` or `smtps://`, credentials in the URL); unset: each mail is written to the log at
   * info level instead (development; docs/accounts.md). Links start with `baseUrl`.
   */
  readonly smtpUrl: string | undefined;
  /** The sender of account mail (MAIL_FROM; default `touchline <no-reply@BASE_URL's host>`). */
  readonly mailFrom: string;
}

/** The default sender: no-reply at BASE_URL's host name (`localhost` when that is an address). */
function defaultMailFrom(baseUrl: string): string {
  const host = new URL(baseUrl).hostname;
  const domain = /^[0-9.]+$|^\[/.test(host) || !host.includes('.') ? 'localhost' : host;
  return `touchline <no-reply@${domain}>`;
}

/** Mail has no problems of its own; its default sender comes from `baseUrl` (http.ts). */
export function mailConfig(env: EnvOf<typeof MAIL_ENV>, baseUrl: string): MailConfig {
  return { smtpUrl: env.SMTP_URL, mailFrom: env.MAIL_FROM ?? defaultMailFrom(baseUrl) };
}
