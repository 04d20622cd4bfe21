/**
 * Duplicate-key detection for files of millions of lines without a Set of millions of
 * strings: each key is hashed to 53 bits and stored in a growing Float64Array (8 bytes per
 * record). After the file, the hashes are sorted; equal neighbours are candidate duplicates,
 * which the caller confirms by rescanning the file for just those hashes (a hash collision is
 * then told apart from a real duplicate).
 */
export class KeyLog {
  private hashes = new Float64Array(1 << 12);
  private size = 0;

  add(key: string): void {
    if (this.size === this.hashes.length) {
      const grown = new Float64Array(this.hashes.length * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[this.size] = hashKey(key);
    this.size += 1;
  }

  /** Hashes seen more than once. */
  candidates(): Set<number> {
    const sorted = this.hashes.subarray(0, this.size).sort();
    const repeated = new Set<number>();
    for (let i = 1; i < sorted.length; i += 1) {
      if (sorted[i] === sorted[i - 1]) {
        repeated.add(sorted[i] as number);
      }
    }
    return repeated;
  }
}

/** cyrb53: a fast, well-mixed 53-bit string hash (exact in a double). */
export function hashKey(key: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i += 1) {
    const ch = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
