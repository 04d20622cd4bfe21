import { describe, expect, it } from 'vitest';
import { crestInitials, fontWords } from '../../../src/assets/initials.js';

describe('crest initials', () => {
  it.each([
    ['Arsenal', 'A'],
    ['Manchester United', 'MU'],
    ['Brighton & Hove Albion', 'BHA'],
    ['Paris Saint-Germain', 'PSG'],
    ['Borussia Mönchengladbach', 'BM'],
    ['1. FC Köln', '1FK'],
    ['PSV', 'PSV'],
    ['AZ', 'AZ'],
    ['Club Atlético de Madrid', 'CAD'],
    ['Bodø/Glimt', 'BG'],
  ])('%s: %s', (name, initials) => {
    expect(crestInitials(name)).toBe(initials);
  });

  it('a name in another script takes its letters from the English name', () => {
    expect(crestInitials('鹿島アントラーズ', 'Kashima Antlers')).toBe('KA');
    expect(crestInitials('FC東京', 'FC Tokyo')).toBe('FT');
    expect(crestInitials('울산 HD FC', 'Ulsan HD')).toBe('UH');
  });

  it('no drawable letter in either name: no initials', () => {
    expect(crestInitials('上海海港')).toBe('');
    expect(crestInitials('上海海港', '上海海港')).toBe('');
    expect(crestInitials('***')).toBe('');
  });

  it('words are upper case A-Z and 0-9, accents dropped', () => {
    expect(fontWords('Ñublense São-Paulo 04')).toEqual(['NUBLENSE', 'SAO', 'PAULO', '04']);
  });
});
