import { type ExecutionArgs, execute, getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  createIntrospectionAnswers,
  isIntrospectionOnly,
} from '../../../src/graphql/operation-cache/introspection-answers.js';
import { schema } from '../../../src/graphql/schema/schema.js';

const only = (query: string) => {
  const document = parse(query);
  const operation = getOperationAST(document);
  return operation ? isIntrospectionOnly(operation, document) : false;
};

describe('introspection answers (issue 46 finding 1)', () => {
  it('knows an introspection-only query, through fragments', () => {
    expect(only('{ __schema { types { name } } }')).toBe(true);
    expect(only('{ __typename t: __type(name: "Match") { name } }')).toBe(true);
    expect(
      only('{ ...F } fragment F on Query { ... on Query { __schema { queryType { name } } } }'),
    ).toBe(true);
    expect(only('{ __typename plans { currency } }')).toBe(false);
    expect(only('{ ...F } fragment F on Query { plans { currency } }')).toBe(false);
    expect(only('subscription { __typename }')).toBe(false);
  });

  it('keys by the operation and its declared variables: undeclared ones change nothing', () => {
    let runs = 0;
    const answers = createIntrospectionAnswers({
      execute: (args) => {
        runs++;
        return execute(args);
      },
    });
    const ask = (query: string, variableValues: Record<string, unknown>) => {
      const document = parse(query);
      const operation = getOperationAST(document);
      if (!operation) {
        throw new Error(query);
      }
      const args: ExecutionArgs = { schema, document, variableValues };
      return answers.answer(args, operation) as { data: unknown; extensions?: unknown };
    };
    const query = 'query ($n: String!) { __type(name: $n) { name } }';
    const first = ask(query, { n: 'Match' });
    const again = ask(`# again\n${query}`, { n: 'Match', unused: 1 });
    expect(again.data).toEqual({ __type: { name: 'Match' } });
    expect(runs).toBe(1);
    // A fresh result each time: what one request adds to it stays its own.
    first.extensions = { mine: true };
    expect(ask(query, { n: 'Match' }).extensions).toBeUndefined();
    expect(ask(query, { n: 'Team' }).data).toEqual({ __type: { name: 'Team' } });
    expect(runs).toBe(2);
  });
});
