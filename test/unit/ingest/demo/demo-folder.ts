import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DemoStats, writeDemoFolder } from '../../../../src/ingest/demo/index.js';
import { IMPORT_FILES, type ImportFileName } from '../../../../src/ingest/format.js';

/** Sunday 2026-11-22, 12:00 in Hong Kong. */
export const DEMO_NOW = new Date('2026-11-22T04:00:00Z');
export const HK_OFFSET_MS = 8 * 3_600_000;
export const DAY_MS = 86_400_000;

export type Row = Record<string, unknown> & { matchId?: number };

export interface LoadedFolder {
  dir: string;
  stats: DemoStats;
  files: Record<ImportFileName, Row[]>;
  text: Record<ImportFileName, string>;
  manifest: unknown;
}

export async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'touchline-demo-test-'));
}

export async function readFolder(
  dir: string,
): Promise<Pick<LoadedFolder, 'files' | 'text' | 'manifest'>> {
  const files = {} as Record<ImportFileName, Row[]>;
  const text = {} as Record<ImportFileName, string>;
  for (const name of Object.keys(IMPORT_FILES) as ImportFileName[]) {
    const content = await readFile(join(dir, name), 'utf8');
    text[name] = content;
    files[name] = content
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Row);
  }
  const manifest: unknown = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  return { files, text, manifest };
}

export async function generate(
  matches: number,
  seed: number,
  now = DEMO_NOW,
): Promise<LoadedFolder> {
  const dir = await tempDir();
  const stats = await writeDemoFolder(dir, { matches, seed, now });
  return { dir, stats, ...(await readFolder(dir)) };
}

export async function removeFolder(folder: { dir: string } | undefined): Promise<void> {
  if (folder) {
    await rm(folder.dir, { recursive: true, force: true });
  }
}

export function groupBy<T>(
  rows: readonly T[],
  key: (row: T) => string | number,
): Map<string | number, T[]> {
  const out = new Map<string | number, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) {
      list.push(row);
    } else {
      out.set(k, [row]);
    }
  }
  return out;
}
