import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'bin/touchline.js');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `touchline` as installed: bin/touchline.js runs the JavaScript `npm install` compiled into dist/. */
describe('the installed touchline command (compiled JavaScript)', () => {
  let dataDir = '';
  const touchline = (...args: string[]) =>
    new Promise<Run>((done) => {
      const env: NodeJS.ProcessEnv = { ...process.env, TOUCHLINE_DATA_DIR: dataDir };
      for (const name of ['DATABASE_URL', 'REDIS_URL', 'BASE_URL']) {
        delete env[name];
      }
      execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env, timeout: 60_000 }, (e, o, s) =>
        done({ code: e ? Number(e.code ?? 1) : 0, stdout: o, stderr: s }),
      );
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'touchline-compiled-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('npm install compiled the sources, with source maps', () => {
    expect(existsSync(join(ROOT, 'dist/app/main.js'))).toBe(true);
    expect(existsSync(join(ROOT, 'dist/app/main.js.map'))).toBe(true);
    expect(existsSync(join(ROOT, 'dist/src/db/migrate.js'))).toBe(true);
  });

  it('answers --help without reading the configuration or opening a database', async () => {
    const run = await touchline('--help');
    expect(run.code, run.stderr).toBe(0);
    for (const command of ['serve', 'db', 'import', 'demo', 'analyze', 'accounts', 'keys']) {
      expect(run.stdout).toContain(command);
    }
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  });

  it('migrates the embedded database once (naming what it applied), then runs a management command', async () => {
    const first = await touchline('db', 'migrate', '--json');
    expect(first.code, first.stderr).toBe(0);
    expect((JSON.parse(first.stdout) as { applied: string[] }).applied.length).toBeGreaterThan(0);
    const again = await touchline('db', 'migrate', '--json');
    expect(JSON.parse(again.stdout)).toEqual({ applied: [], database: 'pglite' });
    const created = await touchline('accounts', 'create', '--tier', 'Plus', '--json');
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ id: expect.any(Number) });
  });

  it('a bad argument is one line on stderr and exit 2', async () => {
    const run = await touchline('accounts', 'create', '--tier', 'Gold');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
