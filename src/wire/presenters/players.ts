import type { Static } from 'typebox';
import type { PlayerRecord } from '../../football/players.js';
import type { Language } from '../../i18n/language.js';
import type { Player } from '../schemas/players.js';
import { optional } from './common.js';
import { nameIn } from './match.js';

/** The one builder of a player's payload (REST and GraphQL's `Player`). */
export function presentPlayer(player: PlayerRecord, language: Language): Static<typeof Player> {
  return {
    id: player.id,
    name: nameIn(player.names, language),
    ...optional('nameOriginal', player.nameOriginal),
    ...optional(
      'team',
      player.team && { id: player.team.id, name: nameIn(player.team.names, language) },
    ),
    ...optional('position', player.position),
    ...optional('nationality', player.nationality),
    ...optional('birthDate', player.birthDate),
  };
}
