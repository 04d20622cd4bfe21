import type { ImportFileName } from '../format.js';
import {
  bool,
  type Column,
  computed,
  day,
  enumOf,
  float,
  int,
  type Rec,
  type TableSpec,
  text,
  timestamp,
} from './sql-types.js';

/** The files that map to one table, one record per row. */
export type FlatFileName = Exclude<ImportFileName, 'lineups.ndjson' | 'regional.ndjson'>;

const side = enumOf('Side');
const market = enumOf('Market');
const names = [
  text('name_en', 'nameEn'),
  text('name_zh_cn', 'nameZhCn'),
  text('name_zh_hk', 'nameZhHk'),
];

/** One price set of an odds record (`open` or `close`): a JSON object read by key. */
const priceColumns = (set: 'open' | 'close', at: string): Column[] => [
  ...['line', 'home', 'draw', 'away', 'over', 'under'].map((key) =>
    computed(
      `${set}_${key}`,
      `(x."${set}"->>'${key}')::double precision`,
      { [set]: 'json' },
      (x) => (x[set] as Rec | null | undefined)?.[key],
    ),
  ),
  computed(
    at,
    `(x."${set}"->>'at')::timestamptz`,
    { [set]: 'json' },
    (x) => (x[set] as Rec | null | undefined)?.['at'],
  ),
];

const prices = ['line', 'home', 'draw', 'away', 'over', 'under'].map((c) => float(c, c));

const EXCHANGE_COLUMNS = [int('match_id', 'matchId'), text('payload', 'payload')];

