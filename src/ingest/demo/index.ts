import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrismaClient } from '../../db/generated/client.js';
import { MANIFEST_FILE, type Manifest } from '../format.js';
import { type BulkTarget, type ImportSummary, importFolder } from '../import/index.js';
import { buildSchedule } from './calendar/schedule.js';
import { clearSquads } from './calendar/squads.js';
import { FolderWriter } from './folder-writer.js';
import { MatchGenerator } from './match-output.js';
import type { DemoOptions, DemoStats } from './options.js';
import {
  bookmakerRecords,
  competitionRecords,
  playerRecords,
  teamRecords,
} from './reference-records.js';
import { DEMO_SOURCE, streamDemo } from './stream.js';
import { clearRatings } from './strength.js';

export type { DemoOptions, DemoStats };
export { DEMO_SOURCE };

const PROGRESS_EVERY = 10;

/**
 * Writes a complete import folder (manifest + one NDJSON file per resource) of realistic, made-up
 * football data. Deterministic: the same `seed`, `matches` and `now` give byte-identical files.
 */
export async function writeDemoFolder(dir: string, options: DemoOptions): Promise<DemoStats> {
  const progress = options.onProgress ?? (() => {});
  const now = options.now.getTime();
  await mkdir(dir, { recursive: true });
  const schedule = buildSchedule(options.seed, options.matches, now);
  const manifest: Manifest = {
    format: 'touchline-import',
    version: 1,
    source: DEMO_SOURCE,
    generatedAt: options.now.toISOString(),
  };
  await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const out = new FolderWriter(dir);
  try {
    out.writeRecords('competitions.ndjson', competitionRecords());
    out.writeRecords('teams.ndjson', teamRecords(schedule.teams));
    out.writeRecords('bookmakers.ndjson', bookmakerRecords());
    out.writeRecords('players.ndjson', playerRecords(options.seed, schedule.matches));
    const generator = new MatchGenerator(options.seed, now);
    const total = schedule.matches.length;
    const step = Math.max(1, Math.ceil(total / PROGRESS_EVERY));
    for (const [i, m] of schedule.matches.entries()) {
      out.writeMatch(generator.generate(m));
      if (i % 200 === 199) {
        await out.flush();
      }
      if ((i + 1) % step === 0 || i + 1 === total) {
        progress(`demo: generated ${i + 1}/${total} matches`);
      }
    }
    const { records, bytes } = await out.close();
    return { dir, matches: total, records, bytes };
  } catch (error) {
    out.destroy();
    throw error;
  } finally {
    clearSquads();
    clearRatings();
  }
}

export interface DemoResult {
  generated: DemoStats;
  imported: ImportSummary;
}

/**
 * Loads the demo. With `bulk` (`bulkTargetOf(database)`) and no `dir`, the records are streamed
 * into the database with COPY (stream.ts): no folder, one transaction, the same checks and
 * rows. Otherwise the demo folder is written (in `dir`, or a temporary folder removed
 * afterwards) and imported with `importFolder` (with COPY too when `bulk` is given).
 */
export async function runDemo(
  db: PrismaClient,
  options: DemoOptions & { dir?: string; bulk?: BulkTarget | undefined },
): Promise<DemoResult> {
  if (options.bulk && !options.dir) {
    return streamDemo(options.bulk, options);
  }
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'touchline-demo-')));
  try {
    const generated = await writeDemoFolder(dir, options);
    const imported = await importFolder(db, dir, {
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      bulk: options.bulk,
    });
    return { generated, imported };
  } finally {
    if (!options.dir) {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
