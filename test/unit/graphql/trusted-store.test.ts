import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, print } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config/config-error.js';
import { withTypename } from '../../../src/graphql/documents/client-forms.js';
import {
  documentHash,
  TrustedDocumentError,
} from '../../../src/graphql/documents/trusted-documents.js';
import {
  createTrustedStore,
  loadTrustedStore,
} from '../../../src/graphql/documents/trusted-store.js';
import { schema } from '../../../src/graphql/schema/schema.js';
import { urqlSends } from '../../helpers/urql.js';

const MATCH = `query Match($id: Int!) { match(id: $id) { id status home { ...Side } } }
fragment Side on Team { name }`;
const printed = print(parse(MATCH));
const manifest = new Map([[documentHash(printed), printed]]);

describe('trusted documents as the server answers them (src/graphql/documents/trusted-store.ts)', () => {
  const store = createTrustedStore(schema, manifest, 'manifest.json');

  it("answers the document under its own hash and under every client's", () => {
    expect(store.size).toBe(1);
    expect(store.textOf(documentHash(printed))).toBe(printed);
    const urql = urqlSends(MATCH);
    expect(urql).not.toBe(printed);
    expect(store.textOf(documentHash(urql))).toBe(urql);
    const urqlCached = urqlSends(MATCH, { cacheExchange: true });
    expect(store.textOf(documentHash(urqlCached))).toBe(urqlCached);
    const apolloCached = print(withTypename(parse(MATCH), 'apollo'));
    expect(store.textOf(documentHash(apolloCached))).toBe(apolloCached);
    expect(store.textOf(documentHash(`${printed} `))).toBeUndefined();
    expect(store.textOf('not a hash')).toBeUndefined();
  });

  it('admits a registered text however it is spaced or commented, and nothing else', () => {
    expect(store.admits(printed)).toBe(true);
    expect(store.admits(MATCH)).toBe(true);
    expect(store.admits(`# mine\n${MATCH.replaceAll(' ', '   ')}`)).toBe(true);
    // Twice: the second answer comes from the memo, and says the same.
    expect(store.admits(`${MATCH}\n`)).toBe(true);
    expect(store.admits(`${MATCH}\n`)).toBe(true);
    expect(store.admits(MATCH.replace('status', 'minute'))).toBe(false);
    expect(store.admits('{ match(id: 1) { id }')).toBe(false);
    expect(store.admits(`{ ${'a '.repeat(6000)} }`)).toBe(false);
  });

  it('refuses a manifest document the schema does not hold, naming it', () => {
    const stale = '{ match(id: 1) { nope } }';
    expect(() =>
      createTrustedStore(schema, new Map([[documentHash(stale), stale]]), 'manifest.json'),
    ).toThrow(TrustedDocumentError);
    expect(() =>
      createTrustedStore(schema, new Map([[documentHash(stale), stale]]), 'manifest.json'),
    ).toThrow(/manifest\.json: document [0-9a-f]{12}: Cannot query field "nope"/);
  });
});

describe('loading the manifest at start', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'touchline-trusted-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('a missing file is a store without documents', async () => {
    const store = await loadTrustedStore(schema, join(dir, 'none.json'));
    expect(store.size).toBe(0);
    expect(store.admits(printed)).toBe(false);
  });

  it.each([
    ['not JSON', '{"a": ', /not JSON/],
    ['an array', '[]', /not a JSON object/],
    ['a wrong hash', JSON.stringify({ ['0'.repeat(64)]: printed }), /is not the sha256 hash/],
    [
      'a stale document',
      JSON.stringify({ [documentHash('{ nope }')]: '{ nope }' }),
      /Cannot query field "nope"/,
    ],
  ])('%s is a one-line configuration error naming TRUSTED_DOCUMENTS', async (_, text, reason) => {
    const path = join(dir, 'bad.json');
    await writeFile(path, text);
    const error = await loadTrustedStore(schema, path).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/^invalid configuration: TRUSTED_DOCUMENTS /);
    expect(message).toContain(path);
    expect(message).toMatch(reason);
    expect(message).not.toContain('\n');
  });
});
