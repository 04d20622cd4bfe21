import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { embeddedEnv, loadDemo, ROOT } from '../helpers/embedded-cli.js';

describe('touchline live (the engine alone, embedded database)', () => {
  let dataDir = '';
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'touchline-live-'));
    await loadDemo(dataDir, 60);
    // A live match shown at a minute its script has long passed: the first tick moves it on.
    const database = await openDatabase({ dataDir });
    try {
      await database.prisma.$executeRawUnsafe(
        `UPDATE matches SET minute = '1' WHERE id = (SELECT min(id) FROM matches WHERE status = 'live')`,
      );
    } finally {
      await database.close();
    }
  }, 180_000);
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('moves the matches, tells what each tick wrote, and stops cleanly on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'app/main.ts', 'live'], {
      cwd: ROOT,
      env: embeddedEnv(dataDir, { LIVE_TICK_MS: '200' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const ticked = new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (/live: \d+ changes in \d+ matches/.test(stderr)) {
          resolve();
        }
      });
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await Promise.race([ticked, exited]);
    child.kill('SIGTERM');
    expect(await exited, stderr).toBe(0);
    const summary = /live engine stopped: (\d+) ticks wrote (\d+) changes/.exec(stdout);
    expect(summary, stdout).not.toBeNull();
    expect(Number(summary?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(summary?.[2])).toBeGreaterThanOrEqual(1);
    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.read<{ n: number }>({
        text: `SELECT count(*)::int AS n FROM change_log WHERE resource = 'detail'`,
        values: [],
      });
      expect(rows[0]?.n).toBeGreaterThanOrEqual(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});
