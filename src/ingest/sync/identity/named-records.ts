import type { Bookmaker, Competition, Team } from '../../format.js';
import type { Tx } from '../../import/upsert.js';
import type { BookmakerFact, CompetitionFact, TeamFact } from '../facts.js';
import { keysOf, type NamedFact, type NamedKind } from './named.js';
import type { AliasRow, GroupName } from './store.js';

/** The known names of the groups a fact's names belong to (zh-CN, zh-HK and aliases). */
export type GroupsByKey = ReadonlyMap<string, readonly GroupName[]>;

export function groupNamesOf(fact: NamedFact, groups: GroupsByKey): GroupName[] {
  return keysOf(fact).flatMap((k) => groups.get(k) ?? []);
}

const inLanguage = (names: readonly GroupName[], language: string) =>
  names.find((n) => n.language === language)?.name ?? null;

const prefer = <T>(fact: T | undefined, stored: T | undefined, fallback: T): T =>
  fact !== undefined ? fact : stored !== undefined ? stored : fallback;

async function storedRows<T extends { id: number }>(
  tx: Tx,
  table: string,
  columns: string,
  ids: readonly number[],
): Promise<Map<number, T>> {
  if (ids.length === 0) {
    return new Map();
  }
  const rows = await tx.$queryRawUnsafe<T[]>(
    `SELECT ${columns} FROM ${table} WHERE id = ANY($1::int[])`,
    [...ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

const COMPETITION_COLUMNS = `id, code, name_en AS "nameEn", name_zh_cn AS "nameZhCn",
  name_zh_hk AS "nameZhHk", name_original AS "nameOriginal", region::text AS region, country,
  type::text AS type, tie_breaks AS "tieBreaks"`;
const TEAM_COLUMNS = `id, name_original AS "nameOriginal", name_en AS "nameEn",
  name_zh_cn AS "nameZhCn", name_zh_hk AS "nameZhHk", country`;

/** A code no other competition has: the source's, else the source's with the id. */
async function freeCodes(tx: Tx, wanted: ReadonlyMap<number, string>) {
  const rows = await tx.$queryRawUnsafe<{ id: number; code: string }[]>(
    'SELECT id, code FROM competitions WHERE code = ANY($1::text[])',
    [...wanted.values()],
  );
  const holder = new Map(rows.map((r) => [r.code, r.id]));
  const out = new Map<number, string>();
  for (const [id, code] of wanted) {
    const taken = holder.get(code);
    out.set(id, taken === undefined || taken === id ? code : `${code}-${id}`.slice(0, 40));
    holder.set(code, id);
  }
  return out;
}

/**
 * The records of the competitions this source owns: its names and country over what is stored,
 * Chinese names kept (or taken from the known names when none is stored).
 */
export async function competitionRecords(
  tx: Tx,
  facts: readonly CompetitionFact[],
  ids: ReadonlyMap<string, number>,
  owned: ReadonlySet<number>,
  groups: GroupsByKey,
): Promise<Competition[]> {
  const mine = facts.filter((f) => owned.has(ids.get(f.sourceId) as number));
  const stored = await storedRows<Competition>(
    tx,
    'competitions',
    COMPETITION_COLUMNS,
    mine.map((f) => ids.get(f.sourceId) as number),
  );
  const codes = await freeCodes(
    tx,
    new Map(
      mine
        .filter((f) => !stored.has(ids.get(f.sourceId) as number))
        .map((f) => [ids.get(f.sourceId) as number, (f.code ?? f.sourceId).slice(0, 40)]),
    ),
  );
  return mine.map((fact) => {
    const id = ids.get(fact.sourceId) as number;
    const before = stored.get(id);
    const known = groupNamesOf(fact, groups);
    return {
      id,
      code: before?.code ?? (codes.get(id) as string),
      nameEn: fact.name,
      nameZhCn: before?.nameZhCn ?? inLanguage(known, 'zh-CN'),
      nameZhHk: before?.nameZhHk ?? inLanguage(known, 'zh-HK'),
      nameOriginal: before?.nameOriginal ?? null,
      region: prefer(fact.region, before?.region, 'Europe'),
      country: prefer(fact.country, before?.country, null),
      // A source that does not say keeps what is stored; the operator's tie-breaks are kept.
      type: prefer(fact.type, before?.type ?? undefined, 'league'),
      tieBreaks: before?.tieBreaks ?? [],
    };
  });
}

export async function teamRecords(
  tx: Tx,
  facts: readonly TeamFact[],
  ids: ReadonlyMap<string, number>,
  owned: ReadonlySet<number>,
  groups: GroupsByKey,
): Promise<Team[]> {
  const mine = facts.filter((f) => owned.has(ids.get(f.sourceId) as number));
  const stored = await storedRows<Team>(
    tx,
    'teams',
    TEAM_COLUMNS,
    mine.map((f) => ids.get(f.sourceId) as number),
  );
  return [...new Map(mine.map((f) => [ids.get(f.sourceId) as number, f])).entries()].map(
    ([id, fact]) => {
      const before = stored.get(id);
      const known = groupNamesOf(fact, groups);
      return {
        id,
        nameOriginal: before?.nameOriginal ?? fact.name,
        nameEn: fact.name,
        nameZhCn: before?.nameZhCn ?? inLanguage(known, 'zh-CN'),
        nameZhHk: before?.nameZhHk ?? inLanguage(known, 'zh-HK'),
        country: prefer(fact.country, before?.country, null),
      };
    },
  );
}

/**
 * A name no other bookmaker has (names are unique: movement addresses use them): the
 * provider's, else the English one (The Odds API's "Betfair" exchange beside football-data.co.uk's
 * "Betfair" sportsbook), else the provider's with its source id.
 */
async function freeBookmakerNames(tx: Tx, facts: ReadonlyMap<number, BookmakerFact>) {
  const choices = new Map(
    [...facts].map(([id, f]) => [
      id,
      [...new Set([f.name, f.nameEn ?? f.name, `${f.name} (${f.sourceId})`])],
    ]),
  );
  const rows = await tx.$queryRawUnsafe<{ id: number; name: string }[]>(
    'SELECT id, name FROM bookmakers WHERE name = ANY($1::text[])',
    [...choices.values()].flat(),
  );
  const holder = new Map(rows.map((r) => [r.name, r.id]));
  const out = new Map<number, string>();
  for (const [id, names] of choices) {
    const free = names.find((n) => (holder.get(n) ?? id) === id) ?? (names[0] as string);
    out.set(id, free);
    holder.set(free, id);
  }
  return out;
}

export async function bookmakerRecords(
  tx: Tx,
  facts: readonly BookmakerFact[],
  ids: ReadonlyMap<string, number>,
  owned: ReadonlySet<number>,
): Promise<Bookmaker[]> {
  const mine = facts.filter((f) => owned.has(ids.get(f.sourceId) as number));
  const byId = new Map(mine.map((f) => [ids.get(f.sourceId) as number, f]));
  const names = await freeBookmakerNames(tx, byId);
  return [...byId.entries()].map(([id, fact]) => ({
    id,
    name: names.get(id) as string,
    nameEn: fact.nameEn ?? fact.name,
    isAggregate: fact.isAggregate ?? false,
  }));
}

/** The alias rows of named facts: their own names, and for new entities their groups' known names. */
export function aliasRows(
  kind: NamedKind,
  facts: readonly NamedFact[],
  ids: ReadonlyMap<string, number>,
  created: ReadonlySet<number>,
  groups: GroupsByKey,
  origin: string,
): AliasRow[] {
  return facts.flatMap((fact) => {
    const entityId = ids.get(fact.sourceId);
    if (entityId === undefined) {
      return [];
    }
    const own: AliasRow[] = [fact.name, ...(fact.aliases ?? [])].map((name, i) => ({
      kind,
      entityId,
      name,
      language: i === 0 ? 'en' : 'alias',
      origin,
    }));
    const known = created.has(entityId)
      ? groupNamesOf(fact, groups).map((g) => ({ kind, entityId, ...g, origin: 'seed' }))
      : [];
    return [...own, ...known];
  });
}
