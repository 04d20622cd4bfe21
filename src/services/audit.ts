import type { Prisma } from '../db/generated/client.js';

type Tx = Prisma.TransactionClient;

/** Who made a change: `operator:cli`, `operator:admin-api`, `stripe`, `account:<id>`, ... */
export interface AuditActor {
  actor: string;
  /** The address the change came from, when it came over the network. */
  address?: string | null;
}

export interface AuditEntry extends AuditActor {
  accountId: number | null;
  /** What changed, as `area.verb`: `plan.upgrade`, `billing.confirm`, `key.create`, ... */
  action: string;
  detail?: Prisma.InputJsonValue | null;
}

/**
 * DECISIONS.md "Accounts on the web": every change to keys, allowlists and plans leaves a record.
 * Written in the change's own transaction, so there is never a change without its record.
 */
export async function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  await tx.auditRecord.create({
    data: {
      accountId: entry.accountId,
      actor: entry.actor,
      action: entry.action,
      ...(entry.detail !== undefined && entry.detail !== null ? { detail: entry.detail } : {}),
      address: entry.address ?? null,
    },
  });
}

export interface AuditView {
  id: number;
  accountId: number | null;
  actor: string;
  action: string;
  detail?: unknown;
  address?: string;
  createdAt: string;
}

/** An account's audit records, newest first. */
export async function listAudit(
  db: Pick<Tx, 'auditRecord'>,
  accountId: number,
  limit = 100,
): Promise<AuditView[]> {
  const rows = await db.auditRecord.findMany({
    where: { accountId },
    orderBy: { id: 'desc' },
    take: limit,
  });
  return rows.map((r) => ({
    id: r.id,
    accountId: r.accountId,
    actor: r.actor,
    action: r.action,
    ...(r.detail !== null ? { detail: r.detail } : {}),
    ...(r.address ? { address: r.address } : {}),
    createdAt: r.createdAt.toISOString(),
  }));
}
