import { bool, type Column, computed, enumOf, int, type TableSpec, text } from './sql-types.js';

/**
 * A file whose record is a parent row plus an ordered list of child rows (a team sheet and its
 * players, a regional board and its pools). Children missing from the record are deleted.
 */
export interface NestedFile {
  parent: TableSpec;
  child: TableSpec;
  /** The columns that identify the parent (and lead the child key). */
  groupBy: readonly string[];
  /** DELETE ... USING the record set `x`: the children a record no longer lists. */
  staleChildren: { where: string; fields: Record<string, string> };
  /** Bump the parent's `updated_at` when only its children changed. */
  touchParentOnChildChange: boolean;
}

/** A child value read from the array element `c.v` (JSON null and absent both give NULL). */
const element = (name: string, key: string, type: string): Column =>
  computed(name, `(c.v->>'${key}')${type}`, {}, (_x, v) => v?.[key]);
const withDefault = (
  name: string,
  key: string,
  type: string,
  fallback: string,
  jsFallback: unknown,
): Column =>
  computed(
    name,
    `COALESCE((c.v->>'${key}')${type}, ${fallback})`,
    {},
    (_x, v) => v?.[key] ?? jsFallback,
  );

const children = (array: string) => ({
  join: `CROSS JOIN LATERAL json_array_elements(x."${array}") WITH ORDINALITY AS c(v, ord)`,
  fields: { [array]: 'json' },
});

export const LINEUPS: NestedFile = {
  parent: {
    table: 'lineup_teams',
    key: ['match_id', 'side'],
    columns: [
      int('match_id', 'matchId'),
      enumOf('Side')('side', 'side'),
      bool('published', 'published'),
      text('formation', 'formation'),
      text('coach', 'coach'),
    ],
  },
  child: {
    table: 'lineup_players',
    key: ['match_id', 'side', 'seq'],
    ...children('players'),
    columns: [
      int('match_id', 'matchId'),
      enumOf('Side')('side', 'side'),
      // seq = index in `players` (ordinality counts from 1).
      computed('seq', '(c.ord - 1)::int', {}, (_x, _v, index) => index),
      element('name', 'name', ''),
      element('shirt_number', 'shirtNumber', '::numeric::int'),
      element('position', 'position', ''),
      element('x', 'x', '::double precision'),
      element('y', 'y', '::double precision'),
      element('rating', 'rating', '::double precision'),
      element('starter', 'starter', '::boolean'),
      withDefault('captain', 'captain', '::boolean', 'false', false),
      withDefault('goals', 'goals', '::numeric::int', '0', 0),
      withDefault('yellow_cards', 'yellowCards', '::numeric::int', '0', 0),
      withDefault('red_cards', 'redCards', '::numeric::int', '0', 0),
      element('sub_in_minute', 'subInMinute', '::numeric::int'),
      element('sub_out_minute', 'subOutMinute', '::numeric::int'),
      element('player_id', 'playerId', '::numeric::int'),
    ],
  },
  groupBy: ['match_id', 'side'],
  staleChildren: {
    where:
      'p.match_id = x."matchId"::int AND p.side = x."side"::"Side" AND p.seq >= json_array_length(x."players")',
    fields: { matchId: 'numeric', side: 'text', players: 'json' },
  },
  touchParentOnChildChange: false,
};

export const REGIONAL: NestedFile = {
  parent: {
    table: 'regional_boards',
    key: ['match_id'],
    touch: ['updated_at'],
    columns: [
      int('match_id', 'matchId'),
      text('operator', 'operator'),
      text('reference', 'reference'),
    ],
  },
  child: {
    table: 'regional_pools',
    key: ['match_id', 'pool'],
    ...children('pools'),
    columns: [
      int('match_id', 'matchId'),
      element('pool', 'pool', ''),
      ...['line', 'home', 'draw', 'away', 'over', 'under'].map((k) =>
        element(k, k, '::double precision'),
      ),
      withDefault('selling_status', 'sellingStatus', '', `'selling'`, 'selling'),
    ],
  },
  groupBy: ['match_id'],
  staleChildren: {
    where: `p.match_id = x."matchId"::int AND NOT EXISTS (SELECT 1 FROM json_array_elements(x."pools") AS e(v) WHERE e.v->>'pool' = p.pool)`,
    fields: { matchId: 'numeric', pools: 'json' },
  },
  touchParentOnChildChange: true,
};
