import type { EmailToken, EmailTokenPurpose, Prisma } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { hashSecretToken, isSecretToken, newSecretToken } from './secret-token.js';

type Tx = Prisma.TransactionClient;

/**
 * How long each kind of e-mailed link works (DECISIONS.md "Accounts on the web": a sign-in link
 * 15 minutes; docs/accounts.md for the others).
 */
const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  sign_in_link: 15 * 60_000,
  verify_email: 24 * 3_600_000,
  invite: 7 * 86_400_000,
};

export interface IssuedToken {
  /** The link's code: goes into the e-mail only, never stored. */
  code: string;
  email: string;
  purpose: EmailTokenPurpose;
}

/** Stores a new one-time token (its hash) and returns the code for the link. */
export async function issueEmailToken(
  tx: Tx,
  at: Date,
  token: { accountId: number; purpose: EmailTokenPurpose; email: string },
): Promise<IssuedToken> {
  const code = newSecretToken();
  await tx.emailToken.create({
    data: {
      id: hashSecretToken(code),
      accountId: token.accountId,
      purpose: token.purpose,
      email: token.email,
      createdAt: at,
      expiresAt: new Date(at.getTime() + TOKEN_LIFETIME_MS[token.purpose]),
    },
  });
  return { code, email: token.email, purpose: token.purpose };
}

const invalidLink = () =>
  new ApiError('invalid_parameter', 'This link is not valid: it was used, expired or mistyped', {
    parameter: 'code',
  });

/** A usable token (not used, not expired) without using it: what a confirmation page shows. */
export async function peekEmailToken(
  tx: Tx,
  at: Date,
  code: unknown,
  purpose: EmailTokenPurpose,
): Promise<EmailToken> {
  const row = isSecretToken(code)
    ? await tx.emailToken.findUnique({ where: { id: hashSecretToken(code) } })
    : null;
  if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt <= at) {
    throw invalidLink();
  }
  return row;
}

/**
 * Uses a token once: one UPDATE that succeeds only while it is unused and unexpired, so of two
 * concurrent uses exactly one wins. Anything else is 400 naming `code`.
 */
export async function consumeEmailToken(
  tx: Tx,
  at: Date,
  code: unknown,
  purpose: EmailTokenPurpose,
): Promise<EmailToken> {
  if (!isSecretToken(code)) {
    throw invalidLink();
  }
  const id = hashSecretToken(code);
  const { count } = await tx.emailToken.updateMany({
    where: { id, purpose, usedAt: null, expiresAt: { gt: at } },
    data: { usedAt: at },
  });
  if (count !== 1) {
    throw invalidLink();
  }
  return tx.emailToken.findUniqueOrThrow({ where: { id } });
}
