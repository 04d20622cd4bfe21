import Type from 'typebox';
import { SEARCH_MAX_LENGTH } from '../../src/football/search.js';
import { SEARCH_KINDS } from '../../src/search/term-store.js';

/** GET /v1/football/search's query: it drives validation and the OpenAPI document. */
export const SearchQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: SEARCH_MAX_LENGTH,
    description:
      'A name or the start of one or of a word in it (`united`, `切尔西`), in any served language or an alias; case and accents do not matter.',
  }),
  type: Type.Optional(
    Type.Union(
      SEARCH_KINDS.map((kind) => Type.Literal(kind)),
      { description: 'Only this kind of entity (default: all three).' },
    ),
  ),
});
