import type { Prisma, PrismaClient } from '../db/generated/client.js';

type Tx = Prisma.TransactionClient;

/** Who made a change: `web:<email>` (the dashboard), `cli`, `admin-api`, or a billing provider. */
type AuditActor = `web:${string}` | 'cli' | 'admin-api' | (string & {});

/** Who asks for a change and from where, as the services that record it pass it along. */
export interface ChangeAuthor {
  actor: AuditActor;
  /** The address the change came from; absent or null for the command line. */
  address?: string | null | undefined;
}

interface AuditEntry extends ChangeAuthor {
  accountId: number;
  /** What was done, dotted: `key.create`, `allowlist.add`, `plan.upgrade`, `session.sign_in`. */
  action: string;
  /** The change's particulars (never a secret: no key, no password, no token). */
  detail?: Prisma.InputJsonObject | undefined;
}

export interface AuditView {
  id: number;
  accountId: number;
  actor: string;
  action: string;
  detail: Prisma.JsonValue;
  address: string | null;
  createdAt: string;
}

/**
 * DECISIONS.md "Accounts on the web": every change leaves a record. Written with `tx`, the
 * transaction of the change itself, so a change is never stored without its record.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  const { accountId, actor, action, detail = {}, address = null } = entry;
  await tx.auditRecord.create({ data: { accountId, actor, action, detail, address } });
}

/** An account's audit records, newest first. */
export async function listAudit(
  db: PrismaClient | Tx,
  { accountId, limit = 100 }: { accountId: number; limit?: number },
): Promise<AuditView[]> {
  const rows = await db.auditRecord.findMany({
    where: { accountId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
  });
  return rows.map((row) => ({
    id: row.id,
    accountId: row.accountId,
    actor: row.actor,
    action: row.action,
    detail: row.detail,
    address: row.address,
    createdAt: row.createdAt.toISOString(),
  }));
}
