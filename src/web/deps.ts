import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ManagementServices } from '../accounts/management.js';
import type { AccountMail } from '../accounts/web-accounts.js';
import type { Language } from '../i18n/language.js';
import type { ChartAssets } from './chart-assets.js';
import type { WebContext } from './context.js';
import type { DashboardViews } from './dashboard-view.js';

/** The services the account pages use: the same the CLI and the admin API use. */
export type WebServices = Pick<
  ManagementServices,
  | 'webAccounts'
  | 'webSessions'
  | 'subscriptions'
  | 'keys'
  | 'accounts'
  | 'allowlist'
  | 'billing'
  | 'usage'
>;

/** What each group of account pages is given by the plugin. */
export interface WebPageDeps {
  web: WebContext;
  services: WebServices;
  /** The dashboard's reads of an account, kept a few seconds (dashboard-view.ts). */
  views: DashboardViews;
  /** uPlot and our chart script, served from here (chart-assets.ts). */
  charts: ChartAssets;
  limits: {
    /** Counts a sign-up or sign-in attempt; false after answering 429 itself. */
    admit(
      request: FastifyRequest,
      reply: FastifyReply,
      email: string,
      language: Language,
    ): Promise<boolean>;
  };
  /** Sends an account mail without making the answer wait for it (no timing tells). */
  deliver(request: FastifyRequest, mail: AccountMail, language: Language): void;
  /**
   * Prepares a mail (or decides there is none) and sends it after the answer: the answer's
   * work is the same whatever `prepare` finds (no timing tells, issue 46).
   */
  deliverLater(
    request: FastifyRequest,
    prepare: () => Promise<AccountMail | null>,
    language: Language,
  ): void;
}
