import { ChangeRecordSchema } from '../changes/format.js';
import { IMPORT_FILES, MANIFEST_FILE, ManifestRecord } from '../format.js';

/** The folder the per-file JSON Schemas are committed to (relative to the repository root). */
export const SCHEMA_DIR = 'docs/import-schemas';

/**
 * One JSON Schema (draft 2020-12) per file of the import format, generated from format.ts:
 * file name (`matches.ndjson.schema.json`) -> document text. Each NDJSON line must match it.
 * `feed-change` is one line of a provider feed (docs/feed-format.md), from changes/format.ts.
 */
export function renderImportSchemas(): Map<string, string> {
  const files: [string, object][] = [
    [MANIFEST_FILE, ManifestRecord],
    ...Object.entries(IMPORT_FILES),
    ['feed-change', ChangeRecordSchema],
  ];
  return new Map(
    files.map(([file, schema]) => {
      const document = {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: `https://touchline.dev/import-schemas/${file}.schema.json`,
        title: file.endsWith('.ndjson')
          ? `One line of ${file}`
          : file === 'feed-change'
            ? 'One line of a feed (a change record)'
            : file,
        ...JSON.parse(JSON.stringify(schema)),
      };
      return [`${file}.schema.json`, `${JSON.stringify(document, null, 2)}\n`];
    }),
  );
}
