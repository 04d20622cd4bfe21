import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** docs/accounts.md: passwords are at least this long (and at most MAX, so hashing stays cheap). */
export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/**
 * scrypt at N=2^15, r=8, p=1: 32 MiB and ~50-100 ms per hash, OWASP's recommended minimum. The
 * parameters are stored in each hash, so raising them later leaves old hashes verifiable.
 */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

interface Cost {
  N: number;
  r: number;
  p: number;
}

const derive = (password: string, salt: Buffer, cost: Cost) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...cost, maxmem: 256 * cost.N * cost.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );

/** `scrypt$N$r$p$<salt base64>$<hash base64>`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

/** A hash of nothing anybody knows: checked when there is no account, so both cost the same. */
let decoy: Promise<string> | undefined;

/**
 * True when `password` matches `stored` (compared in constant time). With no stored hash (an
 * unknown address, an account without a password) a decoy hash is checked anyway, so the answer
 * takes as long as for a real account (no enumeration by timing).
 */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  const [scheme, n, r, p, salt, hash] = (stored ?? (await decoy)).split('$');
  if (scheme !== 'scrypt' || !salt || !hash) {
    return false;
  }
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}
