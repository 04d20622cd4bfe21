/** The crest image's side in pixels. */
export const CREST_SIZE = 128;

const CENTRE_X = CREST_SIZE / 2;
const HALF_WIDTH = 50;
const TOP = 8;
const BOTTOM = 122;
/** Down to this share of its height the shield has straight sides; then it curves to a point. */
const SHOULDER = 0.5;

/** Where a point falls on a shield shrunk by `inset` pixels: u across (-1..1), v down (0..1). */
export interface ShieldPoint {
  u: number;
  v: number;
}

/** The point in the shield's own coordinates, or null when it lies outside the shield. */
export function shieldPoint(x: number, y: number, inset = 0): ShieldPoint | null {
  const u = (x - CENTRE_X) / (HALF_WIDTH - inset);
  const v = (y - TOP - inset) / (BOTTOM - TOP - 2 * inset);
  if (v < 0 || v > 1) {
    return null;
  }
  const taper = v < SHOULDER ? 0 : (v - SHOULDER) / (1 - SHOULDER);
  return Math.abs(u) <= 1 - taper * taper ? { u, v } : null;
}

const SUBSAMPLES = [0.25, 0.75];

/** How much of pixel (x, y) the shield covers, 0..1: smooths the edge. */
export function shieldCoverage(x: number, y: number): number {
  let inside = 0;
  for (const dy of SUBSAMPLES) {
    for (const dx of SUBSAMPLES) {
      inside += shieldPoint(x + dx, y + dy) ? 1 : 0;
    }
  }
  return inside / SUBSAMPLES.length ** 2;
}
