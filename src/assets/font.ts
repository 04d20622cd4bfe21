/**
 * A 5x7 bitmap font for the crest initials: A-Z and 0-9, one hex byte per row, the five low
 * bits of each byte being the row's pixels from left (bit 4) to right (bit 0).
 */
const GLYPHS: Readonly<Record<string, string>> = {
  A: '0e1111111f1111',
  B: '1e11111e11111e',
  C: '0e11101010110e',
  D: '1c12111111121c',
  E: '1f10101e10101f',
  F: '1f10101e101010',
  G: '0e11101711110f',
  H: '1111111f111111',
  I: '0e04040404040e',
  J: '0702020202120c',
  K: '11121418141211',
  L: '1010101010101f',
  M: '111b1515111111',
  N: '11111915131111',
  O: '0e11111111110e',
  P: '1e11111e101010',
  Q: '0e11111115120d',
  R: '1e11111e141211',
  S: '0f10100e01011e',
  T: '1f040404040404',
  U: '1111111111110e',
  V: '11111111110a04',
  W: '1111111515150a',
  X: '11110a040a1111',
  Y: '1111110a040404',
  Z: '1f01020408101f',
  '0': '0e11131519110e',
  '1': '040c040404040e',
  '2': '0e11010204081f',
  '3': '1f02040201110e',
  '4': '02060a121f0202',
  '5': '1f101e0101110e',
  '6': '0608101e11110e',
  '7': '1f010204080808',
  '8': '0e11110e11110e',
  '9': '0e11110f01020c',
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

/** Whether the font can draw `char` (upper-case A-Z and 0-9). */
export const hasGlyph = (char: string): boolean => Object.hasOwn(GLYPHS, char);

/** The glyph's pixels, row by row; an unknown character is blank. */
export function glyphRows(char: string): boolean[][] {
  const hex = hasGlyph(char) ? (GLYPHS[char] as string) : '00000000000000';
  return Array.from({ length: GLYPH_HEIGHT }, (_, row) => {
    const bits = Number.parseInt(hex.slice(row * 2, row * 2 + 2), 16);
    return Array.from({ length: GLYPH_WIDTH }, (_, col) => (bits & (1 << (4 - col))) !== 0);
  });
}
