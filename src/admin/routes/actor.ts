import type { ChangeAuthor } from '../../accounts/audit.js';

/** Who the audit records name for changes made through the admin API. */
export const adminActor = (address: string): ChangeAuthor => ({
  actor: 'admin-api',
  address,
});
