import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { RecordedSession } from '../../scripts/provider-stand-in.js';

/** The stand-in itself lives in scripts/, shared with `npm run bench:sync`. */
export * from '../../scripts/provider-stand-in.js';

export const PROVIDER_FIXTURES = resolve(import.meta.dirname, '../fixtures/providers');

/** A recorded session from test/fixtures/providers/<source>/<name>.json. */
export function loadSession(source: string, name: string): RecordedSession {
  return JSON.parse(
    readFileSync(resolve(PROVIDER_FIXTURES, source, `${name}.json`), 'utf8'),
  ) as RecordedSession;
}
