import type { EmailToken, Prisma, PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import { insertAccount } from './accounts.js';
import { recordAudit } from './audit.js';
import {
  consumeEmailToken,
  type IssuedToken,
  issueEmailToken,
  peekEmailToken,
} from './email-tokens.js';
import { ensureAccount } from './keys.js';
import { normaliseEmail } from './owner-email.js';
import {
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  verifyPassword,
} from './password-hash.js';
import type { SessionOrigin, WebSessionsService } from './web-sessions.js';

type Tx = Prisma.TransactionClient;

/** What to e-mail, and the link's path on this server (the mailer adds the base URL). */
export interface AccountMail {
  kind: 'verify' | 'sign-in' | 'already-registered' | 'invite';
  to: string;
  path: string;
}

/** A new session: the cookie's token and whose it is. */
export interface SignedIn {
  token: string;
  accountId: number;
  email: string;
}

const LINK_PATH = { verify_email: '/verify', sign_in_link: '/signin/link', invite: '/invite' };

const mailFor = (kind: AccountMail['kind'], issued: IssuedToken): AccountMail => ({
  kind,
  to: issued.email,
  path: `${LINK_PATH[issued.purpose]}?code=${issued.code}`,
});

/** 400 naming `password` unless it has 12 to 256 characters (docs/accounts.md). */
function checkPassword(password: string): string {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH || length > MAX_PASSWORD_LENGTH) {
    throw new ApiError(
      'invalid_parameter',
      `password must have ${MIN_PASSWORD_LENGTH} to ${MAX_PASSWORD_LENGTH} characters`,
      { parameter: 'password' },
    );
  }
  return password;
}

interface WebAccountsDeps {
  db: PrismaClient;
  sessions: WebSessionsService;
  now: () => Date;
}

/**
 * Sign-up: a new Free account (through the accounts service the CLI uses) with a link that
 * verifies its address. An address that already has an account, verified or not (an earlier
 * sign-up, `touchline accounts create --email`), gets a sign-in link instead. No password is
 * taken here: one chosen before the address is proven could be an impostor's (issue 46).
 */
async function signUp(
  { db, now }: WebAccountsDeps,
  input: { email: string },
): Promise<AccountMail> {
  const email = normaliseEmail(input.email);
  const at = now();
  return db.$transaction(async (tx) => {
    const account = await tx.account.findUnique({ where: { email } });
    if (account) {
      const issued = await issueEmailToken(tx, at, {
        accountId: account.id,
        purpose: 'sign_in_link',
        email,
      });
      return mailFor('already-registered', issued);
    }
    const { id } = await insertAccount(tx, 'Free', { email }, at);
    const issued = await issueEmailToken(tx, at, {
      accountId: id,
      purpose: 'verify_email',
      email,
    });
    return mailFor('verify', issued);
  });
}

/**
 * Marks the token's address as the account's verified owner e-mail. The password becomes the
 * one the verifier typed on the link's page; when the owner changes (another address, or one
 * proven for the first time) a password nobody typed here dies, and so do the account's other
 * sessions and outstanding links (issue 46: a change of owner, e-mail or password ends them).
 */
async function proveAddress(
  { sessions, now }: WebAccountsDeps,
  tx: Tx,
  token: EmailToken,
  origin: SessionOrigin,
  passwordHash: string | undefined,
): Promise<void> {
  const account = await tx.account.findUniqueOrThrow({ where: { id: token.accountId } });
  const ownerChanged = account.email !== token.email || !account.emailVerifiedAt;
  if (account.email !== token.email) {
    const holder = await tx.account.findUnique({ where: { email: token.email } });
    if (holder) {
      throw new ApiError('invalid_parameter', 'This address belongs to another account now', {
        parameter: 'code',
      });
    }
  }
  const at = now();
  await tx.account.update({
    where: { id: account.id },
    data: {
      email: token.email,
      emailVerifiedAt: ownerChanged ? at : account.emailVerifiedAt,
      ...(ownerChanged || passwordHash ? { passwordHash: passwordHash ?? null } : {}),
    },
  });
  // The other links die with this one: of its kind, or all of them when the owner changed.
  await tx.emailToken.updateMany({
    where: {
      accountId: account.id,
      usedAt: null,
      ...(ownerChanged ? {} : { purpose: token.purpose }),
    },
    data: { usedAt: at },
  });
  if (ownerChanged || passwordHash) {
    await sessions.endAll(tx, account.id);
    await recordAudit(tx, {
      accountId: account.id,
      actor: `web:${token.email}`,
      action: `owner.${token.purpose}`,
      detail: { email: token.email, passwordSet: Boolean(passwordHash) },
      address: origin.address,
    });
  }
}

/**
 * Follows an e-mailed link of `purpose` once: proves the address and starts a session. The
 * code is checked before the password is hashed, so a wrong code costs no scrypt work
 * (issue 46); the link is spent inside the transaction, so of two uses one wins.
 */
