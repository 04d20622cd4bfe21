import { createTransport } from 'nodemailer';
import type { AccountMail } from '../accounts/web-accounts.js';
import type { Language } from '../i18n/language.js';
import { composeMail } from './messages.js';

export interface MailerOptions {
  /** SMTP_URL (`smtp://user:pass@host:587`, `smtps://...`); unset: mails go to the log. */
  smtpUrl: string | undefined;
  /** The sender (MAIL_FROM). */
  from: string;
  /** BASE_URL: links point here. */
  baseUrl: string;
  /** Where a mail goes when there is no SMTP server (development): the server's log, at info. */
  log: (entry: { to: string; subject: string; link: string }, message: string) => void;
}

export interface Mailer {
  /** Sends the account mail in `language`; resolves once the SMTP server accepted it. */
  send(mail: AccountMail, language: Language): Promise<void>;
  close(): void;
}

/**
 * Account mail through SMTP (nodemailer), or into the log when SMTP_URL is unset, so a
 * development server needs no mail server: the link is in its output (docs/accounts.md).
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport = options.smtpUrl ? createTransport(options.smtpUrl) : null;
  return {
    async send(mail, language) {
      const link = `${options.baseUrl}${mail.path}`;
      const { subject, text } = composeMail(mail.kind, link, language);
      if (!transport) {
        options.log({ to: mail.to, subject, link }, 'mail not sent (SMTP_URL is not set)');
        return;
      }
      await transport.sendMail({ from: options.from, to: mail.to, subject, text });
    },
    close() {
      transport?.close();
    },
  };
}
