import type { TeamRow } from '../../demo/data/team-row.js';
import { CSL_TEAMS, HKPL_TEAMS, J1_TEAMS, K1_TEAMS } from '../../demo/data/teams-asia.js';
import {
  BUNDESLIGA_TEAMS,
  EPL_TEAMS,
  LALIGA_TEAMS,
  SERIE_A_TEAMS,
} from '../../demo/data/teams-europe.js';
import type { AliasGroup } from './group.js';

const LEAGUES = [
  EPL_TEAMS,
  LALIGA_TEAMS,
  SERIE_A_TEAMS,
  BUNDESLIGA_TEAMS,
  J1_TEAMS,
  K1_TEAMS,
  CSL_TEAMS,
  HKPL_TEAMS,
];

/**
 * The demo's real clubs (src/ingest/demo/data/teams-*.ts) with their Chinese names: the English
 * name, simplified and traditional Chinese, and the original name as an alias where it differs
 * (`Brighton & Hove Albion`, `浦和レッズ`).
 */
export function demoGroups(): AliasGroup[] {
  return LEAGUES.flat().map((row: TeamRow) => {
    const [original, en, zhCn, zhHk] = row;
    return {
      kind: 'team',
      names: { en, 'zh-CN': zhCn, 'zh-HK': zhHk, aliases: original === en ? [] : [original] },
      source: 'demo',
    };
  });
}