/** Each flat file's table specs (exchange has two: with and without `receivedAt`). */
export const FLAT_FILES: Record<FlatFileName, TableSpec[]> = {
  'competitions.ndjson': [
    {
      table: 'competitions',
      key: ['id'],
      columns: [
        int('id', 'id'),
        text('code', 'code'),
        ...names,
        text('name_original', 'nameOriginal'),
        enumOf('Region')('region', 'region'),
        text('country', 'country'),
        computed(
          'type',
          `COALESCE(x."type", 'league')::"CompetitionType"`,
          { type: 'text' },
          (x) => x['type'] ?? 'league',
        ),
        computed(
          'tie_breaks',
          `ARRAY(SELECT json_array_elements_text(x."tieBreaks"))`,
          { tieBreaks: 'json' },
          (x) => `{${((x['tieBreaks'] as string[] | null | undefined) ?? []).join(',')}}`,
        ),
      ],
    },
  ],
  'teams.ndjson': [
    {
      table: 'teams',
      key: ['id'],
      columns: [
        int('id', 'id'),
        text('name_original', 'nameOriginal'),
        ...names,
        text('country', 'country'),
      ],
    },
  ],
  'players.ndjson': [
    {
      table: 'players',
      key: ['id'],
      touch: ['updated_at'],
      columns: [
        int('id', 'id'),
        ...names,
        text('name_original', 'nameOriginal'),
        int('team_id', 'teamId'),
        text('position', 'position'),
        text('nationality', 'nationality'),
        day('birth_date', 'birthDate'),
      ],
    },
  ],
  'bookmakers.ndjson': [
    {
      table: 'bookmakers',
      key: ['id'],
      columns: [
        int('id', 'id'),
        text('name', 'name'),
        text('name_en', 'nameEn'),
        bool('is_aggregate', 'isAggregate'),
      ],
    },
  ],
  'matches.ndjson': [
    {
      table: 'matches',
      key: ['id'],
      touch: ['updated_at'],
      columns: [
        int('id', 'id'),
        int('competition_id', 'competitionId'),
        int('home_team_id', 'homeTeamId'),
        int('away_team_id', 'awayTeamId'),
        enumOf('MatchStatus')('status', 'status'),
        text('minute', 'minute'),
        timestamp('kickoff_utc', 'kickoffUtc'),
        text('season', 'season'),
        text('round', 'round'),
        text('venue', 'venue'),
        int('home_score', 'homeScore'),
        int('away_score', 'awayScore'),
        int('ht_home_score', 'htHomeScore'),
        int('ht_away_score', 'htAwayScore'),
        int('et_home_score', 'etHomeScore'),
        int('et_away_score', 'etAwayScore'),
        int('pen_home_score', 'penHomeScore'),
        int('pen_away_score', 'penAwayScore'),
        enumOf('MatchDecision')('decided_by', 'decidedBy'),
        enumOf('MatchWinner')('winner', 'winner'),
        int('home_corners', 'homeCorners'),
        int('away_corners', 'awayCorners'),
        int('home_yellow', 'homeYellow'),
        int('home_red', 'homeRed'),
        int('away_yellow', 'awayYellow'),
        int('away_red', 'awayRed'),
      ],
    },
  ],
  'events.ndjson': [
    {
      table: 'match_events',
      key: ['match_id', 'seq'],
      columns: [
        int('match_id', 'matchId'),
        int('seq', 'seq'),
        int('minute', 'minute'),
        int('extra_minute', 'extraMinute'),
        enumOf('EventType')('type', 'type'),
        side('side', 'side'),
        text('player', 'player'),
        text('related_player', 'relatedPlayer'),
        text('detail', 'detail'),
        int('player_id', 'playerId'),
        int('related_player_id', 'relatedPlayerId'),
      ],
    },
  ],
  'statistics.ndjson': [
    {
      table: 'match_statistics',
      key: ['match_id', 'type'],
      columns: [
        int('match_id', 'matchId'),
        text('type', 'type'),
        float('home', 'home'),
        float('away', 'away'),
        computed('sort', 'COALESCE(x."sort"::int, 0)', { sort: 'numeric' }, (x) => x['sort'] ?? 0),
      ],
    },
  ],
  'odds.ndjson': [
    {
      table: 'odds',
      key: ['match_id', 'bookmaker_id', 'market'],
      columns: [
        int('match_id', 'matchId'),
        int('bookmaker_id', 'bookmakerId'),
        market('market', 'market'),
        ...priceColumns('open', 'opened_at'),
        ...priceColumns('close', 'closed_at'),
      ],
    },
  ],
  'movements.ndjson': [
    {
      table: 'odds_movements',
      key: ['match_id', 'market', 'bookmaker_id', 'seq'],
      columns: [
        int('match_id', 'matchId'),
        market('market', 'market'),
        int('bookmaker_id', 'bookmakerId'),
        int('seq', 'seq'),
        timestamp('changed_at', 'changedAt'),
        ...prices,
        text('live_score', 'liveScore'),
        text('live_minute', 'liveMinute'),
      ],
    },
  ],
  'exchange.ndjson': [
    {
      table: 'exchange_odds',
      key: ['match_id'],
      columns: [...EXCHANGE_COLUMNS, timestamp('received_at', 'receivedAt')],
      where: 'x."receivedAt" IS NOT NULL',
      stageWhere: 'x."received_at" IS NOT NULL',
    },
    // Without `receivedAt`, a new row gets the import time and an existing one keeps its time
    // unless the payload changed: a re-import of the same folder changes nothing.
    {
      table: 'exchange_odds',
      key: ['match_id'],
      touch: ['received_at'],
      columns: EXCHANGE_COLUMNS,
      where: 'x."receivedAt" IS NULL',
      stageWhere: 'x."received_at" IS NULL',
      fields: { receivedAt: 'text' },
    },
  ],
  'ai-reports.ndjson': [
    {
      table: 'ai_reports',
      key: ['match_id', 'kind', 'language'],
      columns: [
        int('match_id', 'matchId'),
        enumOf('ReportKind')('kind', 'kind'),
        // `zh-CN` is the enum label `zh_CN` (labels avoid `-`).
        computed(
          'language',
          `replace(x."language", '-', '_')::"Language"`,
          { language: 'text' },
          (x) => (x['language'] as string).replaceAll('-', '_'),
        ),
        bool('published', 'published'),
        text('text', 'text'),
        timestamp('published_at', 'publishedAt'),
      ],
    },
  ],
  'tips.ndjson': [
    {
      table: 'customer_tips',
      key: ['match_id', 'seq'],
      columns: [
        int('match_id', 'matchId'),
        int('seq', 'seq'),
        market('bet_type', 'betType'),
        float('line', 'line'),
        text('selection', 'selection'),
        timestamp('placed_at', 'placedAt'),
      ],
    },
  ],
};
