import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { renderCrest } from '../../../src/assets/crest.js';
import { contrast, designFor, PALETTE, PATTERNS } from '../../../src/assets/crest-design.js';
import { CREST_SIZE } from '../../../src/assets/shield.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const names = Array.from({ length: 200 }, (_, i) => `Team ${i}`);

const pixel = (png: PNG, x: number, y: number) => [
  ...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4),
];

describe('renderCrest', () => {
  it('is a 128x128 RGBA PNG: transparent corners, an opaque shield', () => {
    const bytes = renderCrest({ nameOriginal: 'Arsenal' });
    expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    const png = PNG.sync.read(bytes);
    expect([png.width, png.height]).toEqual([CREST_SIZE, CREST_SIZE]);
    expect(pixel(png, 0, 0)[3]).toBe(0);
    expect(pixel(png, CREST_SIZE - 1, CREST_SIZE - 1)[3]).toBe(0);
    expect(pixel(png, CREST_SIZE / 2, 30)[3]).toBe(255);
  });

  it('the same team gives the same bytes', () => {
    const team = { nameOriginal: '鹿島アントラーズ', nameEn: 'Kashima Antlers' };
    expect(renderCrest(team).equals(renderCrest({ ...team }))).toBe(true);
  });

  it('teams with different initials give different images', () => {
    const clubs = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel'];
    const images = new Set(
      clubs.map((club) => renderCrest({ nameOriginal: `${club} Rovers` }).toString('base64')),
    );
    expect(images.size).toBe(clubs.length);
  });

  it('draws the initials: a crest with letters differs from the same design without', () => {
    const withLetters = renderCrest({ nameOriginal: '上海海港', nameEn: 'Shanghai Port' });
    const without = renderCrest({ nameOriginal: '上海海港' });
    expect(withLetters.equals(without)).toBe(false);
  });
});

describe('designFor', () => {
  it('is deterministic, and its two colours tell apart', () => {
    for (const name of names) {
      const design = designFor(name);
      expect(designFor(name)).toEqual(design);
      expect(contrast(design.primary, design.secondary)).toBeGreaterThanOrEqual(2);
      expect(design.ink).not.toEqual(design.outline);
    }
  });

  it('uses every pattern and most of the palette over many names', () => {
    const designs = names.map(designFor);
    expect(new Set(designs.map((d) => d.pattern))).toEqual(new Set(PATTERNS));
    expect(new Set(designs.map((d) => d.primary)).size).toBe(PALETTE.length);
  });
});
