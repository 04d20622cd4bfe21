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

/** A kind's place among results level on the name (docs/decisions.md "Search ranking"). */
const KIND_ORDER = `CASE h.kind WHEN 'competition' THEN 0 WHEN 'team' THEN 1 ELSE 2 END`;

/**
 * The whole search in one statement (a statement is most of a cache-off answer's cost on
 * PGlite, docs/benchmarks.md): one btree range per kind and class (the UTF-8 bytes starting with
 * the key's: a `bytea` range sorts by code point whatever the collation), each read in term
 * order up to POOL rows; each entity's best hit (exact name, then whole-name prefix, then word
 * prefix; then the term's bytes); the best SEARCH_LIMIT of them (then competitions before teams
 * before players, then id); and their names, joined.
 */
function searchStatement(kinds: readonly SearchKind[], key: string) {
  const ranges = kinds.flatMap((kind) =>
    [true, false].map(
      (whole) => `(SELECT kind::text AS kind, entity_id AS id, whole, term, name
           FROM search_terms
          WHERE kind = '${kind}' AND whole = ${whole}
            AND term >= convert_to($1, 'UTF8')
            AND term < convert_to($1, 'UTF8') || '\\xf48fbfbf'::bytea
          ORDER BY term LIMIT ${POOL})`,
    ),
  );
  const text = `
    WITH hits AS (${ranges.join('\nUNION ALL\n')}),
    best AS (
      SELECT DISTINCT ON (h.kind, h.id) h.kind, h.id, h.term, h.name,
             CASE WHEN NOT h.whole THEN 2 WHEN h.term = convert_to($1, 'UTF8') THEN 0 ELSE 1 END
               AS class
        FROM hits h ORDER BY h.kind, h.id, class, h.term
    ),
    top AS (
      SELECT h.*, ${KIND_ORDER} AS kind_order FROM best h
       ORDER BY h.class, h.term, kind_order, h.id LIMIT ${SEARCH_LIMIT}
    )
    SELECT top.kind, top.id, top.name AS matched,
           COALESCE(c.name_en, t.name_en, p.name_en) AS "nameEn",
           COALESCE(c.name_zh_cn, t.name_zh_cn, p.name_zh_cn) AS "nameZhCn",
           COALESCE(c.name_zh_hk, t.name_zh_hk, p.name_zh_hk) AS "nameZhHk",
           COALESCE(c.name_original, t.name_original, p.name_original) AS "nameOriginal",
           COALESCE(c.country, t.country) AS country,
           pt.id AS "teamId", pt.name_en AS "teamEn", pt.name_zh_cn AS "teamZhCn",
           pt.name_zh_hk AS "teamZhHk"
      FROM top
      LEFT JOIN competitions c ON top.kind = 'competition' AND c.id = top.id
      LEFT JOIN teams t ON top.kind = 'team' AND t.id = top.id
      LEFT JOIN players p ON top.kind = 'player' AND p.id = top.id
      LEFT JOIN teams pt ON pt.id = p.team_id
     WHERE COALESCE(c.id, t.id, p.id) IS NOT NULL
     ORDER BY top.class, top.term, top.kind_order, top.id`;
  return { text, values: [key] };
}

/** One result as the statement reads it: the entity's names, and its club for a player. */
interface ResultRow {
  kind: SearchKind;
  id: number;
  matched: string;
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

const recordOf = (row: ResultRow): SearchResultRecord => ({
  type: row.kind,
  id: row.id,
  names: names(row.nameEn, row.nameZhCn, row.nameZhHk),
  nameOriginal: row.nameOriginal,
  country: row.country,
  team:
    row.teamId === null
      ? null
      : { id: row.teamId, names: names(row.teamEn ?? '', row.teamZhCn, row.teamZhHk) },
  matched: row.matched,
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
    const rows = await read<ResultRow>(searchStatement(type ? [type] : SEARCH_KINDS, key));
    return rows.map(recordOf);
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;
