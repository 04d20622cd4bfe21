import { hasGlyph } from './font.js';

const MAX_INITIALS = 3;

/** Latin letters that Unicode does not decompose into a base letter and a mark. */
const PLAIN_LETTERS: Readonly<Record<string, string>> = {
  Ø: 'O',
  Æ: 'A',
  Œ: 'O',
  Ł: 'L',
  Đ: 'D',
  Þ: 'T',
};

/** A letter of another script (kanji, hangul, kana, Cyrillic ...) makes a name unusable. */
const isLatinOnly = (name: string) => !/(?!\p{Script=Latin})\p{L}/u.test(name);

/** The name's words in the font's alphabet: upper case, accents dropped, A-Z and 0-9 only. */
export function fontWords(name: string): string[] {
  return [...name.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()]
    .map((c) => PLAIN_LETTERS[c] ?? c)
    .map((c) => (hasGlyph(c) ? c : ' '))
    .join('')
    .split(' ')
    .filter(Boolean);
}

function initialsOfWords(words: string[]): string {
  const [only] = words;
  if (words.length === 1 && only !== undefined) {
    // An acronym stays whole (PSV, AZ); a longer single word gives its first letter.
    return only.length <= MAX_INITIALS ? only : only.slice(0, 1);
  }
  return words
    .slice(0, MAX_INITIALS)
    .map((word) => word.slice(0, 1))
    .join('');
}

/**
 * The 1-3 letters on a team's crest: from the original name when it is written in Latin
 * letters, otherwise from the English name (most original names are Chinese, Japanese or
 * Korean, which the crest's font cannot draw). Empty when neither gives a letter.
 */
export function crestInitials(nameOriginal: string, nameEn = ''): string {
  for (const name of [nameOriginal, nameEn]) {
    const words = isLatinOnly(name) ? fontWords(name) : [];
    if (words.length > 0) {
      return initialsOfWords(words);
    }
  }
  return '';
}
