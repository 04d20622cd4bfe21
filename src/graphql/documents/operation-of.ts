import { type DocumentNode, Kind, type OperationDefinitionNode } from 'graphql';

/** The operation of the document that runs: the named one, or (no name given) the first. */
export const operationOf = (document: DocumentNode, operationName: string | null | undefined) =>
  document.definitions.find(
    (d): d is OperationDefinitionNode =>
      d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName),
  );
