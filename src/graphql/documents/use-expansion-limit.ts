import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { expandedSelections } from './document-size.js';

/**
 * Refuses a document that expands past `max` selections before validation runs (docs/graphql.md
 * "Limits"): graphql-js's rules and the shape limits walk fragments, and the cost planner and the
 * compiler after them, so nothing downstream sees more than `max`. A validation error: 400
 * `invalid_parameter`, as the other shape limits.
 */
export function useExpansionLimit(max: number): Plugin {
  return {
    onValidate({ params, setResult }) {
      if (expandedSelections(params.documentAST, max) > max) {
        setResult([
          new GraphQLError(
            `Syntax Error: Selections limit of ${max} exceeded once fragments are inlined (each spread counts its fragment again).`,
          ),
        ]);
      }
    },
  };
}
