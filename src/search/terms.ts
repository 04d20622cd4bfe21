import { nameKey } from '../ingest/sync/identity/name-key.js';

/** One row of `search_terms` for an entity (before its kind and id are added). */
export interface SearchTermRow {
  /** A normalised name (name-key.ts), or its tail from a word or a CJK character on. */
  term: string;
  /** The term is the whole name: a prefix of it is a whole-name prefix. */
  whole: boolean;
  /** The name as written that the term comes from. */
  name: string;
}

/** Scripts written without spaces between words: every character may start one. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Terms are cut here: a btree entry holds at most about 2,700 bytes, and a query (at most 100
 * characters) never needs more of a name than this to tell a prefix.
 */
const MAX_TERM = 500;

/** Apostrophes inside a word (`Nott'm`, `N'Golo`), which name-key.ts reads as a space. */
const APOSTROPHES = /['\u2019`]/g;

/**
 * The normalised form of a query: the aliases' key (name-key.ts) with apostrophes dropped, as
 * people type `nottm` for `Nott'm Forest`.
 */
export const searchKey = (text: string): string => nameKey(text.replace(APOSTROPHES, ''));

/** A name's keys: with its apostrophes dropped (`nottm forest`) and read as spaces (`golo kante`). */
const keysOf = (name: string): string[] => [...new Set([searchKey(name), nameKey(name)])];

/** Where a tail of `key` starts: after a space, or at a CJK character not first in the key. */
function tailStarts(key: string): number[] {
  const out: number[] = [];
  let previous = '';
  let at = 0;
  for (const char of key) {
    if (at > 0 && char !== ' ' && (previous === ' ' || UNSPACED.test(char))) {
      out.push(at);
    }
    previous = char;
    at += char.length;
  }
  return out;
}

/**
 * The terms an entity is found by, from its names in order of preference (the served names, then
 * aliases): each name whole, and each tail starting at a word or at a CJK character (names in
 * those scripts have no spaces, so `尔西` finds `切尔西`). A term two names share keeps the first
 * name's text.
 */
export function termsOf(names: readonly (string | null | undefined)[]): SearchTermRow[] {
  const out = new Map<string, SearchTermRow>();
  const add = (tail: string, whole: boolean, name: string) => {
    const term = tail.slice(0, MAX_TERM);
    const id = `${whole ? 1 : 0}|${term}`;
    if (!out.has(id)) {
      out.set(id, { term, whole, name });
    }
  };
  for (const name of names) {
    for (const key of name ? keysOf(name) : []) {
      if (key === '') {
        continue;
      }
      add(key, true, name as string);
      for (const start of tailStarts(key)) {
        add(key.slice(start), false, name as string);
      }
    }
  }
  return [...out.values()];
}
