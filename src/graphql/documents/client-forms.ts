import {
  type DocumentNode,
  type FieldNode,
  Kind,
  print,
  type SelectionSetNode,
  visit,
} from 'graphql';

/**
 * The texts of one document as GraphQL clients send it, and so as they hash it for a persisted
 * query (`sha256Hash` is the SHA-256 of the `query` text the client would send):
 * - graphql-js `print`: Apollo Client's PersistedQueryLink, graphql-codegen's persisted
 *   documents, and this server's manifest;
 * - urql's `stringifyDocument` of the same print (see `urqlText`);
 * - each of them with `__typename` added, as Apollo Client's InMemoryCache and urql's
 *   cacheExchange add it before a request leaves.
 * test/unit/graphql/client-forms.test.ts holds them to the real clients' own functions.
 */
export function clientTexts(document: DocumentNode): string[] {
  const printed = print(document);
  return [
    ...new Set([
      printed,
      urqlText(printed),
      print(withTypename(document, 'apollo')),
      urqlText(print(withTypename(document, 'urql'))),
    ]),
  ];
}

const TYPENAME = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: '__typename' } } as const;

/**
 * Where a selection set already says its type: urql looks for an unaliased `__typename`,
 * Apollo for any field whose name starts with `__` (aliased or not).
 */
const SAYS_TYPE = {
  urql: (field: FieldNode) => field.name.value === '__typename' && field.alias === undefined,
  apollo: (field: FieldNode) => field.name.value.startsWith('__'),
};

/** `__typename` last in every selection set but an operation's own, unless it is there. */
export function withTypename(document: DocumentNode, client: keyof typeof SAYS_TYPE): DocumentNode {
  const saysType = (set: SelectionSetNode) =>
    set.selections.some((s) => s.kind === Kind.FIELD && SAYS_TYPE[client](s));
  return visit(document, {
    SelectionSet(node, _key, parent) {
      const operationRoot =
        parent !== undefined && 'kind' in parent && parent.kind === Kind.OPERATION_DEFINITION;
      if (operationRoot || saysType(node)) {
        return undefined;
      }
      return { ...node, selections: [...node.selections, TYPENAME] };
    },
  });
}

/** String literals (block strings first), which urql leaves as they are. */
const STRINGS = /("{3}[\s\S]*"{3}|"(?:\\.|[^"])*")/g;
/** A comment and the line end after it, or a run of line ends, or the end of a stretch. */
const LINE_ENDS = /(?:#[^\n\r]+)?(?:[\r\n]+|$)/g;

/**
 * What urql's `stringifyDocument` (@urql/core 6, `sanitizeDocument`) makes of printed text:
 * outside string literals every comment and run of line ends becomes one `\n`, and so does the
 * end of each stretch between strings (a string literal starts on a new line), then trimmed.
 * So definitions are one `\n` apart rather than a blank line.
 */
export function urqlText(printed: string): string {
  return printed
    .split(STRINGS)
    .map((part, i) => (i % 2 === 0 ? part.replace(LINE_ENDS, '\n') : part))
    .join('')
    .trim();
}
