import { ApiError } from '../errors/api-error.js';

/** RFC 5321's limit on a path: longer addresses cannot be delivered. */
const MAX_LENGTH = 254;

/**
 * One mailbox, written plainly: no spaces, angle brackets, quotes or commas (no display names or
 * lists), one `@`, a dotted domain. Stricter than RFC 5322 on purpose: an address is a sign-in.
 */
const PLAIN_ADDRESS = /^[^\s@<>"',;()\\[\]]+@[^\s@<>"',;()\\[\]]+\.[^\s@<>"',;()\\[\].]+$/;

/**
 * Control, format (U+202E...), private-use and unassigned characters: never part of an address,
 * and printed raw they ring, rewrite or reorder a terminal (issue 46).
 */
const INVISIBLE = /\p{C}/u;

/**
 * The owner e-mail as stored and compared (docs/accounts.md): trimmed and lower-cased, so
 * `Ann@Example.com` and `ann@example.com` are one account. Bad input: 400 naming `email`.
 */
export function normaliseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (
    email.length === 0 ||
    email.length > MAX_LENGTH ||
    INVISIBLE.test(email) ||
    !PLAIN_ADDRESS.test(email)
  ) {
    throw new ApiError(
      'invalid_parameter',
      'email must be one e-mail address like ann@example.com',
      {
        parameter: 'email',
      },
    );
  }
  return email;
}
