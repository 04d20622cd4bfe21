#!/usr/bin/env node
// The `touchline` command: the bundle `npm install` built into dist/ (npm run build),
// with stack traces mapped back to the TypeScript sources.
import { existsSync } from 'node:fs';

process.setSourceMapsEnabled(true);
const entry = new URL('../dist/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('touchline: dist/ is missing: run `npm run build` (npm install runs it)\n');
  process.exit(1);
}
await import(entry.href);
