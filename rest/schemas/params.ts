import Type from 'typebox';
import { OddsMarketParam } from '../../src/wire/schemas/odds.js';

/** Path `{matchId}`: a positive int32 (spec 4). */
export const MatchIdParams = Type.Object(
  {
    matchId: Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: 2147483647,
      description: 'The match id, as `data[].id` of the match lists gives it.',
    }),
  },
  { additionalProperties: false },
);

/** `{bookmaker}`: all digits = a bookmaker id; anything else = its exact raw `name`. */
export const MovementParams = Type.Object(
  {
    matchId: MatchIdParams.properties.matchId,
    market: OddsMarketParam,
    bookmaker: Type.String({ minLength: 1, description: 'Bookmaker id, or its exact raw name' }),
  },
  { additionalProperties: false },
);

/** Path `{playerId}`: a positive int32. */
export const PlayerIdParams = Type.Object(
  {
    playerId: Type.Integer({
      format: 'int32',
      minimum: 1,
      maximum: 2147483647,
      description: 'The player id, as events and line-ups give it (`playerId`).',
    }),
  },
  { additionalProperties: false },
);
