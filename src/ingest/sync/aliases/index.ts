import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { filesUnder } from '../sources/files.js';
import { readClubsText, readLangText } from './clubs-text.js';
import { demoGroups } from './demo.js';
import { readDerivedMap } from './derived.js';
import { type AliasGroup, AliasGroups } from './group.js';

export type { AliasGroup, AliasSource } from './group.js';

/**
 * Every alias group: the demo's clubs always; with `paths` (files or folders), also the
 * openfootball clubs files (`*.txt`, their `*.lang.*.txt` after them so script names find their
 * club) and derived name maps (`*.json`). Groups of different sources may describe the same
 * club: joining them is the identity layer's call (docs/sources/aliases.md).
 */
export async function aliasGroups(paths: readonly string[] = []): Promise<AliasGroup[]> {
  const groups = demoGroups();
  if (paths.length === 0) {
    return groups;
  }
  const files = await filesUnder(paths, ['.txt', '.json']);
  const isLang = (f: string) => /\.lang\.[a-z]+\.txt$/.test(basename(f));
  const clubs = new AliasGroups('openfootball/clubs');
  for (const file of files.filter((f) => f.endsWith('.txt') && !isLang(f))) {
    readClubsText(await readFile(file, 'utf8'), clubs);
  }
  for (const file of files.filter(isLang)) {
    readLangText(await readFile(file, 'utf8'), clubs);
  }
  const derived = new AliasGroups('derived');
  for (const file of files.filter((f) => f.endsWith('.json'))) {
    readDerivedMap(JSON.parse(await readFile(file, 'utf8')), derived);
  }
  return [...groups, ...clubs.list(), ...derived.list()];
}
