import type { Static } from 'typebox';
import type { AiReport, TipsDistributionEntry } from '../../src/wire/schemas/analysis.js';

/**
 * Examples of the AI report and tips routes' 200 bodies for match 1000042, Arsenal v Chelsea
 * (rest/examples); the market analyses are in market-analysis.ts.
 */

export const AI_BASIC = {
  matchId: 1000042,
  kind: 'basic',
  language: 'en',
  text: 'Arsenal host Chelsea in the Premier League (Round 13). The market makes Arsenal favourites at 1.85, with the Asian handicap at -0.5 and the goal line at 2.75. Arsenal have won two of the last three meetings without losing; lean: an Arsenal win.',
  publishedAt: '2026-11-22T06:00:00.000Z',
} satisfies Static<typeof AiReport>;

export const AI_DEEP = {
  matchId: 1000042,
  kind: 'deep',
  language: 'en',
  text: "Match preview: Arsenal v Chelsea, Premier League, Round 13.\n\nPricing: Arsenal shortened from 1.90 to 1.85 through the week and the handicap moved from -0.25 to -0.5, so the money is on the home side.\n\nForm: Arsenal have covered the handicap in their last home league match; Chelsea have not lost against the handicap in their last two.\n\nSet pieces: our corner model projects about 10 corners, most of them Arsenal's and most in the second half.\n\nVerdict: an Arsenal win. Risk: medium. Chelsea on +0.5 is the value side if the line moves again.",
  publishedAt: '2026-11-22T06:00:00.000Z',
} satisfies Static<typeof AiReport>;

export const TIPS_DISTRIBUTION = [
  {
    betType: 'had',
    tips: 48,
    selections: [
      { selection: 'home', count: 27, percent: 56.25 },
      { selection: 'draw', count: 9, percent: 18.75 },
      { selection: 'away', count: 12, percent: 25 },
    ],
  },
  {
    betType: 'hdp',
    line: -0.5,
    tips: 23,
    selections: [
      { selection: 'home', count: 14, percent: 60.87 },
      { selection: 'away', count: 9, percent: 39.13 },
    ],
  },
  {
    betType: 'hilo',
    line: 2.75,
    tips: 15,
    selections: [
      { selection: 'over', count: 11, percent: 73.33 },
      { selection: 'under', count: 4, percent: 26.67 },
    ],
  },
] satisfies Static<typeof TipsDistributionEntry>[];
