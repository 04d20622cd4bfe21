// Part of `npm run build`: the embedded database's template, dist/pglite-template.tar (see
// src/db/template.ts), so that a first start skips initdb and the migrations.
import { TEMPLATE_PATH } from '../src/db/template.js';
import { writeTemplate } from '../src/db/template-build.js';

const started = performance.now();
await writeTemplate();
process.stderr.write(
  `wrote ${TEMPLATE_PATH} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
// The schema engine leaves a timer behind (app/main.ts); the work is done.
process.exit(0);
