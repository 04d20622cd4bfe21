import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { REST_TYPES_FILE, restTypesSource, servedOpenApiDocument } from './client-rest-types.js';

/**
 * `npm run client:types`: writes the REST types of `touchline/client` from the document the
 * server serves (test/contract/client/rest-types.test.ts checks the committed file is current).
 * The GraphQL half is `npm run codegen`.
 */
await writeFile(REST_TYPES_FILE, await restTypesSource(await servedOpenApiDocument()));
console.log(`wrote ${fileURLToPath(REST_TYPES_FILE)}`);
