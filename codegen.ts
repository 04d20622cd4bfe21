import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Types for GraphQL operations (graphql-codegen): the committed schema and the example
 * operations in examples/graphql/, with every custom scalar mapped, so no generated type is
 * `any` (test/contract/graphql/codegen.test.ts). A client project copies this and points
 * `documents` at its own operations.
 */
export const scalars = {
  ID: { input: 'string', output: 'string' },
  DateTime: { input: 'string', output: 'string' },
  NonNegativeInt: { input: 'number', output: 'number' },
  // The exchange odds: the exchange's raw document (the contract does not type it).
  JSON: { input: 'unknown', output: 'unknown' },
};

const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: 'examples/graphql/*.graphql',
  generates: {
    'examples/graphql/generated/operations.ts': {
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
