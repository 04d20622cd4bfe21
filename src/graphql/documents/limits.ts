/**
 * Shape limits checked before execution (docs/graphql.md "Limits"). Generous for real pages: the
 * deepest useful selection (matches > items > h2h > form > home > competition > name) is 7.
 */
export const GRAPHQL_LIMITS = {
  /** Nesting depth, fragments flattened, introspection exempt. */
  maxDepth: 12,
  /** Aliases in one operation (e.g. movement of many bookmakers). */
  maxAliases: 50,
  /** Lexical tokens in a document (GraphiQL's introspection query is about 500). */
  maxTokens: 5000,
  /**
   * Selections once fragments are inlined, every spread counted each time it is spread: what
   * any walk of the document (validation, the cost planner, the compiler) could visit. A
   * document without fragments stays under it by its tokens alone.
   */
  maxExpandedSelections: 10_000,
  /**
   * Fields answering under one response key in one selection set once fields of a key are
   * merged and fragments inlined (`id` in each of 20 colocated fragments is 20): validation
   * compares every pair of them (docs/decisions.md "GraphQL repeated fields").
   */
  maxRepeatedFields: 20,
  /** Distinct fragments spread into one merged selection set (validation compares each pair). */
  maxSpreadFragments: 50,
  /** Bytes of a POST body. */
  maxBodyBytes: 100_000,
} as const;
