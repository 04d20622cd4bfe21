import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { type DemoCases, loadDemo, UNKNOWN_MATCH_ID } from '../../helpers/demo-fixture.js';

/**
 * Issue 17: `touchline/client` as a frontend project gets it. A project outside the repository
 * (its own package.json and strict tsconfig, node_modules/touchline linked to this checkout)
 * imports the subpath; tsc type-checks it under `node16` and `bundler` resolution with zero
 * diagnostics, `@ts-expect-error` lines included (an unused one is itself an error), then the
 * compiled JavaScript runs under plain Node against a listening server. A broken export, type
 * or build fails here. The client build runs first, so the test never sees a stale dist/client.
 */

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const CONSUMER = `
import {
  createRestClient,
  graphqlRequest,
  type Match,
  MatchDayDocument,
  MatchDetailDocument,
  type MatchDetailQuery,
  type MatchListPage,
} from 'touchline/client';

// A browser-like project: no Node types, the settings come from the environment at run time.
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } })
  .process.env;
const options = { baseUrl: env['BASE_URL'] ?? '', apiKey: env['API_KEY'] ?? '' };

export async function flow(date: string) {
  const api = createRestClient(options);
  const list = await api.GET('/v1/football/matches', {
    params: { query: { date, tz: 480, pageSize: 5 } },
  });
  if (!list.data) {
    throw new Error('list answered ' + list.response.status);
  }
  const page: MatchListPage = list.data;
  const first = page.data[0];
  if (!first) {
    throw new Error('no match on ' + date);
  }
  const detail = await api.GET('/v1/football/matches/{matchId}', {
    params: { path: { matchId: first.id } },
  });
  if (!detail.data) {
    throw new Error('detail answered ' + detail.response.status);
  }
  const match: Match = detail.data.data;
  const missing = await api.GET('/v1/football/matches/{matchId}', {
    params: { path: { matchId: ${UNKNOWN_MATCH_ID} } },
  });
  const missingCode: string | undefined = missing.error?.code;

  const one = await graphqlRequest(options, MatchDetailDocument, { id: first.id });
  const query: MatchDetailQuery | null | undefined = one.data;
  const day = await graphqlRequest(options, MatchDayDocument, { date, pageSize: 3 });
  const keyless = await graphqlRequest({ baseUrl: options.baseUrl }, MatchDayDocument);
  return {
    total: page.meta.total,
    listIds: page.data.map((m) => m.id),
    detail: { id: match.id, home: match.home.name, kickoffUtc: match.kickoffUtc },
    missing: { status: missing.response.status, code: missingCode ?? null },
    quotaRemaining: list.response.headers.get('x-quota-remaining'),
    graphql: {
      id: query?.match?.id ?? null,
      home: query?.match?.home.name ?? null,
      errors: one.errors ?? [],
      dayTotal: day.data?.matches.pageInfo.total ?? null,
      dayIds: day.data?.matches.items.map((m) => m.id) ?? [],
      keylessCodes: (keyless.errors ?? []).map((e) => e.extensions?.code ?? ''),
    },
  };
}

/** Never called: compiling it proves the types refuse each wrong call. */
export function refused(): void {
  const api = createRestClient({ baseUrl: '' });
  // @ts-expect-error no such path
  void api.GET('/v1/football/fixtures');
  // @ts-expect-error matchId is an integer
  void api.GET('/v1/football/matches/{matchId}', { params: { path: { matchId: 'abc' } } });
  // @ts-expect-error the detail path needs its matchId
  void api.GET('/v1/football/matches/{matchId}', { params: {} });
  // @ts-expect-error tz is minutes or an IANA zone name, never a boolean
  void api.GET('/v1/football/matches', { params: { query: { tz: true } } });
  // @ts-expect-error the list is GET only
  void api.POST('/v1/football/matches', {});
  // @ts-expect-error the key is a string
  createRestClient({ baseUrl: '', apiKey: 1 });
  void api.GET('/v1/football/matches').then(({ data }) => {
    // @ts-expect-error a list entry has no such field
    void data?.data[0]?.referee;
  });
  // @ts-expect-error MatchDetail needs its id
  void graphqlRequest(options, MatchDetailDocument);
  // @ts-expect-error the id is an Int
  void graphqlRequest(options, MatchDetailDocument, { id: 'x' });
  // @ts-expect-error MatchDay has no such variable
  void graphqlRequest(options, MatchDayDocument, { day: '2026-11-22' });
  void graphqlRequest(options, MatchDetailDocument, { id: 1 }).then(({ data }) => {
    // @ts-expect-error the document selects no such field
    void data?.match?.referee;
  });
}

console.log(JSON.stringify(await flow(env['DATE'] ?? '')));
`;

