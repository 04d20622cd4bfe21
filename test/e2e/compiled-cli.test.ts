import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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

/** `touchline` as installed: bin/touchline.js runs the bundle `npm install` built into dist/. */
describe('the installed touchline command (the bundle in dist/)', () => {
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

  it('npm install built the bundle, with source maps', () => {
    expect(existsSync(join(ROOT, 'dist/main.js'))).toBe(true);
    expect(existsSync(join(ROOT, 'dist/main.js.map'))).toBe(true);
  });

  it("bundles graphql-js once, from its ES modules (no CommonJS wrapper on graphql's hot calls)", async () => {
    const files = [join(ROOT, 'dist/main.js')];
    for (const name of await readdir(join(ROOT, 'dist/chunks'))) {
      if (name.endsWith('.js')) {
        files.push(join(ROOT, 'dist/chunks', name));
      }
    }
    const modules: string[] = [];
    for (const file of files) {
      // esbuild names each bundled module in a comment: `// node_modules/graphql/type/schema.mjs`.
      modules.push(
        ...((await readFile(file, 'utf8')).match(/\/\/ node_modules\/graphql\/\S+/g) ?? []),
      );
    }
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.filter((m) => !m.endsWith('.mjs'))).toEqual([]);
    expect(modules.filter((m) => m.endsWith('/type/schema.mjs'))).toHaveLength(1);
  });

  it('answers --help without reading the configuration or opening a database', async () => {
    const run = await touchline('--help');
    expect(run.code, run.stderr).toBe(0);
    for (const command of ['serve', 'db', 'import', 'demo', 'analyze', 'accounts', 'keys']) {
      expect(run.stdout).toContain(command);
    }
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
  });

  it('a new embedded database starts from the build template, migrated; then runs a management command', async () => {
    // The template (dist/pglite-template.tar, built by `npm run build`) already holds every
    // committed migration: a new data folder has nothing to apply.
    const first = await touchline('db', 'migrate', '--json');
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({ applied: [], database: 'pglite' });
    expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    const created = await touchline('accounts', 'create', '--tier', 'Plus', '--json');
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ id: expect.any(Number) });
  });

  it('a bad argument is one line on stderr and exit 2', async () => {
    const run = await touchline('accounts', 'create', '--tier', 'Gold');
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('the bundled server serves REST, GraphQL, the OpenAPI document and the docs', async () => {
    const demo = await touchline('demo', '--matches', '40', '--json');
    expect(demo.code, demo.stderr).toBe(0);
    const created = await touchline('accounts', 'create', '--tier', 'Plus', '--json');
    const { id } = JSON.parse(created.stdout) as { id: number };
    const key = await touchline('keys', 'create', '--account', String(id), '--json');
    const { key: apiKey } = JSON.parse(key.stdout) as { key: string };
    const port = 3950 + (process.pid % 40);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      TOUCHLINE_DATA_DIR: dataDir,
      PORT: String(port),
    };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'BASE_URL']) {
      delete env[name];
    }
    const server = spawn(
      process.execPath,
      ['--enable-source-maps', join(ROOT, 'dist/main.js'), 'serve'],
      {
        cwd: ROOT,
        env,
        stdio: 'ignore',
      },
    );
    const base = `http://127.0.0.1:${port}`;
    try {
      for (let i = 0; i < 300; i++) {
        if (
          await fetch(`${base}/healthz`).then(
            (r) => r.ok,
            () => false,
          )
        ) {
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      const headers = { 'x-api-key': apiKey };
      const list = await fetch(`${base}/v1/football/matches?status=finished&date=2020-01-01`, {
        headers,
      });
      expect(list.status).toBe(200);
      const plans = await fetch(`${base}/v1/football/meta/plans`);
      expect(plans.status).toBe(200);
      expect(((await plans.json()) as { data: { tiers: unknown[] } }).data.tiers).toHaveLength(3);
      const graphql = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ bookmakers { id } }' }),
      });
      const body = (await graphql.json()) as { data?: { bookmakers: unknown[] }; errors?: unknown };
      expect(body.errors).toBeUndefined();
      expect(body.data?.bookmakers.length).toBeGreaterThan(0);
      expect((await fetch(`${base}/v1/openapi.json`)).status).toBe(200);
      expect((await fetch(`${base}/docs`)).status).toBe(200);
      const graphiql = await fetch(`${base}/graphql`, { headers: { accept: 'text/html' } });
      expect(graphiql.status).toBe(200);
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
  }, 120_000);
});
