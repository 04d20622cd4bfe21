import { type DocumentNode, Kind, type SelectionSetNode } from 'graphql';
import { fragmentsOf } from './fragments.js';

/**
 * How many selections the document's operations hold once every fragment spread is replaced by
 * its fragment, counted in one pass over the text (each fragment's count is kept): `fragment P0
 * on Pricing { ...P1 ...P1 }` sixteen levels deep under 50 aliases expands to millions, which any
 * walk that inlines fragments pays for. Stops counting past `cap`.
 */
export function expandedSelections(document: DocumentNode, cap: number): number {
  const fragments = fragmentsOf(document);
  const counted = new Map<string, number>();
  const fragmentSize = (name: string): number => {
    let size = counted.get(name);
    if (size === undefined) {
      // A cycle (refused by validation) counts as empty while its fragment is being counted.
      counted.set(name, 0);
      size = sizeOf(fragments.get(name)?.selectionSet);
      counted.set(name, size);
    }
    return size;
  };
  const sizeOf = (set: SelectionSetNode | undefined): number => {
    let size = 0;
    for (const selection of set?.selections ?? []) {
      const below =
        selection.kind === Kind.FRAGMENT_SPREAD
          ? fragmentSize(selection.name.value)
          : sizeOf(selection.selectionSet);
      size = Math.min(cap + 1, size + 1 + below);
    }
    return size;
  };
  let total = 0;
  for (const d of document.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION) {
      total = Math.min(cap + 1, total + sizeOf(d.selectionSet));
    }
  }
  return total;
}
