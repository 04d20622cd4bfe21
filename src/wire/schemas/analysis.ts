import Type from 'typebox';
import { ODDS_MARKETS } from '../../football/vocabulary.js';

/** A published AI report (spec 4.4), in the language named by `language` and Content-Language. */
export const AiReport = Type.Object(
  {
    matchId: Type.Integer({ format: 'int32' }),
    kind: Type.Enum(['basic', 'deep']),
    language: Type.Enum(['en', 'zh-CN', 'zh-HK'], { description: 'The language served' }),
    text: Type.String(),
    publishedAt: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);

/** Spec 2.11, docs/analysis.md "Tips distribution": only samples of more than ten tips. */
export const TipsDistributionEntry = Type.Object(
  {
    betType: Type.Enum(ODDS_MARKETS),
    line: Type.Optional(Type.Number({ description: 'Omitted for had' })),
    tips: Type.Integer({ minimum: 11 }),
    selections: Type.Array(
      Type.Object(
        {
          selection: Type.String(),
          count: Type.Integer(),
          percent: Type.Number({ description: 'Percent of `tips`, 2 decimals' }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
