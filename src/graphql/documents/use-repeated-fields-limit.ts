import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { type RepeatLimits, repeatedFieldsRefusal } from './repeated-fields.js';

/**
 * Refuses, before validation runs, a document in which one response key answers more than
 * `max.fields` times, or more than `max.fragments` fragments are spread, in one merged selection
 * set (docs/graphql.md "Limits"): 400 `invalid_parameter`, as the
 * other shape limits. Runs after the expansion limit, so its walk is bounded by that limit.
 */
export function useRepeatedFieldsLimit(max: RepeatLimits, maxVisits: number): Plugin {
  return {
    onValidate({ params, setResult }) {
      const refusal = repeatedFieldsRefusal(params.documentAST, max, maxVisits);
      if (refusal) {
        setResult([new GraphQLError(`Syntax Error: ${refusal}`)]);
      }
    },
  };
}
