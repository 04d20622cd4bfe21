import { LRUCache } from 'lru-cache';

/**
 * Reads come from the shared read cache as the same objects request after request: present each
 * once. Weakly held, so a read dropped from the cache takes its payload with it.
 */
export function presentOnce<T extends object, R>(present: (value: T) => R): (value: T) => R {
  const seen = new WeakMap<T, R>();
  return (value) => {
    if (seen.has(value)) {
      return seen.get(value) as R;
    }
    const result = present(value);
    seen.set(value, result);
    return result;
  };
}

/** Stored JSON documents (analyses, exchange odds) parsed once per cached text. */
export function parseOnce(): (text: string) => unknown {
  const parsed = new LRUCache<string, { value: unknown }>({ max: 5_000 });
  return (text) => {
    const hit = parsed.get(text);
    if (hit) {
      return hit.value;
    }
    const value: unknown = JSON.parse(text);
    parsed.set(text, { value });
    return value;
  };
}
