import type { AuditActor } from '../../services/audit.js';

/** Who the audit records name for changes made through the admin API. */
export const adminActor = (address: string): AuditActor => ({
  actor: 'operator:admin-api',
  address,
});
