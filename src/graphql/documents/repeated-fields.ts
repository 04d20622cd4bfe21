import { type DocumentNode, Kind, type SelectionSetNode } from 'graphql';
import { fragmentsOf } from './fragments.js';

export interface RepeatLimits {
  /** Fields answering under one response key in one merged selection set. */
  fields: number;
  /** Distinct fragments spread into one merged selection set. */
  fragments: number;
}

/** A selection set, and the fragments spread on the way to it (a cycle is not followed). */
interface Nested {
  set: SelectionSetNode;
  path: readonly string[];
}

/**
 * The response key repeated most in one merged selection set, and how often; `exhausted` when
 * the walk stopped at its visit budget instead.
 */
export interface MostRepeated {
  key: string;
  count: number;
  /** The most distinct fragments spread into one merged selection set. */
  fragments: number;
  exhausted: boolean;
}

/**
 * The field that answers under one response key most often in any merged selection set of the
 * document: fields of one key are merged as the executor merges them (their selections become
 * one set below, each fragment spread once per set), through fragments and inline fragments
 * whatever their type condition and directives, as graphql-js's OverlappingFieldsCanBeMerged
 * compares them. That rule compares every pair of one key's fields, and the pairs of their
 * merged sub-fields below them, and every pair of fragments spread into one set: quadratic in
 * a key's repeats and in the fragments, so bounding both bounds it (yoga's defer-stream plugin
 * replaces graphql-js's rule with a copy that has no work budget). One walk, visiting each
 * inlined selection once (the expansion limit runs first); stops at the first count past `cap`,
 * or after `maxVisits` (a fragment cycle reached another way).
 */
export function mostRepeatedField(
  document: DocumentNode,
  cap: RepeatLimits,
  maxVisits: number,
): MostRepeated {
  const fragments = fragmentsOf(document);
  const most = { key: '', count: 0, fragments: 0 };
  let visits = 0;
  const over = () =>
    most.count > cap.fields || most.fragments > cap.fragments || visits > maxVisits;

  /** One merged set: the selections of every field merged into it, each with its fragments. */
  const walk = (sets: readonly Nested[]): void => {
    const below = new Map<string, Nested[]>();
    const counts = new Map<string, number>();
    const spread = new Set<string>();
    const collect = ({ set, path }: Nested): void => {
      for (const selection of set.selections) {
        visits++;
        if (over()) {
          return;
        }
        if (selection.kind === Kind.FIELD) {
          const key = selection.alias?.value ?? selection.name.value;
          const count = (counts.get(key) ?? 0) + 1;
          counts.set(key, count);
          if (count > most.count) {
            most.key = key;
            most.count = count;
          }
          if (selection.selectionSet) {
            const merged = below.get(key) ?? [];
            merged.push({ set: selection.selectionSet, path });
            below.set(key, merged);
          }
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          collect({ set: selection.selectionSet, path });
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          // A cycle (refused by validation later) is not followed.
          if (fragment && !spread.has(name) && !path.includes(name)) {
            spread.add(name);
            if (spread.size > most.fragments) {
              most.fragments = spread.size;
            }
            collect({ set: fragment.selectionSet, path: [...path, name] });
          }
        }
      }
    };
    for (const nested of sets) {
      collect(nested);
    }
    for (const merged of below.values()) {
      if (over()) {
        return;
      }
      walk(merged);
    }
  };

  for (const d of document.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION && !over()) {
      walk([{ set: d.selectionSet, path: [] }]);
    }
  }
  return { ...most, exhausted: visits > maxVisits };
}

/** Why the document is past the repeat limits, in one sentence; undefined when it is not. */
export function repeatedFieldsRefusal(
  document: DocumentNode,
  max: RepeatLimits,
  maxVisits: number,
): string | undefined {
  const most = mostRepeatedField(document, max, maxVisits);
  if (most.exhausted) {
    return `Selections limit of ${maxVisits} exceeded.`;
  }
  if (most.count > max.fields) {
    return `Repeated fields limit of ${max.fields} exceeded: \`${most.key}\` is selected more than ${max.fields} times in one selection set (fragments included).`;
  }
  if (most.fragments > max.fragments) {
    return `Fragments limit of ${max.fragments} exceeded: more than ${max.fragments} fragments are spread into one selection set.`;
  }
  return undefined;
}
