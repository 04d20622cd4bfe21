import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { printedSchema, schema } from '../src/graphql/schema/schema.js';
import { breakingChanges } from './graphql-schema-check.js';

/**
 * `npm run schema`: writes the printed Pothos schema to schema.graphql (a test checks it is up to
 * date). A change that would break clients is refused unless `--allow-breaking` says it is meant.
 */
const target = fileURLToPath(new URL('../schema.graphql', import.meta.url));
const committed = await readFile(target, 'utf8').catch(() => null);
if (committed !== null && !process.argv.includes('--allow-breaking')) {
  const breaking = await breakingChanges(committed, schema);
  if (breaking.length > 0) {
    console.error(`schema.graphql not written: ${breaking.length} breaking change(s):`);
    for (const message of breaking) {
      console.error(`  - ${message}`);
    }
    console.error('Rerun with -- --allow-breaking if clients have been told.');
    process.exit(1);
  }
}
await writeFile(target, printedSchema());
console.log(`wrote ${target}`);
