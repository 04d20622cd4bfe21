import type { PrismaClient } from '../../../db/generated/client.js';
import { nameKey } from './name-key.js';
import { type EntityKind, insertAliases } from './store.js';

/** One club (or competition) as a list of known names says it: its names, one group. */
export interface NameGroup {
  kind: EntityKind;
  names: {
    en?: string | undefined;
    'zh-CN'?: string | undefined;
    'zh-HK'?: string | undefined;
    aliases?: readonly string[] | undefined;
  };
  /** Where the names come from (`demo`, `openfootball/clubs`, a file). */
  source: string;
}

interface Entry {
  kind: EntityKind;
  key: string;
  name: string;
  language: string;
  origin: string;
}

function entriesOf(group: NameGroup): Entry[] {
  const named: [string, string | undefined][] = [
    ['en', group.names.en],
    ['zh-CN', group.names['zh-CN']],
    ['zh-HK', group.names['zh-HK']],
    ...(group.names.aliases ?? []).map((a): [string, string] => ['alias', a]),
  ];
  return named
    .filter((pair): pair is [string, string] => Boolean(pair[1]?.trim()))
    .map(([language, name]) => ({
      kind: group.kind,
      key: nameKey(name),
      name: name.trim(),
      language,
      origin: group.source,
    }))
    .filter((e) => e.key !== '');
}

/**
 * Groups that share a name are one club: `Man United` and `Manchester United FC` (one list)
 * with `Manchester United` and 曼联 (another) make one group when a list holds two of them. Each
 * merged group is named by its smallest key, so loading the same lists again names it the same.
 */
export function mergeGroups(groups: readonly NameGroup[]): Map<string, Entry[]> {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.get(root) !== root) {
      root = parent.get(root) as string;
    }
    parent.set(x, root);
    return root;
  };
  const union = (a: string, b: string) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) {
      parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
    }
  };
  const all = groups.map(entriesOf);
  for (const entries of all) {
    for (const e of entries) {
      const id = `${e.kind}|${e.key}`;
      if (!parent.has(id)) {
        parent.set(id, id);
      }
    }
    for (const e of entries.slice(1)) {
      union(`${entries[0]?.kind}|${entries[0]?.key}`, `${e.kind}|${e.key}`);
    }
  }
  const merged = new Map<string, Entry[]>();
  for (const entries of all) {
    for (const e of entries) {
      const root = find(`${e.kind}|${e.key}`);
      const list = merged.get(root) ?? [];
      list.push(e);
      merged.set(root, list);
    }
  }
  return merged;
}

/**
 * Loads known names (`touchline map seed`): every group merged, then stored whole, replacing
 * the known names stored before (a group's name depends on all lists), in one transaction. Entities already made keep their
 * aliases; new ones take their group's names.
 */
export async function seedNameGroups(
  db: PrismaClient,
  groups: readonly NameGroup[],
): Promise<{ groups: number; names: number; added: number }> {
  const merged = mergeGroups(groups);
  const rows = [...merged].flatMap(([root, entries]) =>
    entries.map((e) => ({ ...e, group: root.slice(root.indexOf('|') + 1) })),
  );
  const added = await db.$transaction(async (tx) => {
    const before = await tx.nameGroupEntry.count();
    await tx.$executeRawUnsafe('DELETE FROM name_groups');
    await tx.$executeRawUnsafe(
      `INSERT INTO name_groups (kind, "group", key, name, language, origin)
       SELECT r.kind::"EntityKind", r."group", r.key, r.name, r.language, r.origin
         FROM jsonb_to_recordset($1::jsonb)
           AS r(kind text, "group" text, key text, name text, language text, origin text)
       ON CONFLICT (kind, "group", key, language) DO NOTHING`,
      JSON.stringify(rows),
    );
    return (await tx.nameGroupEntry.count()) - before;
  });
  return { groups: merged.size, names: rows.length, added: Math.max(0, added) };
}

/**
 * The names of entities stored without any alias (imported, fed, the demo's) become their
 * aliases: a source reaches the team an import made rather than making a second one.
 */
export async function aliasStoredNames(db: PrismaClient): Promise<number> {
  const rows = await db.$queryRawUnsafe<
    { kind: 'team' | 'competition' | 'bookmaker'; id: number; names: (string | null)[] }[]
  >(
    `SELECT 'team' AS kind, t.id, ARRAY[t.name_en, t.name_original, t.name_zh_cn, t.name_zh_hk] AS names
       FROM teams t WHERE NOT EXISTS (SELECT 1 FROM aliases a WHERE a.kind = 'team' AND a.entity_id = t.id)
     UNION ALL
     SELECT 'competition', c.id, ARRAY[c.name_en, c.name_original, c.name_zh_cn, c.name_zh_hk]
       FROM competitions c
      WHERE NOT EXISTS (SELECT 1 FROM aliases a WHERE a.kind = 'competition' AND a.entity_id = c.id)
     UNION ALL
     SELECT 'bookmaker', b.id, ARRAY[b.name_en, b.name]
       FROM bookmakers b
      WHERE NOT EXISTS (SELECT 1 FROM aliases a WHERE a.kind = 'bookmaker' AND a.entity_id = b.id)`,
  );
  const aliases = rows.flatMap((r) =>
    [...new Set(r.names.filter((n): n is string => Boolean(n)))].map((name, i) => ({
      kind: r.kind,
      entityId: r.id,
      name,
      language: i === 0 ? 'en' : 'alias',
      origin: 'stored',
    })),
  );
  if (aliases.length > 0) {
    await db.$transaction((tx) => insertAliases(tx, aliases));
  }
  return rows.length;
}

/**
 * Before a source's first pass: the demo's known names when none are loaded (so a club first
 * brought by a provider gets its Chinese names without `touchline map seed`), and stored
 * entities' own names as aliases.
 */
export async function ensureKnownNames(
  db: PrismaClient,
  demoGroups: () => Promise<readonly NameGroup[]>,
): Promise<void> {
  if ((await db.nameGroupEntry.count()) === 0) {
    await seedNameGroups(db, await demoGroups());
  }
  await aliasStoredNames(db);
}
