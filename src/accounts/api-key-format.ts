import { hash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';

/**
 * API key format (spec 5.2, DECISIONS.md "Access"): `svc_live_` or `svc_test_`, 30 random base62
 * characters (178 bits), then a 6-character base62 CRC32 of everything before it. Like GitHub's
 * token format, the checksum lets a mistyped or made-up key be refused without a storage read.
 */
export const KEY_PREFIXES = ['svc_live_', 'svc_test_'] as const;
export type KeyPrefix = (typeof KEY_PREFIXES)[number];

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(
  `^(svc_live_|svc_test_)([0-9A-Za-z]{${RANDOM_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`,
);

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

const checksumOf = (body: string) => base62(crc32(body), CHECKSUM_LENGTH);

export function generateApiKey(prefix: KeyPrefix): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) {
    random += BASE62[randomInt(62)];
  }
  const body = prefix + random;
  return body + checksumOf(body);
}

/** The key's prefix when it is well formed and its checksum matches; otherwise null. */
export function checkApiKeyFormat(key: string): KeyPrefix | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) {
    return null;
  }
  const [, prefix, random, checksum] = match as unknown as [string, KeyPrefix, string, string];
  return checksumOf(prefix + random) === checksum ? prefix : null;
}

/** Only this hash is stored (SHA-256, hex): 178 random bits need no slow password hash. */
export const hashApiKey = (key: string) => hash('sha256', key, 'hex');

export const keyHint = (key: string) => key.slice(-4);
