import type { SqlRead } from '../db/database.js';
import { ApiError } from '../errors/api-error.js';
import { SEARCH_KINDS, type SearchKind } from '../search/term-store.js';
import { searchKey } from '../search/terms.js';
import { type Names, names } from './match-record.js';

/** At most this many results (issue 49). */
export const SEARCH_LIMIT = 20;
/** A longer `q` is refused (names are short; the bound keeps the terms' range cheap). */
export const SEARCH_MAX_LENGTH = 100;
/** Index rows read per kind and class: several names of one entity may share a prefix. */
const POOL = 100;

export interface SearchResultRecord {
  type: SearchKind;
  id: number;
  names: Names;
  nameOriginal: string | null;
  /** A competition's or a team's country. */
  country: string | null;
  /** A player's club now. */
  team: { id: number; names: Names } | null;
  /** The name as written that matched (a served name or an alias). */
  matched: string;
}

interface TermHit {
  kind: SearchKind;
  id: number;
  whole: boolean;
  term: string;
  name: string;
}

/** Exact name, whole-name prefix, word prefix (docs/decisions.md "Search ranking"). */
const classOf = (hit: TermHit, key: string) => (!hit.whole ? 2 : hit.term === key ? 0 : 1);
const KIND_ORDER: Record<SearchKind, number> = { competition: 0, team: 1, player: 2 };

function compareHits(key: string) {
  return (a: TermHit, b: TermHit) =>
    classOf(a, key) - classOf(b, key) ||
    Buffer.compare(Buffer.from(a.term), Buffer.from(b.term)) ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    a.id - b.id;
}

/** The best hit of each entity, best first, at most SEARCH_LIMIT. */
export function rankHits(hits: readonly TermHit[], key: string): TermHit[] {
  const seen = new Set<string>();
  const out: TermHit[] = [];
  for (const hit of [...hits].sort(compareHits(key))) {
    const id = `${hit.kind}:${hit.id}`;
    if (!seen.has(id)) {
      seen.add(id);
      out.push(hit);
    }
  }
  return out.slice(0, SEARCH_LIMIT);
}

/**
 * One btree range per kind and class (the UTF-8 bytes starting with the key's: a `bytea` range
 * sorts by code point whatever the collation), each read in term order up to POOL rows.
 */
function termsStatement(kinds: readonly SearchKind[], key: string) {
  const parts = kinds.flatMap((kind) =>
    [true, false].map(
      (whole) => `(SELECT kind::text AS kind, entity_id AS id, whole,
                convert_from(term, 'UTF8') AS term, name
           FROM search_terms
          WHERE kind = '${kind}' AND whole = ${whole}
            AND term >= convert_to($1, 'UTF8')
            AND term < convert_to($1, 'UTF8') || '\\xf48fbfbf'::bytea
          ORDER BY term LIMIT ${POOL})`,
    ),
  );
  return { text: parts.join('\nUNION ALL\n'), values: [key] };
}

interface EntityRow {
  id: number;
  nameEn: string;
  nameZhCn: string | null;
  nameZhHk: string | null;
  nameOriginal: string | null;
  country: string | null;
  teamId: number | null;
  teamEn: string | null;
  teamZhCn: string | null;
  teamZhHk: string | null;
}

const NAMES = `e.id, e.name_en AS "nameEn", e.name_zh_cn AS "nameZhCn", e.name_zh_hk AS "nameZhHk",
  e.name_original AS "nameOriginal"`;
const NO_TEAM = `NULL::int AS "teamId", NULL AS "teamEn", NULL AS "teamZhCn", NULL AS "teamZhHk"`;
const ENTITY_SQL: Record<SearchKind, string> = {
  competition: `SELECT ${NAMES}, e.country, ${NO_TEAM} FROM competitions e WHERE e.id = ANY($1::int[])`,
  team: `SELECT ${NAMES}, e.country, ${NO_TEAM} FROM teams e WHERE e.id = ANY($1::int[])`,
  player: `SELECT ${NAMES}, NULL AS country, t.id AS "teamId", t.name_en AS "teamEn",
      t.name_zh_cn AS "teamZhCn", t.name_zh_hk AS "teamZhHk"
    FROM players e LEFT JOIN teams t ON t.id = e.team_id WHERE e.id = ANY($1::int[])`,
};

const recordOf = (hit: TermHit, row: EntityRow): SearchResultRecord => ({
  type: hit.kind,
  id: row.id,
  names: names(row.nameEn, row.nameZhCn, row.nameZhHk),
  nameOriginal: row.nameOriginal,
  country: row.country,
  team:
    row.teamId === null
      ? null
      : { id: row.teamId, names: names(row.teamEn ?? '', row.teamZhCn, row.teamZhHk) },
  matched: hit.name,
});

/** `q` checked and normalised: 400 `invalid_parameter` naming `q` when unusable. */
export function searchKeyOf(q: string | undefined): string {
  if (q === undefined || q.length > SEARCH_MAX_LENGTH) {
    throw new ApiError('invalid_parameter', `q: 1 to ${SEARCH_MAX_LENGTH} characters`, {
      parameter: 'q',
    });
  }
  const key = searchKey(q);
  if (key === '') {
    throw new ApiError('invalid_parameter', 'q: no letters or digits to search for', {
      parameter: 'q',
    });
  }
  return key;
}

/** Issue 49's search over competitions', teams' and players' names and aliases. */
export function createSearchService({ read }: { read: SqlRead }) {
  async function search(q: string, type?: SearchKind): Promise<SearchResultRecord[]> {
    const key = searchKeyOf(q);
    const hits = await read<TermHit>(termsStatement(type ? [type] : SEARCH_KINDS, key));
    const ranked = rankHits(hits, key);
    const rows = new Map<string, EntityRow>();
    for (const kind of SEARCH_KINDS) {
      const ids = ranked.filter((h) => h.kind === kind).map((h) => h.id);
      if (ids.length > 0) {
        for (const row of await read<EntityRow>({ text: ENTITY_SQL[kind], values: [ids] })) {
          rows.set(`${kind}:${row.id}`, row);
        }
      }
    }
    return ranked.flatMap((hit) => {
      const row = rows.get(`${hit.kind}:${hit.id}`);
      return row ? [recordOf(hit, row)] : [];
    });
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;
