import type { TSchema } from 'typebox';
import { SIDES } from '../../../football/vocabulary.js';
import {
  CornerAnalysis,
  CornerTeam,
  CornerVenue,
  MinuteMap,
} from '../../../wire/schemas/analysis-corners.js';
import {
  CompetitionRef,
  HandicapAnalysis,
  HistoryRow,
  OverUnderAnalysis,
  TeamHistory,
  TeamRef,
} from '../../../wire/schemas/analysis-market.js';
import { OddsMarketEnum, restEnum, SideEnum } from './enums.js';
import { type ObjectNaming, WireTypes } from './wire-objects.js';

/**
 * The handicap, over-under and corner documents as typed objects, derived from their wire
 * schemas (src/wire/schemas/analysis-*.ts): every field and value is the REST `data` document's,
 * except that a map keyed by data (a minute bucket -> count) is a list of `{ bucket, count }`,
 * in the document's order. docs/analysis.md describes every field.
 */

const HANDICAP_RESULTS = ['win', 'halfWin', 'push', 'halfLoss', 'loss'] as const;
const TOTAL_RESULTS = ['over', 'halfOver', 'push', 'halfUnder', 'under'] as const;

const HandicapResultEnum = restEnum(
  'HandicapResult',
  HANDICAP_RESULTS,
  "A handicap line's settlement from the analysed team's side (quarter lines: HALF_WIN, HALF_LOSS).",
);
const OverUnderResultEnum = restEnum(
  'OverUnderResult',
  TOTAL_RESULTS,
  "A goal line's settlement from the over side (quarter lines: HALF_OVER, HALF_UNDER).",
);

/** The parts of a market document below `bookmakers`, named per market (their statistics differ). */
function marketObjects(
  document: typeof HandicapAnalysis | typeof OverUnderAnalysis,
  prefix: string,
) {
  const bookmaker = document.properties.bookmakers.items;
  const team = bookmaker.properties.home;
  const selections = team.properties.all;
  const selection = selections.properties.openingOnly;
  const evaluation = selection.properties.opening;
  return [
    [
      bookmaker,
      { name: `${prefix}Bookmaker`, description: 'One real bookmaker with odds for the market.' },
    ],
    [
      team,
      {
        name: `${prefix}TeamAtBookmaker`,
        description:
          "A team at this bookmaker: its lines and results, aligned with the team's `history`.",
      },
    ],
    [
      selections,
      { name: `${prefix}Selections`, description: 'The sample selections of one scope.' },
    ],
    [
      selection,
      {
        name: `${prefix}Selection`,
        description: '`matchIds` only when the selection is not every row with the lines.',
      },
    ],
    [evaluation, { name: `${prefix}Evaluation` }],
    [evaluation.properties.statistics, { name: `${prefix}Statistics` }],
  ] as const satisfies readonly (readonly [TSchema, ObjectNaming])[];
}

const wireTypes = new WireTypes({
  objects: new Map<TSchema, ObjectNaming>([
    [
      CompetitionRef,
      {
        name: 'AnalysisCompetition',
        description: 'A competition by id (as `Competition.id`) and English name.',
      },
    ],
    [
      TeamRef,
      { name: 'AnalysisTeam', description: 'A team by id (as `Team.id`) and English name.' },
    ],
    [
      HistoryRow,
      {
        name: 'AnalysisHistoryRow',
        description: 'An earlier match of the team; `venue` is where the team played.',
      },
    ],
    [
      TeamHistory,
      {
        name: 'AnalysisTeamHistory',
        description: "A team's sampled earlier matches, latest first.",
      },
    ],
    ...marketObjects(HandicapAnalysis, 'Handicap'),
    ...marketObjects(OverUnderAnalysis, 'OverUnder'),
    [CornerTeam, { name: 'CornerTeam', description: 'A team: its samples at home and away.' }],
    [
      CornerVenue,
      {
        name: 'CornerVenue',
        description:
          'Spec 2.10: null = no earlier match with corner minutes; 0 / [] = no earlier match.',
      },
    ],
    [
      MinuteMap,
      {
        name: 'CornerBucketCount',
        description: 'One minute bucket of a REST map and its count (not a percentage).',
        entries: { key: 'bucket', value: 'count' },
      },
    ],
  ]),
  enums: [
    { values: SIDES, type: SideEnum },
    // The document's market (hdp, hilo) is a value of OddsMarket, as tips' betType is.
    { values: ['hdp', 'hilo'], type: OddsMarketEnum },
    { values: HANDICAP_RESULTS, type: HandicapResultEnum },
    { values: TOTAL_RESULTS, type: OverUnderResultEnum },
    // '0-15', '31-45+' ... are not GraphQL names.
    { values: CornerAnalysis.properties.buckets.items.enum, type: 'String' },
  ],
});

export const HandicapAnalysisType = wireTypes.objectOf(
  HandicapAnalysis,
  'HandicapAnalysis',
  'GET /matches/{matchId}/analysis/handicap (docs/analysis.md "Handicap and over-under").',
);
export const OverUnderAnalysisType = wireTypes.objectOf(
  OverUnderAnalysis,
  'OverUnderAnalysis',
  'GET /matches/{matchId}/analysis/over-under (docs/analysis.md "Handicap and over-under").',
);
export const CornerAnalysisType = wireTypes.objectOf(
  CornerAnalysis,
  'CornerAnalysis',
  'GET /matches/{matchId}/analysis/corners (spec 2.10, docs/analysis.md "Corner analysis").',
);
