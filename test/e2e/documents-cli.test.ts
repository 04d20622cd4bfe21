import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentHash } from '../../src/graphql/documents/trusted-documents.js';
import { embeddedEnv, ROOT } from '../helpers/embedded-cli.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

const MATCH = `# the match card
query Match($id: Int!) {
  match(id: $id) { id status   home { name } }
}`;
const PAGE = 'query Page($date: String!) { matches(date: $date) { items { id } } }';
const LIVE = `query Live { liveMatches { id minute } }
query Bookmakers { bookmakers { id name } }`;
const STALE = 'query Stale { match(id: 1) { id nope } }';

const printed = (text: string) => print(parse(text));

/** `touchline documents ...` as a user runs it, on the manifest at `manifest`. */
function touchline(manifest: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'app/main.ts', 'documents', ...args],
      // No database is opened: the data folder only has to be somewhere of the test's own.
      {
        cwd: ROOT,
        env: embeddedEnv(join(manifest, '..', 'data'), { TRUSTED_DOCUMENTS: manifest }),
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const json = (run: Run) => JSON.parse(run.stdout) as Record<string, unknown>;

/** One line on stderr, exit 2, and with --json the problem object on stdout. */
function expectRefused(run: Run, reason: RegExp, withJson: boolean) {
  expect(run.code, run.stderr).toBe(2);
  expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
  expect(run.stderr).toMatch(reason);
  if (withJson) {
    expect(json(run)).toMatchObject({ code: 'invalid_parameter', title: 'Invalid parameter' });
    expect(String(json(run)['detail'])).toMatch(reason);
  }
}

describe('touchline documents add|list (trusted documents manifest)', () => {
  let dir: string;
  let manifest: string;
  let queries: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'touchline-documents-'));
    manifest = join(dir, 'trusted-documents.json');
    queries = join(dir, 'queries');
    await mkdir(join(queries, 'nested'), { recursive: true });
    await writeFile(join(queries, 'match.graphql'), MATCH);
    await writeFile(join(queries, 'nested', 'page.gql'), PAGE);
    await writeFile(join(queries, 'notes.txt'), 'not a document');
    await writeFile(join(dir, 'live.graphql'), LIVE);
    await writeFile(join(dir, 'stale.graphql'), STALE);
    await mkdir(join(dir, 'empty'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('registers a folder and a file, printed, under the SHA-256 of the print; list shows them', async () => {
    const run = await touchline(manifest, 'add', queries, join(dir, 'live.graphql'), '--json');
    expect(run.code, run.stderr).toBe(0);
    const added = json(run);
    expect(added['manifest']).toBe(manifest);
    expect(added['total']).toBe(3);
    expect(added['documents']).toEqual([
      {
        file: join(queries, 'match.graphql'),
        hash: documentHash(printed(MATCH)),
        operations: ['Match'],
        added: true,
      },
      {
        file: join(queries, 'nested', 'page.gql'),
        hash: documentHash(printed(PAGE)),
        operations: ['Page'],
        added: true,
      },
      {
        file: join(dir, 'live.graphql'),
        hash: documentHash(printed(LIVE)),
        operations: ['Live', 'Bookmakers'],
        added: true,
      },
    ]);
    const stored = JSON.parse(await readFile(manifest, 'utf8')) as Record<string, string>;
    expect(stored).toEqual({
      [documentHash(printed(MATCH))]: printed(MATCH),
      [documentHash(printed(PAGE))]: printed(PAGE),
      [documentHash(printed(LIVE))]: printed(LIVE),
    });
    expect(Object.keys(stored)).toEqual(Object.keys(stored).sort());
    // Written through a temporary file renamed over the manifest: nothing else is left.
    expect(await readdir(dir)).not.toContainEqual(expect.stringMatching(/\.tmp$/));

    const [listed, text] = await Promise.all([
      touchline(manifest, 'list', '--json'),
      touchline(manifest, 'list'),
    ]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(json(listed)).toEqual({
      manifest,
      total: 3,
      documents: Object.keys(stored).map((hash) => ({
        hash,
        operations:
          hash === documentHash(printed(LIVE)) ? ['Live', 'Bookmakers'] : [expect.any(String)],
      })),
    });
    expect(text.stdout).toContain(`${manifest}: 3 documents`);
    expect(text.stdout).toContain(`${documentHash(printed(MATCH))}  Match`);
  });

  it('adding the same documents again changes nothing and says so', async () => {
    const before = await readFile(manifest, 'utf8');
    const [again, human] = await Promise.all([
      touchline(manifest, 'add', join(queries, 'match.graphql'), '--json'),
      touchline(manifest, 'add', join(queries, 'match.graphql')),
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(json(again)).toMatchObject({ total: 3, documents: [{ added: false }] });
    expect(human.stdout).toContain('0 documents added, 3 in all');
    expect(human.stdout).toContain('(already registered)');
    expect(await readFile(manifest, 'utf8')).toBe(before);
  });

  it('one bad file refuses them all: one line naming the file and the reason, exit 2', async () => {
    const before = await readFile(manifest, 'utf8');
    const fresh = join(dir, 'fresh.graphql');
    await writeFile(fresh, 'query Fresh { bookmakers { id } }');
    // Issue 46 finding 1: past a shape limit checked before validation, as the server does.
    const repeated = join(dir, 'repeated.graphql');
    await writeFile(repeated, `query Repeated { plans { ${'tiers { tier } '.repeat(600)}} }`);
    const runs = await Promise.all([
      touchline(manifest, 'add', fresh, join(dir, 'stale.graphql'), '--json'),
      touchline(manifest, 'add', fresh, join(dir, 'stale.graphql')),
      touchline(manifest, 'add', join(dir, 'empty'), '--json'),
      touchline(manifest, 'add', join(dir, 'missing.graphql'), '--json'),
      touchline(manifest, 'add', join(queries, 'notes.txt'), '--json'),
      touchline(manifest, 'add', fresh, repeated, '--json'),
    ]);
    expectRefused(
      runs[0] as Run,
      /stale\.graphql: Cannot query field "nope" on type "Match"/,
      true,
    );
    expectRefused(runs[1] as Run, /stale\.graphql: Cannot query field "nope"/, false);
    expect(runs[1]?.stdout).toBe('');
    expectRefused(runs[2] as Run, /empty: no \.graphql files in this folder/, true);
    expectRefused(runs[3] as Run, /missing\.graphql: no such file or folder/, true);
    expectRefused(runs[4] as Run, /notes\.txt: Syntax Error/, true);
    expectRefused(
      runs[5] as Run,
      /repeated\.graphql: Repeated fields limit of 20 exceeded: `tiers` is selected more than 20 times/,
      true,
    );
    expect(await readFile(manifest, 'utf8')).toBe(before);
  });

  it('a malformed manifest is refused by add and list, and left as it is', async () => {
    const broken = join(dir, 'broken.json');
    const cases = [
      ['{"a": ', /broken\.json: not JSON/],
      [
        JSON.stringify({ ['0'.repeat(64)]: printed(MATCH) }),
        /is not the sha256 hash of its document/,
      ],
    ] as const;
    for (const [content, reason] of cases) {
      await writeFile(broken, content);
      const [add, list] = await Promise.all([
        touchline(broken, 'add', join(queries, 'match.graphql'), '--json'),
        touchline(broken, 'list', '--json'),
      ]);
      expectRefused(add, reason, true);
      expectRefused(list, reason, true);
      expect(await readFile(broken, 'utf8')).toBe(content);
    }
  });

  it('touchline serve with a malformed manifest stops before listening, with one line naming it', async () => {
    const broken = join(dir, 'serve-broken.json');
    await writeFile(broken, JSON.stringify({ [documentHash('{ nope }')]: '{ nope }' }));
    const run = await new Promise<Run>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'app/main.ts', 'serve'],
        {
          cwd: ROOT,
          env: embeddedEnv(join(dir, 'serve-data'), {
            TRUSTED_DOCUMENTS: broken,
            PORT: '0',
            LIVE: 'off',
          }),
          timeout: 120_000,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
    expect(run.stderr).toMatch(
      /^touchline: invalid configuration: TRUSTED_DOCUMENTS .*serve-broken\.json: document [0-9a-f]{12}: Cannot query field "nope"/,
    );
  }, 120_000);

  it('no path at all is a usage error', async () => {
    expectRefused(await touchline(manifest, 'add', '--json'), /missing required argument/, true);
  });
});
