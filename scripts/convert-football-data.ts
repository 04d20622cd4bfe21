/**
 * Converts football-data.co.uk CSVs into an import folder:
 *   npx tsx scripts/convert-football-data.ts OUT_DIR CSV...
 * then `touchline import OUT_DIR`. Never commit the CSVs or the folder (third-party data).
 */
import { resolve } from 'node:path';
import { convertFootballData } from '../src/ingest/sources/football-data.js';

const [outDir, ...csvPaths] = process.argv.slice(2);
if (!outDir || csvPaths.length === 0) {
  console.error('usage: npx tsx scripts/convert-football-data.ts OUT_DIR CSV...');
  process.exit(2);
}
const summary = await convertFootballData(
  csvPaths.map((p) => resolve(p)),
  resolve(outDir),
);
console.log(JSON.stringify({ outDir: resolve(outDir), ...summary }, null, 2));
