import type { Static } from 'typebox';
import type { SearchResultRecord } from '../../football/search.js';
import type { Language } from '../../i18n/language.js';
import type { SearchResult } from '../schemas/search.js';
import { optional } from './common.js';
import { nameIn } from './match.js';

/** The one builder of a search result (REST and GraphQL's `SearchResult`). */
export function presentSearchResult(
  result: SearchResultRecord,
  language: Language,
): Static<typeof SearchResult> {
  return {
    type: result.type,
    id: result.id,
    name: nameIn(result.names, language),
    ...optional('nameOriginal', result.nameOriginal),
    ...optional('country', result.country),
    ...optional(
      'team',
      result.team && { id: result.team.id, name: nameIn(result.team.names, language) },
    ),
    matched: result.matched,
  };
}
