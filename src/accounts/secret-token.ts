import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: what a session cookie and an e-mailed link carry. */
export const newSecretToken = (): string => randomBytes(32).toString('base64url');

const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/;

/** The stored form of a token: its SHA-256, hex. The token itself is never stored. */
export const hashSecretToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Text that cannot be one of our tokens is refused before any lookup. */
export const isSecretToken = (text: unknown): text is string =>
  typeof text === 'string' && WELL_FORMED.test(text);
