import Type from 'typebox';
import { Compile } from 'typebox/compile';
import type { AliasGroups } from './group.js';

/**
 * `derived-footballdata-to-openfootball.json` (../shared/data/real/name-aliases/): a `note`
 * and, per pair of files joined, football-data.co.uk name -> openfootball name.
 */
const DerivedMap = Type.Record(
  Type.String(),
  Type.Union([Type.String(), Type.Record(Type.String(), Type.String())]),
);
const check = Compile(DerivedMap);

/** One group per openfootball name (the full club name), the football-data names its aliases. */
export function readDerivedMap(json: unknown, into: AliasGroups): void {
  if (!check.Check(json)) {
    throw new Error('not a name map: expected {"note": ..., "<files>": {"short": "full"}}');
  }
  for (const value of Object.values(json)) {
    if (typeof value === 'string') {
      continue;
    }
    for (const [short, full] of Object.entries(value)) {
      into.add(full, short === full ? [] : [short]);
    }
  }
}
