import type { CodegenConfig } from '@graphql-codegen/cli';

/** Where `npm run codegen` writes the typed documents of `touchline/client`. */
export const OPERATIONS_FILE = 'src/client/generated/graphql.ts';

const scalars = {
  ID: { input: 'string', output: 'string' },
  DateTime: { input: 'string', output: 'string' },
  NonNegativeInt: { input: 'number', output: 'number' },
  // The exchange odds: the exchange's raw document (the contract does not type it).
  JSON: { input: 'unknown', output: 'unknown' },
};

/**
 * Types for GraphQL operations (graphql-codegen): the committed schema and the example
 * operations in examples/graphql/, with every custom scalar mapped, so no generated type is
 * `any` (test/contract/graphql/codegen.test.ts). The output is committed: `touchline/client`
 * exports its typed documents, and the test fails when it is not what `npm run codegen` writes.
 * A client project copies this and points `documents` at its own operations.
 */
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: 'examples/graphql/*.graphql',
  generates: {
    [OPERATIONS_FILE]: {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        scalars,
        strictScalars: true,
        enumsAsTypes: true,
        useTypeImports: true,
        avoidOptionals: { field: true },
      },
    },
  },
};

export default config;
