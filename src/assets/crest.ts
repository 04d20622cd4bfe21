import { PNG } from 'pngjs';
import { type CrestDesign, designFor, type Pattern, type Rgb } from './crest-design.js';
import { crestInitials } from './initials.js';
import { letterMask, maskAt, outlineMask } from './lettering.js';
import { CREST_SIZE, type ShieldPoint, shieldCoverage, shieldPoint } from './shield.js';

/** The shield's rim, in pixels. */
const BORDER = 5;
const STRIPES = 7;
const HOOPS = 6;
const SASH_HALF_WIDTH = 0.32;
const PALE_HALF_WIDTH = 0.3;
const CHEVRON_THICKNESS = 0.22;
const CROSS_HALF_WIDTH = 0.16;

/** Whether the field at this point takes the secondary colour. */
function isSecondary(pattern: Pattern, { u, v }: ShieldPoint): boolean {
  switch (pattern) {
    case 'plain':
      return false;
    case 'halves':
      return u >= 0;
    case 'stripes':
      return Math.floor(((u + 1) / 2) * STRIPES) % 2 === 1;
    case 'hoops':
      return Math.floor(v * HOOPS) % 2 === 1;
    case 'sash':
      return Math.abs(u - (2 * v - 1)) < SASH_HALF_WIDTH;
    case 'quarters':
      return u >= 0 !== v >= 0.5;
    case 'pale':
      return Math.abs(u) < PALE_HALF_WIDTH;
    case 'chevron': {
      // An inverted V whose point is at the top centre.
      const apex = 0.15 + Math.abs(u) * 0.45;
      return v >= apex && v < apex + CHEVRON_THICKNESS;
    }
    case 'cross':
      return Math.abs(u) < CROSS_HALF_WIDTH || Math.abs(v - 0.42) < CROSS_HALF_WIDTH / 2;
  }
}

interface CrestTeam {
  nameOriginal: string;
  /** Where the initials come from when the original name is not in Latin letters. */
  nameEn?: string;
}

/**
 * A team's crest, 128x128 RGBA PNG on a transparent background: a shield in two colours and a
 * pattern chosen from a hash of the original name, with the team's initials on it. The same
 * team always gives the same bytes.
 */
export function renderCrest(team: CrestTeam): Buffer {
  const design = designFor(team.nameOriginal);
  const letters = letterMask(crestInitials(team.nameOriginal, team.nameEn));
  const outline = outlineMask(letters);
  const png = new PNG({ width: CREST_SIZE, height: CREST_SIZE });
  for (let y = 0; y < CREST_SIZE; y++) {
    for (let x = 0; x < CREST_SIZE; x++) {
      const coverage = shieldCoverage(x, y);
      if (coverage === 0) {
        continue;
      }
      const colour = maskAt(letters, x, y)
        ? design.ink
        : maskAt(outline, x, y)
          ? design.outline
          : fieldColour(design, x, y);
      png.data.set([...colour, Math.round(coverage * 255)], (y * CREST_SIZE + x) * 4);
    }
  }
  return PNG.sync.write(png, { deflateLevel: 9 });
}

function fieldColour(design: CrestDesign, x: number, y: number): Rgb {
  const point = shieldPoint(x + 0.5, y + 0.5, BORDER);
  if (!point) {
    return design.border;
  }
  return isSecondary(design.pattern, point) ? design.secondary : design.primary;
}