async function followLink(
  deps: WebAccountsDeps,
  purpose: EmailToken['purpose'],
  code: unknown,
  origin: SessionOrigin,
  password?: string,
): Promise<SignedIn> {
  const { db, now } = deps;
  await peekEmailToken(db, now(), code, purpose);
  const passwordHash = password ? await hashPassword(checkPassword(password)) : undefined;
  return db.$transaction(async (tx) => {
    const at = now();
    const token = await consumeEmailToken(tx, at, code, purpose);
    await proveAddress(deps, tx, token, origin, passwordHash);
    return signIn(deps, tx, token.accountId, token.email, origin, purpose);
  });
}

async function signIn(
  { sessions }: WebAccountsDeps,
  tx: Tx,
  accountId: number,
  email: string,
  origin: SessionOrigin,
  method: string,
): Promise<SignedIn> {
  const token = await sessions.start(tx, accountId, origin);
  await recordAudit(tx, {
    accountId,
    actor: `web:${email}`,
    action: 'session.sign_in',
    detail: { method },
    address: origin.address,
  });
  return { token, accountId, email };
}

/** A sign-in link for a known address; null (nothing to send) for an unknown one. */
async function requestSignInLink(
  { db, now }: WebAccountsDeps,
  input: string,
): Promise<AccountMail | null> {
  const email = normaliseEmail(input);
  return db.$transaction(async (tx) => {
    const account = await tx.account.findUnique({ where: { email } });
    if (!account) {
      return null;
    }
    const at = now();
    const issued = await issueEmailToken(tx, at, {
      accountId: account.id,
      purpose: 'sign_in_link',
      email,
    });
    return mailFor('sign-in', issued);
  });
}

/**
 * Password sign-in: a session when the address is a verified owner's and the password is
 * theirs; null otherwise, whichever part was wrong, after the same amount of hashing.
 */
async function signInWithPassword(
  deps: WebAccountsDeps,
  input: { email: string; password: string },
  origin: SessionOrigin,
): Promise<SignedIn | null> {
  const email = normaliseEmail(input.email);
  const account = await deps.db.account.findUnique({ where: { email } });
  const usable = account?.emailVerifiedAt ? account.passwordHash : null;
  const password = input.password.slice(0, MAX_PASSWORD_LENGTH * 4);
  if (!(await verifyPassword(password, usable)) || !account) {
    return null;
  }
  return deps.db.$transaction((tx) => signIn(deps, tx, account.id, email, origin, 'password'));
}

/**
 * `touchline accounts invite`: a link for `email` to become the account's owner (verified when
 * followed, with a password if they choose one). Refused when another account owns the address.
 */
async function invite(
  { db, now }: WebAccountsDeps,
  accountId: number,
  input: string,
  actor = 'cli',
): Promise<AccountMail> {
  const email = normaliseEmail(input);
  return db.$transaction(async (tx) => {
    await ensureAccount(tx, accountId);
    const holder = await tx.account.findUnique({ where: { email } });
    if (holder && holder.id !== accountId) {
      throw new ApiError(
        'invalid_parameter',
        `${email} is the owner e-mail of account ${holder.id}`,
        {
          parameter: 'email',
        },
      );
    }
    const issued = await issueEmailToken(tx, now(), { accountId, purpose: 'invite', email });
    await recordAudit(tx, {
      accountId,
      actor,
      action: 'owner.invite',
      detail: { email },
      address: null,
    });
    return mailFor('invite', issued);
  });
}

/** The address a still-usable link is for (the confirmation page shows it); else 400. */
async function linkAddress(
  { db, now }: WebAccountsDeps,
  purpose: EmailToken['purpose'],
  code: unknown,
): Promise<string> {
  return (await peekEmailToken(db, now(), code, purpose)).email;
}

/**
 * The owner's side of an account on the web (DECISIONS.md "Accounts on the web"): self-service
 * sign-up (Free only), e-mail verification, sign-in by password or e-mailed link, and the
 * operator's invitation. Answers never tell whether an address has an account: a caller gets
 * the same result shape for both, and the mail (or none) says the rest to the mailbox's owner.
 */
export function createWebAccountsService(deps: WebAccountsDeps) {
  return {
    signUp: (input: { email: string }) => signUp(deps, input),
    verifyEmail: (code: unknown, origin: SessionOrigin, password?: string) =>
      followLink(deps, 'verify_email', code, origin, password),
    useSignInLink: (code: unknown, origin: SessionOrigin) =>
      followLink(deps, 'sign_in_link', code, origin),
    acceptInvite: (code: unknown, origin: SessionOrigin, password?: string) =>
      followLink(deps, 'invite', code, origin, password),
    requestSignInLink: (input: string) => requestSignInLink(deps, input),
    signInWithPassword: (input: { email: string; password: string }, origin: SessionOrigin) =>
      signInWithPassword(deps, input, origin),
    invite: (accountId: number, input: string, actor?: string) =>
      invite(deps, accountId, input, actor),
    linkAddress: (purpose: EmailToken['purpose'], code: unknown) =>
      linkAddress(deps, purpose, code),
  };
}

export type WebAccountsService = ReturnType<typeof createWebAccountsService>;
