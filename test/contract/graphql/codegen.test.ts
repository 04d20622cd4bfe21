import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import config, { OPERATIONS_FILE } from '../../../codegen.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
// Inside the repository, so the generated file resolves its imports from node_modules.
const folder = join(root, '.tmp-scratch', `codegen-${process.pid}`);
const generated = join(folder, 'operations.ts');

/** Every `any` keyword in a TypeScript file (comments are not nodes, so prose never matches). */
function anyKeywords(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`line ${line + 1}: ${text.split('\n')[line]?.trim().slice(0, 120)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Type errors of the files, compiled as strictly as this repository compiles itself. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** Issue 15: graphql-codegen, configured as shipped, types the example operations without `any`. */
describe('graphql-codegen over schema.graphql and examples/graphql', () => {
  let text: string;

  beforeAll(async () => {
    await mkdir(folder, { recursive: true });
    const output = config.generates[OPERATIONS_FILE];
    if (!output) {
      throw new Error(`codegen.ts generates ${OPERATIONS_FILE}`);
    }
    const [file] = await generate(
      { ...config, cwd: root, generates: { [generated]: output } },
      true,
    );
    text = file?.content ?? '';
  }, 120_000);
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('generates a typed document and result type per example operation, with no any', () => {
    for (const name of ['MatchDay', 'MatchDetail', 'Refetch', 'MatchUpdated']) {
      expect(text).toMatch(new RegExp(`export const ${name}Document = `));
      expect(text).toMatch(new RegExp(`export type ${name}(Query|Subscription) = `));
    }
    expect(anyKeywords(generated, text)).toEqual([]);
  });

  it('is the committed file touchline/client exports (else run `npm run codegen`)', async () => {
    expect(await readFile(join(root, OPERATIONS_FILE), 'utf8')).toBe(text);
  });

  it('compiles under strict settings, and a consumer gets real types, not any', async () => {
    const consumer = join(folder, 'consumer.ts');
    await writeFile(
      consumer,
      `import type { ResultOf } from '@graphql-typed-document-node/core';
import { type MatchDetailQuery, MatchDetailDocument, type RefetchQuery } from './operations.js';

type Detail = ResultOf<typeof MatchDetailDocument>;
export function winRate(q: Detail): number | undefined {
  return q.match?.analysis.handicapAnalysis?.bookmakers[0]?.home.all.openingOnly.opening.statistics.winRate;
}
export const updated = (q: MatchDetailQuery): string | undefined => q.match?.updatedAt;
export const nodeIds = (q: RefetchQuery): string[] => q.nodes.flatMap((n) => (n ? [n.nodeId] : []));
// @ts-expect-error a team's id is a number: with any this line would compile.
export const wrong: string = ({} as MatchDetailQuery).match!.home.id;
`,
    );
    expect(typeErrors([generated, consumer])).toEqual([]);
  });
});
