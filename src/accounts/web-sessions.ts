import type { Prisma, PrismaClient } from '../db/generated/client.js';
import { hashSecretToken, isSecretToken, newSecretToken } from './secret-token.js';

type Tx = Prisma.TransactionClient;

/** docs/accounts.md: a session lasts 30 days from sign-in; signing out ends it at once. */
export const SESSION_DAYS = 30;
/** `lastSeenAt` is written at most this often, not on every page. */
const TOUCH_EVERY_MS = 5 * 60_000;

export interface WebSession {
  /** The stored id (SHA-256 of the cookie's token): what CSRF tokens are bound to. */
  id: string;
  accountId: number;
  email: string;
}

export interface SessionOrigin {
  address: string | null;
  userAgent: string | null;
}

/** Sessions of signed-in browsers, stored server-side; the cookie holds only a random token. */
export function createWebSessionsService({ db, now }: { db: PrismaClient; now: () => Date }) {
  /** A new session for `accountId`; returns the token for the cookie (never stored). */
  async function start(tx: Tx, accountId: number, origin: SessionOrigin): Promise<string> {
    const token = newSecretToken();
    const at = now();
    await tx.webSession.create({
      data: {
        id: hashSecretToken(token),
        accountId,
        createdAt: at,
        lastSeenAt: at,
        expiresAt: new Date(at.getTime() + SESSION_DAYS * 86_400_000),
        address: origin.address,
        userAgent: origin.userAgent?.slice(0, 300) ?? null,
      },
    });
    return token;
  }

  /** The session a cookie's token names, if it is still valid and its owner has an address. */
  async function find(token: unknown): Promise<WebSession | null> {
    if (!isSecretToken(token)) {
      return null;
    }
    const at = now();
    const row = await db.webSession.findUnique({
      where: { id: hashSecretToken(token) },
      include: { account: { select: { email: true } } },
    });
    if (!row || row.expiresAt <= at || !row.account.email) {
      return null;
    }
    if (at.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await db.webSession.updateMany({ where: { id: row.id }, data: { lastSeenAt: at } });
    }
    return { id: row.id, accountId: row.accountId, email: row.account.email };
  }

  /** Ends the session a token names (signing out); an unknown token changes nothing. */
  async function end(token: unknown): Promise<void> {
    if (isSecretToken(token)) {
      await db.webSession.deleteMany({ where: { id: hashSecretToken(token) } });
    }
  }

  /** Ends every session of an account (its owner, e-mail or password changed). */
  async function endAll(tx: Tx, accountId: number): Promise<void> {
    await tx.webSession.deleteMany({ where: { accountId } });
  }

  return { start, find, end, endAll };
}

export type WebSessionsService = ReturnType<typeof createWebSessionsService>;
