import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { printedSchema } from '../src/graphql/schema.js';

/** `npm run schema`: writes the printed Pothos schema to schema.graphql (a test checks it). */
const target = fileURLToPath(new URL('../schema.graphql', import.meta.url));
await writeFile(target, printedSchema());
console.log(`wrote ${target}`);
