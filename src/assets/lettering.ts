import { GLYPH_HEIGHT, GLYPH_WIDTH, glyphRows } from './font.js';
import { CREST_SIZE } from './shield.js';

/** Widest the initials may be, and the largest pixel a glyph dot may become. */
const MAX_TEXT_WIDTH = 78;
const MAX_SCALE = 8;
/** The lettering is centred on this row: above the middle, where the shield is widest. */
const TEXT_CENTRE_Y = 58;
const OUTLINE_RADIUS = 2;

/** One byte per pixel of the crest: 1 where a letter is drawn. */
type Mask = Uint8Array;

const at = (x: number, y: number) => y * CREST_SIZE + x;

/** The initials in the font, scaled to fit the shield, centred. */
export function letterMask(text: string): Mask {
  const mask = new Uint8Array(CREST_SIZE * CREST_SIZE);
  const chars = [...text];
  if (chars.length === 0) {
    return mask;
  }
  const columns = chars.length * (GLYPH_WIDTH + 1) - 1;
  const scale = Math.min(MAX_SCALE, Math.floor(MAX_TEXT_WIDTH / columns));
  const left = Math.round((CREST_SIZE - columns * scale) / 2);
  const top = Math.round(TEXT_CENTRE_Y - (GLYPH_HEIGHT * scale) / 2);
  chars.forEach((char, index) => {
    glyphRows(char).forEach((row, gy) => {
      row.forEach((on, gx) => {
        if (on) {
          const x0 = left + (index * (GLYPH_WIDTH + 1) + gx) * scale;
          fillSquare(mask, x0, top + gy * scale, scale);
        }
      });
    });
  });
  return mask;
}

function fillSquare(mask: Mask, x0: number, y0: number, side: number): void {
  for (let y = y0; y < y0 + side; y++) {
    for (let x = x0; x < x0 + side; x++) {
      mask[at(x, y)] = 1;
    }
  }
}

/** The ring of pixels within OUTLINE_RADIUS of a letter (a round brush), letters excluded. */
export function outlineMask(letters: Mask): Mask {
  const outline = new Uint8Array(letters.length);
  for (let y = 0; y < CREST_SIZE; y++) {
    for (let x = 0; x < CREST_SIZE; x++) {
      if (!letters[at(x, y)] && nearLetter(letters, x, y)) {
        outline[at(x, y)] = 1;
      }
    }
  }
  return outline;
}

function nearLetter(letters: Mask, x: number, y: number): boolean {
  for (let dy = -OUTLINE_RADIUS; dy <= OUTLINE_RADIUS; dy++) {
    for (let dx = -OUTLINE_RADIUS; dx <= OUTLINE_RADIUS; dx++) {
      const nx = x + dx;
      const ny = y + dy;
      const inImage = nx >= 0 && ny >= 0 && nx < CREST_SIZE && ny < CREST_SIZE;
      if (inImage && dx * dx + dy * dy <= OUTLINE_RADIUS ** 2 + 1 && letters[at(nx, ny)]) {
        return true;
      }
    }
  }
  return false;
}

export const maskAt = (mask: Mask, x: number, y: number): boolean => mask[at(x, y)] === 1;
