import Type from 'typebox';

/**
 * A football.json league-season file (https://github.com/openfootball/football.json): `name`
 * and a flat `matches` list. Only the fields this source reads; others are allowed.
 */
const Goals = Type.Integer({ minimum: 0, maximum: 99 });
const Pair = Type.Tuple([Goals, Goals]);

/** Half-time, full-time (90 minutes), after extra time, penalty shoot-out; `{}` when unplayed. */
export const FootballJsonScore = Type.Object({
  ht: Type.Optional(Pair),
  ft: Type.Optional(Pair),
  et: Type.Optional(Pair),
  p: Type.Optional(Pair),
});

export const FootballJsonMatch = Type.Object({
  round: Type.Optional(Type.String()),
  date: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
  /** Local time; missing while a fixture's time is not set. */
  time: Type.Optional(Type.String({ pattern: '^[0-9]{1,2}:[0-9]{2}$' })),
  team1: Type.String({ pattern: '\\S' }),
  team2: Type.String({ pattern: '\\S' }),
  score: Type.Optional(FootballJsonScore),
  /** Set on matches that did not go ahead as planned (`postponed`). */
  status: Type.Optional(Type.String()),
  ground: Type.Optional(Type.String()),
});

export const FootballJsonFile = Type.Object({
  name: Type.String({ pattern: '\\S' }),
  matches: Type.Array(FootballJsonMatch),
});
