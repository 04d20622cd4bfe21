/**
 * Which table a cup match counts in, by its round's name: a group (`Group A`, `Group A,
 * Matchday 2`, football-data.org's `GROUP_A`) has a table of its own; a league phase (`League,
 * Matchday 1`, `League stage`) one table for all; a knockout round (`Final`, `Round of 16`,
 * `Playoffs`) none. A league's matches all count in its one table.
 */
export type TableOf = { group: string } | { group: undefined } | null;

const GROUP = /^group[\s_]+([A-Za-z0-9]{1,3})\b/i;
const LEAGUE_PHASE = /^league\b/i;

export function tableOfRound(round: string | null, type: 'league' | 'cup'): TableOf {
  if (type === 'league') {
    return { group: undefined };
  }
  const text = (round ?? '').trim();
  const group = GROUP.exec(text);
  if (group) {
    return { group: `Group ${(group[1] as string).toUpperCase()}` };
  }
  return LEAGUE_PHASE.test(text) ? { group: undefined } : null;
}
