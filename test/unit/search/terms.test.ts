import { describe, expect, it } from 'vitest';
import { searchKey, termsOf } from '../../../src/search/terms.js';

const terms = (names: (string | null)[]) =>
  termsOf(names).map((t) => `${t.whole ? '=' : '~'}${t.term}`);

describe('search terms', () => {
  it('a name whole and from each word on, normalised as aliases are (case, accents, FC)', () => {
    expect(terms(['FC Bayern München'])).toEqual(['=bayern munchen', '~munchen']);
    expect(terms(['Brighton & Hove Albion'])).toEqual([
      '=brighton and hove albion',
      '~and hove albion',
      '~hove albion',
      '~albion',
    ]);
    expect(searchKey('  CHELSEA ')).toBe('chelsea');
  });

  it('a CJK name from each character on: names in those scripts have no spaces', () => {
    expect(terms(['切尔西', '車路士'])).toEqual([
      '=切尔西',
      '~尔西',
      '~西',
      '=車路士',
      '~路士',
      '~士',
    ]);
    expect(terms(['Kashima 鹿島'])).toEqual(['=kashima 鹿島', '~鹿島', '~島']);
  });

  it('an apostrophe inside a word: found typed without it, and from the word after it', () => {
    expect(terms(["Nott'm Forest"])).toEqual([
      '=nottm forest',
      '~forest',
      '=nott m forest',
      '~m forest',
    ]);
    expect(terms(["N'Golo Kanté"])).toContain('~golo kante');
    expect(searchKey("Nott'm")).toBe('nottm');
    expect(searchKey('Nott\u2019m')).toBe('nottm');
  });

  it('a term two names share is kept once, with the first name; empty names give none', () => {
    const rows = termsOf(['Chelsea', null, 'CHELSEA', '...', 'Chelsea FC']);
    expect(rows).toEqual([{ term: 'chelsea', whole: true, name: 'Chelsea' }]);
  });

  it('a very long name is cut to what an index entry holds', () => {
    const [whole] = termsOf(['x'.repeat(5000)]);
    expect(whole?.term).toHaveLength(500);
  });
});
