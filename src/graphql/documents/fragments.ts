import { type DocumentNode, type FragmentDefinitionNode, Kind } from 'graphql';

/** A document's fragments by name: what every walk that follows spreads looks them up in. */
export type Fragments = ReadonlyMap<string, FragmentDefinitionNode>;

export function fragmentsOf(document: DocumentNode): Fragments {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(d.name.value, d);
    }
  }
  return fragments;
}

const ofExecution = new WeakMap<Readonly<Record<string, FragmentDefinitionNode>>, Fragments>();

/** The same lookup over a resolver's `info.fragments` (made once per execution). */
export function fragmentsOfExecution(
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
): Fragments {
  let found = ofExecution.get(fragments);
  if (!found) {
    found = new Map(Object.entries(fragments));
    ofExecution.set(fragments, found);
  }
  return found;
}
