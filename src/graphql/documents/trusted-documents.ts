import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { type DocumentNode, type GraphQLSchema, Kind, parse, print, validate } from 'graphql';
import { expandedSelections } from './document-size.js';
import { GRAPHQL_LIMITS } from './limits.js';
import { repeatedFieldsRefusal } from './repeated-fields.js';

/**
 * Trusted (persisted) documents (docs/graphql.md "Trusted documents"): a manifest maps the
 * SHA-256 of a document's text (lower-case hex, as Apollo's and urql's persisted-query links send
 * it) to that text. Documents are stored as graphql-js prints them, so the hash a client computes
 * with `sha256(print(document))` is the manifest's, whatever the file's spacing and comments.
 */
export type TrustedDocuments = ReadonlyMap<string, string>;

/** Bad input: a file that does not parse or validate, a manifest that is not one. One line. */
export class TrustedDocumentError extends Error {}

export const documentHash = (text: string) => createHash('sha256').update(text).digest('hex');

const HASH = /^[0-9a-f]{64}$/;

/** The manifest at `path`; a missing file is an empty manifest, a malformed one an error. */
export async function readManifest(path: string): Promise<Map<string, string>> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return new Map();
    }
    throw new TrustedDocumentError(`${path}: ${(error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new TrustedDocumentError(`${path}: not JSON`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new TrustedDocumentError(`${path}: not a JSON object of sha256 hash -> document`);
  }
  const documents = new Map<string, string>();
  for (const [hash, document] of Object.entries(parsed)) {
    if (typeof document !== 'string' || !HASH.test(hash) || documentHash(document) !== hash) {
      throw new TrustedDocumentError(
        `${path}: entry ${hash.slice(0, 80)} is not the sha256 hash of its document`,
      );
    }
    documents.set(hash, document);
  }
  return documents;
}

/** One line for a GraphQL error: its message and where it points. */
function describe(error: {
  message: string;
  locations?: readonly { line: number; column: number }[] | undefined;
}) {
  const at = error.locations?.[0];
  return `${error.message.split('\n')[0]}${at ? ` (line ${at.line}, column ${at.column})` : ''}`;
}

const operationsOf = (document: DocumentNode) =>
  document.definitions.flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION ? [d.name?.value ?? '(anonymous)'] : [],
  );

/**
 * The shape limits the server checks before validation (docs/graphql.md "Limits"): a document
 * past them could never run, and validating it would cost what they are there to prevent.
 */
function shapeRefusal(document: DocumentNode): string | undefined {
  const max = GRAPHQL_LIMITS.maxExpandedSelections;
  if (expandedSelections(document, max) > max) {
    return `Selections limit of ${max} exceeded once fragments are inlined`;
  }
  return repeatedFieldsRefusal(
    document,
    { fields: GRAPHQL_LIMITS.maxRepeatedFields, fragments: GRAPHQL_LIMITS.maxSpreadFragments },
    max,
  );
}

/**
 * A file's document in its stored form, after it parsed and validated against the schema; it
 * must hold at least one operation.
 */
export function trustedDocumentOf(schema: GraphQLSchema, name: string, text: string) {
  let document: DocumentNode;
  try {
    // The server refuses a longer document before it runs (docs/graphql.md "Limits").
    document = parse(text, { maxTokens: GRAPHQL_LIMITS.maxTokens });
  } catch (error) {
    throw new TrustedDocumentError(`${name}: ${describe(error as Error)}`);
  }
  const refusal = shapeRefusal(document);
  if (refusal) {
    throw new TrustedDocumentError(`${name}: ${refusal}`);
  }
  const [invalid] = validate(schema, document);
  if (invalid) {
    throw new TrustedDocumentError(`${name}: ${describe(invalid)}`);
  }
  const operations = operationsOf(document);
  if (operations.length === 0) {
    throw new TrustedDocumentError(`${name}: no operation (query, mutation or subscription)`);
  }
  const printed = print(document);
  return { hash: documentHash(printed), document: printed, operations, node: document };
}

const GRAPHQL_FILE = /\.(graphql|gql)$/i;

/** The .graphql files named: files as given, folders searched for *.graphql and *.gql. */
async function filesOf(paths: readonly string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (!info) {
      throw new TrustedDocumentError(`${path}: no such file or folder`);
    }
    if (info.isDirectory()) {
      const entries = await readdir(path, { recursive: true });
      const found = entries.filter((e) => GRAPHQL_FILE.test(e)).sort();
      if (found.length === 0) {
        throw new TrustedDocumentError(`${path}: no .graphql files in this folder`);
      }
      files.push(...found.map((e) => join(path, e)));
    } else {
      files.push(path);
    }
  }
  return files;
}

export interface RegisteredDocument {
  file: string;
  hash: string;
  operations: string[];
  /** False when the manifest held it already. */
  added: boolean;
}

/**
 * `touchline documents add`: validates every file first (all or nothing), then merges them into
 * the manifest (written sorted by hash, replaced atomically). Entries already there stay.
 */
export async function registerDocuments(
  schema: GraphQLSchema,
  paths: readonly string[],
  manifestPath: string,
): Promise<{ manifest: string; documents: RegisteredDocument[]; total: number }> {
  const manifest = await readManifest(manifestPath);
  const prepared = [];
  for (const file of await filesOf(paths)) {
    const text = await readFile(file, 'utf8').catch((error: Error) => {
      throw new TrustedDocumentError(`${file}: ${error.message}`);
    });
    prepared.push({ file, ...trustedDocumentOf(schema, file, text) });
  }
  const documents = prepared.map(({ file, hash, document, operations }) => {
    const added = !manifest.has(hash);
    manifest.set(hash, document);
    return { file, hash, operations, added };
  });
  return { manifest: await writeManifest(manifestPath, manifest), documents, total: manifest.size };
}

/**
 * Writes the manifest sorted by hash, through a temporary file beside it renamed over it: a
 * server starting meanwhile reads the old manifest or the new one, never half of one.
 */
async function writeManifest(path: string, manifest: ReadonlyMap<string, string>) {
  const sorted = Object.fromEntries([...manifest].sort(([a], [b]) => (a < b ? -1 : 1)));
  const target = resolve(path);
  const temporary = join(dirname(target), `.${process.pid}.trusted-documents.tmp`);
  try {
    await writeFile(temporary, `${JSON.stringify(sorted, null, 2)}\n`);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new TrustedDocumentError(`${target}: ${(error as Error).message}`);
  }
  return target;
}

/** `touchline documents list`: the manifest's documents and the operations each holds. */
export async function listDocuments(manifestPath: string) {
  const manifest = await readManifest(manifestPath);
  const documents = [...manifest].map(([hash, text]) => {
    try {
      return { hash, operations: operationsOf(parse(text, { noLocation: true })) };
    } catch (error) {
      throw new TrustedDocumentError(
        `${manifestPath}: document ${hash}: ${describe(error as Error)}`,
      );
    }
  });
  return { manifest: resolve(manifestPath), documents, total: documents.length };
}
