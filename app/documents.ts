import { UsageError } from '../src/cli/output.js';
import type { CliRuntime } from '../src/cli/runtime.js';

/** A file or manifest that is not what it should be: the user's input, so a usage error. */
async function asUsage<T>(work: () => Promise<T>): Promise<T> {
  const { TrustedDocumentError } = await import('../src/graphql/documents/trusted-documents.js');
  try {
    return await work();
  } catch (error) {
    throw error instanceof TrustedDocumentError ? new UsageError(error.message) : error;
  }
}

/**
 * `touchline documents` over the manifest at `manifestPath` (TRUSTED_DOCUMENTS). Only `add`
 * loads the schema (its modules take a few seconds to load).
 */
export function documentsRuntime(manifestPath: string): CliRuntime['documents'] {
  return {
    add: (paths) =>
      asUsage(async () => {
        const [{ registerDocuments }, { schema }] = await Promise.all([
          import('../src/graphql/documents/trusted-documents.js'),
          import('../src/graphql/schema/schema.js'),
        ]);
        return registerDocuments(schema, paths, manifestPath);
      }),
    list: () =>
      asUsage(async () => {
        const { listDocuments } = await import('../src/graphql/documents/trusted-documents.js');
        return listDocuments(manifestPath);
      }),
  };
}
