import { createHash } from 'node:crypto';

/**
 * A positive int32 derived from a text: the same text always gives the same id, whatever the
 * input files or their order, so converting one season and then another keeps team and match
 * ids consistent.
 */
export function stableId(text: string): number {
  const digest = createHash('sha256').update(text).digest();
  return digest.readUInt32BE(0) & 0x7fffffff || 1;
}
