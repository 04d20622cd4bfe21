import { createHash } from 'node:crypto';

export type Rgb = readonly [red: number, green: number, blue: number];

export const PATTERNS = [
  'plain',
  'halves',
  'stripes',
  'hoops',
  'sash',
  'quarters',
  'pale',
  'chevron',
  'cross',
] as const;
export type Pattern = (typeof PATTERNS)[number];

/** Kit colours: each crest takes two of them that tell apart. */
export const PALETTE: readonly Rgb[] = [
  [200, 16, 46], // red
  [16, 34, 84], // navy
  [0, 84, 166], // royal blue
  [108, 171, 221], // sky blue
  [245, 245, 245], // white
  [24, 24, 24], // black
  [253, 200, 47], // yellow
  [0, 122, 61], // green
  [122, 38, 58], // claret
  [240, 110, 20], // orange
  [92, 45, 145], // purple
  [0, 128, 128], // teal
  [196, 152, 60], // gold
  [150, 20, 30], // maroon
];

const WHITE: Rgb = [255, 255, 255];
const INK_BLACK: Rgb = [20, 20, 20];

export interface CrestDesign {
  primary: Rgb;
  secondary: Rgb;
  pattern: Pattern;
  /** The initials' colour and the outline that keeps them legible on either field colour. */
  ink: Rgb;
  outline: Rgb;
  border: Rgb;
}

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio, 1 (same) to 21 (black on white). */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const MIN_FIELD_CONTRAST = 2;

const paletteAt = (index: number): Rgb => PALETTE[index % PALETTE.length] as Rgb;

/** The first palette colour from `start` on that stands out against `primary`. */
function secondaryFor(primary: Rgb, start: number): Rgb {
  for (let step = 0; step < PALETTE.length; step++) {
    const candidate = paletteAt(start + step);
    if (contrast(candidate, primary) >= MIN_FIELD_CONTRAST) {
      return candidate;
    }
  }
  return contrast(WHITE, primary) > contrast(INK_BLACK, primary) ? WHITE : INK_BLACK;
}

const darken = ([r, g, b]: Rgb, by: number): Rgb =>
  [r * by, g * by, b * by].map(Math.round) as [number, number, number];

/** The crest of a name: the same name always gives the same design. */
export function designFor(name: string): CrestDesign {
  const digest = createHash('sha256').update(name).digest();
  const byte = (i: number) => digest[i] ?? 0;
  const primary = paletteAt(byte(0));
  const secondary = secondaryFor(primary, byte(1));
  const pattern = PATTERNS[byte(2) % PATTERNS.length] ?? 'plain';
  const onBoth = (c: Rgb) => Math.min(contrast(c, primary), contrast(c, secondary));
  const inkIsWhite = onBoth(WHITE) >= onBoth(INK_BLACK);
  const darker = luminance(primary) <= luminance(secondary) ? primary : secondary;
  return {
    primary,
    secondary,
    pattern,
    ink: inkIsWhite ? WHITE : INK_BLACK,
    outline: inkIsWhite ? INK_BLACK : WHITE,
    border: darken(darker, 0.45),
  };
}
