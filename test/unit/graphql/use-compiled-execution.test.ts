import { buildSchema, type ExecutionArgs, parse } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { useCompiledExecution } from '../../../src/graphql/transport/use-compiled-execution.js';

const schema = buildSchema(`
  directive @defer(if: Boolean, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
  type Match { id: ID! score: Int }
  type Query { match(id: ID!): Match matches: [Match!]! }
  type Subscription { matchUpdated(id: ID!): Match }
`);

/** Whether the plugin hands the operation to the compiled executor. */
async function compiles(source: string, operationName?: string): Promise<boolean> {
  const plugin = useCompiledExecution(() => {});
  const setExecuteFn = vi.fn();
  const args = { schema, document: parse(source), operationName } as ExecutionArgs;
  // The plugin's hook takes envelop's full payload; only these two members are read.
  const onExecute = plugin.onExecute as unknown as (payload: object) => unknown;
  await onExecute({ args, setExecuteFn });
  return setExecuteFn.mock.calls.length > 0;
}

describe('compiled execution (graphql-jit)', () => {
  it('takes queries', async () => {
    expect(await compiles('{ matches { id score } }')).toBe(true);
    expect(await compiles('query A { match(id: 1) { id } } query B { matches { id } }', 'B')).toBe(
      true,
    );
  });

  it('leaves @defer and @stream, and subscriptions, to the standard executor', async () => {
    expect(await compiles('{ match(id: 1) { id ... @defer { score } } }')).toBe(false);
    expect(await compiles('{ matches @stream(initialCount: 1) { id } }')).toBe(false);
    expect(await compiles('subscription { matchUpdated(id: 1) { id } }')).toBe(false);
    expect(
      await compiles(
        'query Q { matches { id } } subscription S { matchUpdated(id: 1) { id } }',
        'S',
      ),
    ).toBe(false);
  });

  it('answers a query as the standard executor does', async () => {
    const plugin = useCompiledExecution(() => {});
    let compiled: ((args: ExecutionArgs) => unknown) | undefined;
    const document = parse('{ matches { id score } }');
    const onExecute = plugin.onExecute as unknown as (payload: object) => unknown;
    await onExecute({
      args: { schema, document },
      setExecuteFn: (fn: (args: ExecutionArgs) => unknown) => {
        compiled = fn;
      },
    });
    const rootValue = {
      matches: [
        { id: 1, score: 2 },
        { id: '2', score: null },
      ],
    };
    const result = await compiled?.({ schema, document, rootValue });
    expect(JSON.parse(JSON.stringify(result))).toEqual({
      data: {
        matches: [
          { id: '1', score: 2 },
          { id: '2', score: null },
        ],
      },
    });
  });

  it('runs the operation asked for in a document that holds several', async () => {
    // The document cache hands out one parsed document per text: each operation needs its own code.
    const plugin = useCompiledExecution(() => {});
    const document = parse('query A { match(id: 1) { id } } query B { matches { score } }');
    const onExecute = plugin.onExecute as unknown as (payload: object) => unknown;
    const rootValue = { match: { id: 1, score: 3 }, matches: [{ id: 2, score: 4 }] };
    const run = async (operationName: string) => {
      let compiled: ((args: ExecutionArgs) => unknown) | undefined;
      await onExecute({
        args: { schema, document, operationName },
        setExecuteFn: (fn: (args: ExecutionArgs) => unknown) => {
          compiled = fn;
        },
      });
      const result = await compiled?.({ schema, document, operationName, rootValue });
      return JSON.parse(JSON.stringify(result));
    };
    expect(await run('A')).toEqual({ data: { match: { id: '1' } } });
    expect(await run('B')).toEqual({ data: { matches: [{ score: 4 }] } });
    expect(await run('A')).toEqual({ data: { match: { id: '1' } } });
  });

  it('leaves an operation graphql-jit cannot compile to the standard executor, reported once', async () => {
    // Validation refuses this literal first in the server; here it reaches the compiler.
    const reported: unknown[] = [];
    const plugin = useCompiledExecution((result) => reported.push(result.errors));
    const document = parse('{ match(id: null) { id } }');
    const onExecute = plugin.onExecute as unknown as (payload: object) => unknown;
    const setExecuteFn = vi.fn();
    for (let i = 0; i < 2; i += 1) {
      await onExecute({ args: { schema, document }, setExecuteFn });
    }
    expect(setExecuteFn).not.toHaveBeenCalled();
    expect(reported).toHaveLength(1);
  });
});
