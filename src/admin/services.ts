import type { ManagementServices } from '../accounts/management.js';

/** What the admin routes may use of the management services. */
export type AdminServices = Pick<
  ManagementServices,
  | 'accounts'
  | 'keys'
  | 'allowlist'
  | 'subscriptions'
  | 'planPrices'
  | 'usage'
  | 'audit'
  | 'billing'
  | 'sources'
>;
