import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../helpers/server-process.js';

interface DemoKey {
  tier: string;
  accountId: number;
  keyId: number;
  key: string;
}

/** What `npm start` does on a fresh clone: embedded database, demo data, demo keys, serve. */
describe('first start on an empty embedded database', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  const env = () => ({
    TOUCHLINE_DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    STARTUP_TIMEOUT_MS: '600000',
  });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'touchline-first-start-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates, loads the demo data, prints one key per tier and serves the meta endpoints', async () => {
    server = await startServerProcess(env());
    const keys = JSON.parse(await readFile(join(dataDir, 'demo-keys.json'), 'utf8')) as DemoKey[];
    expect(keys.map((k) => k.tier)).toEqual(['Free', 'Plus', 'Pro']);
    for (const k of keys) {
      expect(server.output()).toContain(k.key);
    }
    const plans = (await fetch(`${server.url}/v1/football/meta/plans`).then((r) => r.json())) as {
      data: { tiers: unknown[] };
    };
    expect(plans.data.tiers).toHaveLength(3);
    const limits = (await fetch(`${server.url}/v1/football/meta/limits`).then((r) => r.json())) as {
      data: unknown[];
    };
    expect(limits.data[0]).toMatchObject({ tier: 'Free', dailyQuota: 30 });
    const pro = keys[2] as DemoKey;
    const bookmakers = await fetch(`${server.url}/v1/football/odds/bookmakers`, {
      headers: { authorization: `Bearer ${pro.key}` },
    }).then((r) => r.json() as Promise<{ data: unknown[] }>);
    expect(bookmakers.data.length).toBeGreaterThan(5);
    await server.stop();
  }, 900_000);

  it('a second start reuses the data and the keys', async () => {
    const before = await readFile(join(dataDir, 'demo-keys.json'), 'utf8');
    const started = Date.now();
    server = await startServerProcess(env());
    expect(Date.now() - started).toBeLessThan(120_000);
    expect(await readFile(join(dataDir, 'demo-keys.json'), 'utf8')).toBe(before);
    const pro = (JSON.parse(before) as DemoKey[])[2] as DemoKey;
    const res = await fetch(`${server.url}/v1/football/odds/bookmakers`, {
      headers: { 'x-api-key': pro.key },
    });
    expect(res.status).toBe(200);
  }, 300_000);
});