const STRICT = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  target: 'ES2022',
  lib: ['ES2022', 'DOM'],
  types: [],
  // The package's declarations are checked too (and openapi-fetch's, which they use).
  skipLibCheck: false,
};

const TSCONFIGS = {
  'tsconfig.json': { ...STRICT, module: 'node16', moduleResolution: 'node16', outDir: 'out' },
  'tsconfig.bundler.json': {
    ...STRICT,
    module: 'ESNext',
    moduleResolution: 'bundler',
    noEmit: true,
  },
};

/** tsc's output for a config of the consumer project: empty when it compiles cleanly. */
async function tsc(dir: string, config: string): Promise<string> {
  try {
    await run(process.execPath, [TSC, '-p', config, '--pretty', 'false'], { cwd: dir });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return `${stdout}${stderr}`.trim() || String(error);
  }
}

interface FlowResult {
  total: number;
  listIds: number[];
  detail: { id: number; home: string; kickoffUtc: string };
  missing: { status: number; code: string | null };
  quotaRemaining: string | null;
  graphql: {
    id: number | null;
    home: string | null;
    errors: unknown[];
    dayTotal: number | null;
    dayIds: number[];
    keylessCodes: string[];
  };
}

describe('a consumer project importing touchline/client', () => {
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let cases: DemoCases;
  let key: string;
  let baseUrl: string;
  let dir: string;

  beforeAll(async () => {
    // The client build as `npm run build` runs it (fresh: never a stale dist/client).
    await run(process.execPath, ['scripts/build-client.mjs'], { cwd: root });
    dir = await mkdtemp(join(tmpdir(), 'touchline-consumer-'));
    await mkdir(join(dir, 'node_modules'));
    await symlink(root, join(dir, 'node_modules', 'touchline'), 'dir');
    const pkg = { name: 'consumer', private: true, type: 'module' };
    await writeFile(join(dir, 'package.json'), JSON.stringify(pkg));
    for (const [file, compilerOptions] of Object.entries(TSCONFIGS)) {
      await writeFile(join(dir, file), JSON.stringify({ compilerOptions, files: ['consumer.ts'] }));
    }
    await writeFile(join(dir, 'consumer.ts'), CONSUMER);

    // One database is enough: the client sees HTTP, not storage (the REST and GraphQL contract
    // tests run on both).
    database = await createTestDatabase('pglite');
    ({ cases } = await loadDemo(database));
    app = await buildTestApp(database, { clock: createFakeClock('2026-11-22T10:00:00.000Z') });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    ({ key } = await createAccountWithKey(database, 'Pro'));
  }, 300_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dir) {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('type-checks under node16 and bundler resolution, refusing every wrong call', async () => {
    for (const config of Object.keys(TSCONFIGS)) {
      expect(await tsc(dir, config), config).toBe('');
    }
  }, 120_000);

  it('runs under Node against the server: REST list -> detail, a 404, GraphQL', async () => {
    const { stdout } = await run(process.execPath, [join(dir, 'out', 'consumer.js')], {
      cwd: dir,
      env: { ...process.env, BASE_URL: baseUrl, API_KEY: key, DATE: cases.today.date },
    });
    const result = JSON.parse(stdout) as FlowResult;
    const firstId = cases.today.matchIds[0];

    expect(result.total).toBe(cases.today.matchIds.length);
    expect(result.listIds).toEqual(cases.today.matchIds.slice(0, 5));
    expect(result.detail.id).toBe(firstId);
    expect(result.detail.home).toEqual(expect.any(String));
    expect(Date.parse(result.detail.kickoffUtc)).toBeGreaterThan(0);
    expect(result.missing).toEqual({ status: 404, code: 'not_found' });
    // The key went in X-Api-Key: the call was counted against the account.
    expect(result.quotaRemaining).toMatch(/^\d+$/);

    expect(result.graphql).toMatchObject({ id: firstId, home: result.detail.home, errors: [] });
    expect(result.graphql.dayTotal).toBe(cases.today.matchIds.length);
    expect(result.graphql.dayIds).toEqual(cases.today.matchIds.slice(0, 3));
    expect(result.graphql.keylessCodes).toEqual(['unauthorized']);
  }, 120_000);
});
