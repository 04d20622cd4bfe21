/**
 * Times a demo folder write (not part of the app or the tests):
 *   node --import tsx bench/demo-write.ts [matches=100000] [dir=$TMPDIR/touchline-demo-bench]
 * Prints wall-clock and CPU time, records per file, folder size and peak memory; removes the folder.
 */
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDemoFolder } from '../src/ingest/demo/index.js';

const matches = Number(process.argv[2] ?? 100_000);
const dir = process.argv[3] ?? join(tmpdir(), 'touchline-demo-bench');
const started = performance.now();
const cpu = process.cpuUsage();
let peakRss = 0;
const stats = await writeDemoFolder(dir, {
  matches,
  seed: 1,
  now: new Date('2026-11-22T04:00:00Z'),
  onProgress: (msg) => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    console.error(`${((performance.now() - started) / 1000).toFixed(1)} s  ${msg}`);
  },
});
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify(
    {
      matches: stats.matches,
      wallSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      cpuSeconds: Number(((used.user + used.system) / 1e6).toFixed(1)),
      megabytes: Number((stats.bytes / 1e6).toFixed(1)),
      peakRssMegabytes: Math.round(peakRss / 1e6),
      records: stats.records,
      totalChildRecords: Object.values(stats.records).reduce((a, b) => a + b, 0) - stats.matches,
    },
    null,
    2,
  ),
);
if (!process.argv[3]) {
  await rm(dir, { recursive: true, force: true });
}
