import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

/** FNV-1a over the parts, so every (seed, scope, id) gets its own independent stream. */
function hashSeed(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const text = `${part}|`;
    for (let i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  }
  return h | 0;
}

/** Deterministic random helpers over pure-rand (never Math.random). */
export class Rng {
  readonly #gen: RandomGenerator;

  constructor(...parts: readonly (string | number)[]) {
    this.#gen = xoroshiro128plus(hashSeed(...parts));
  }

  /** Uniform in [0, 1). */
  float(): number {
    const hi = (this.#gen.next() >>> 0) * 2 ** -32;
    const lo = (this.#gen.next() >>> 11) * 2 ** -53;
    return hi + lo;
  }

  /** Uniform integer in [from, to]. */
  int(from: number, to: number): number {
    return from + Math.floor(this.float() * (to - from + 1));
  }

  between(from: number, to: number): number {
    return from + this.float() * (to - from);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.float() * items.length)];
    if (item === undefined) {
      throw new Error('pick from an empty list');
    }
    return item;
  }

  /** Index drawn with the given (non-negative) weights. */
  weighted(weights: readonly number[]): number {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.float() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) {
        return i;
      }
    }
    return weights.length - 1;
  }

  normal(mean = 0, sd = 1): number {
    const u = 1 - this.float();
    const v = this.float();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  poisson(lambda: number): number {
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.float();
    while (p > limit) {
      k++;
      p *= this.float();
    }
    return k;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      const a = out[i] as T;
      out[i] = out[j] as T;
      out[j] = a;
    }
    return out;
  }

  /** `count` distinct items, in their original order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const picked = new Set(this.shuffle(items.map((_, i) => i)).slice(0, count));
    return items.filter((_, i) => picked.has(i));
  }
}
