import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type AliasGroup, aliasGroups } from '../../../src/ingest/sync/aliases/index.js';
import { NAME_ALIASES_DIR } from '../../helpers/real-data.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/name-aliases');

/** The one group of `source` holding `name` (as its English name or an alias). */
function groupOf(groups: readonly AliasGroup[], source: string, name: string) {
  const found = groups.filter(
    (g) => g.source === source && (g.names.en === name || g.names.aliases.includes(name)),
  );
  expect(found, `${source}: ${name}`).toHaveLength(1);
  return found[0] as AliasGroup;
}

describe('alias groups from the demo', () => {
  it('carries every demo club with its Chinese names and original name', async () => {
    const groups = await aliasGroups();
    expect(groups.every((g) => g.source === 'demo' && g.kind === 'team')).toBe(true);
    expect(groups).toHaveLength(20 + 20 + 20 + 18 + 20 + 12 + 16 + 10);
    expect(groupOf(groups, 'demo', 'Brighton').names).toEqual({
      en: 'Brighton',
      'zh-CN': '布莱顿',
      'zh-HK': '白禮頓',
      aliases: ['Brighton & Hove Albion'],
    });
    expect(groupOf(groups, 'demo', 'Urawa Red Diamonds').names.aliases).toEqual(['浦和レッズ']);
    expect(groupOf(groups, 'demo', 'Arsenal').names.aliases).toEqual([]);
  });
});

describe('alias groups from synthetic files', () => {
  it('reads the clubs format: canonical line, alias lines, renames in comments', async () => {
    const groups = await aliasGroups([FIXTURES]);
    expect(groupOf(groups, 'openfootball/clubs', 'Shanghai SIPG').names).toEqual({
      en: 'Shanghai Port FC',
      aliases: ['Shanghai Port', 'Shanghai SIPG', 'SIPG', 'Shanghai East Asia'],
    });
    expect(groupOf(groups, 'openfootball/clubs', 'Dalian Aerbin').names).toEqual({
      en: 'Dalian Pro',
      aliases: ['Dalian Yifang', 'Dalian Aerbin'],
    });
    expect(groupOf(groups, 'openfootball/clubs', 'Guangzhou FC').names.aliases).toEqual([
      'Guangzhou Evergrande',
      'Guangzhou Evergrande Taobao FC',
    ]);
    expect(groupOf(groups, 'openfootball/clubs', 'Changchun Yatai').names.aliases).toEqual([]);
    expect(groupOf(groups, 'openfootball/clubs', 'Kashima Antlers').names.aliases).toEqual([]);
  });

  it('adds the .lang names to the club found by any of its names', async () => {
    const groups = await aliasGroups([FIXTURES]);
    expect(groupOf(groups, 'openfootball/clubs', '浦和レッドダイヤモンズ').names).toEqual({
      en: 'Urawa Red Diamonds',
      aliases: ['Urawa Reds', 'Urawa', '浦和レッドダイヤモンズ'],
    });
    expect(groupOf(groups, 'openfootball/clubs', 'ヴィッセル神戸').names.en).toBe('Vissel Kobe');
    // A club only in the .lang file starts its own group.
    expect(groupOf(groups, 'openfootball/clubs', 'サガン鳥栖').names).toEqual({
      en: 'Sagan Tosu',
      aliases: ['サガン鳥栖'],
    });
  });

  it('groups a derived map by the full name, the short names as aliases', async () => {
    const groups = await aliasGroups([resolve(FIXTURES, 'derived.json')]);
    expect(groupOf(groups, 'derived', 'Man United').names).toEqual({
      en: 'Manchester United FC',
      aliases: ['Man United'],
    });
    expect(groupOf(groups, 'derived', 'Henan').names).toEqual({
      en: 'Henan FC',
      aliases: ['Henan Songshan Longmen', 'Henan'],
    });
    expect(groups.filter((g) => g.source === 'openfootball/clubs')).toEqual([]);
  });

  it('refuses a JSON file that is not a name map', async () => {
    await expect(aliasGroups([resolve(FIXTURES, '../openfootball/2025')])).rejects.toThrow(
      /not a name map/,
    );
  });
});

describe.skipIf(!NAME_ALIASES_DIR)('alias groups from the real files', () => {
  it('puts renamed and shortened names in one group with the club', async () => {
    const groups = await aliasGroups([NAME_ALIASES_DIR ?? '']);
    expect(groupOf(groups, 'derived', 'Man United').names.en).toBe('Manchester United FC');
    expect(groupOf(groups, 'openfootball/clubs', 'Shanghai SIPG').names.en).toBe(
      'Shanghai Port FC',
    );
    expect(groupOf(groups, 'openfootball/clubs', 'Guangzhou Evergrande').names.en).toBe(
      'Guangzhou FC',
    );
    expect(groupOf(groups, 'openfootball/clubs', 'Ulsan Hyundai').names.en).toBe('Ulsan HD FC');
    expect(groupOf(groups, 'openfootball/clubs', '울산 현대').names.en).toBe('Ulsan HD FC');
    expect(groupOf(groups, 'openfootball/clubs', '鹿島アントラーズ').names.en).toBe(
      'Kashima Antlers',
    );
    expect(groupOf(groups, 'derived', 'Henan Songshan Longmen').names.en).toBe('Henan FC');
  });
});
