import type { Tx } from '../../import/upsert.js';
import { stableId } from '../../sources/stable-id.js';
import { nameKey } from './name-key.js';
import {
  type EntityKind,
  type ExternalRow,
  entitiesByKey,
  loadExternalIds,
  takenIds,
  type UnmatchedRow,
} from './store.js';

/** A competition, team or bookmaker as a source names it. */
export interface NamedFact {
  sourceId: string;
  name: string;
  aliases?: readonly string[] | undefined;
  country?: string | null | undefined;
}

export type NamedKind = Exclude<EntityKind, 'event' | 'match'>;

/** Where each source id led: an entity (and whether this pass created it), or nowhere. */
interface NamedResolution {
  ids: Map<string, number>;
  /** Entities this source owns (created, now or earlier): it writes their records. */
  owned: Set<number>;
  /** Source ids linked or created in this pass (new external ids). */
  added: ExternalRow[];
  created: Set<number>;
  unmatched: UnmatchedRow[];
}

export const keysOf = (fact: NamedFact) => [
  ...new Set([fact.name, ...(fact.aliases ?? [])].map(nameKey).filter((k) => k !== '')),
];

/**
 * New ids are derived from the source and its id (the same facts give the same ids in every
 * store), moved past any id already taken.
 */
export async function allocateIds(
  tx: Tx,
  kind: Exclude<EntityKind, 'event'>,
  seeds: readonly string[],
): Promise<number[]> {
  const wanted = seeds.map((seed) => stableId(`${kind}|${seed}`));
  const taken = await takenIds(tx, kind, wanted);
  const out: number[] = [];
  for (const first of wanted) {
    let id = first;
    while (taken.has(id)) {
      id = id >= 2_147_483_647 ? 1 : id + 1;
    }
    taken.add(id);
    out.push(id);
  }
  return out;
}

async function countries(tx: Tx, kind: NamedKind, ids: readonly number[]) {
  if (kind === 'bookmaker' || ids.length === 0) {
    return new Map<number, string | null>();
  }
  const rows = await tx.$queryRawUnsafe<{ id: number; country: string | null }[]>(
    `SELECT id, country FROM ${kind === 'team' ? 'teams' : 'competitions'} WHERE id = ANY($1::int[])`,
    [...ids],
  );
  return new Map(rows.map((r) => [r.id, r.country]));
}

/** Candidates of one fact; several narrowed by country where the fact has one. */
function narrow(
  candidates: number[],
  fact: NamedFact,
  countryOf: ReadonlyMap<number, string | null>,
): number[] {
  if (candidates.length < 2 || !fact.country) {
    return candidates;
  }
  const same = candidates.filter((id) => countryOf.get(id) === fact.country);
  return same.length > 0 ? same : candidates;
}

/**
 * Resolves a source's competitions, teams or bookmakers (DECISIONS.md "Sources"): by the source's
 * id when it was seen before, else by alias (exactly one entity known by one of its names), else
 * a new entity when the source may create (`create`), else listed for `touchline map`. Facts
 * sharing a name within one pass are one entity.
 */
export async function resolveNamed(
  tx: Tx,
  source: string,
  kind: NamedKind,
  facts: readonly NamedFact[],
  create: boolean,
): Promise<NamedResolution> {
  const result: NamedResolution = {
    ids: new Map(),
    owned: new Set(),
    added: [],
    created: new Set(),
    unmatched: [],
  };
  const known = await loadExternalIds(
    tx,
    source,
    kind,
    facts.map((f) => f.sourceId),
  );
  for (const [sourceId, row] of known) {
    result.ids.set(sourceId, row.entityId);
    if (row.owner) {
      result.owned.add(row.entityId);
    }
  }
  const rest = [
    ...new Map(facts.filter((f) => !known.has(f.sourceId)).map((f) => [f.sourceId, f])).values(),
  ];
  if (rest.length === 0) {
    return result;
  }
  const byKey = await entitiesByKey(tx, kind, rest.flatMap(keysOf));
  const all = [...new Set([...byKey.values()].flat())];
  const countryOf = await countries(tx, kind, all);
  const toCreate: NamedFact[] = [];
  for (const fact of rest) {
    const candidates = narrow(
      [...new Set(keysOf(fact).flatMap((k) => byKey.get(k) ?? []))],
      fact,
      countryOf,
    );
    const [only] = candidates;
    if (candidates.length === 1 && only !== undefined) {
      result.ids.set(fact.sourceId, only);
      result.added.push({ sourceId: fact.sourceId, entityId: only, matchId: null, owner: false });
    } else if (candidates.length === 0 && create) {
      toCreate.push(fact);
    } else {
      result.unmatched.push({
        kind,
        sourceId: fact.sourceId,
        name: fact.name,
        detail: candidates.length > 1 ? 'more than one entity has this name' : null,
        candidates,
      });
    }
  }
  const ids = await allocateIds(
    tx,
    kind,
    toCreate.map((f) => `${source}|${f.sourceId}`),
  );
  const createdByKey = new Map<string, number>();
  toCreate.forEach((fact, i) => {
    const shared = keysOf(fact)
      .map((k) => createdByKey.get(k))
      .find((id) => id !== undefined);
    const id = shared ?? (ids[i] as number);
    for (const key of keysOf(fact)) {
      createdByKey.set(key, id);
    }
    result.ids.set(fact.sourceId, id);
    result.owned.add(id);
    result.created.add(id);
    result.added.push({ sourceId: fact.sourceId, entityId: id, matchId: null, owner: true });
  });
  return result;
}
