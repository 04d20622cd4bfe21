/**
 * The house's size measures (issue 48), over the production code (app/, src/, rest/; generated
 * code left out): the largest folders by files directly inside, top-level functions and methods
 * of 100 lines or more, files over 300 lines, and the calls of the access gate and its Pass
 * outside src/policy/.
 *   node --import tsx scripts/house-measures.ts [--list]
 * Shared lines between places are `duplicates` (the tool library's), run on the same folders.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOTS = ['app', 'src', 'rest'];
const LONG_FUNCTION = 100;
const LONG_FILE = 300;
const list = process.argv.includes('--list');

function productionFiles(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'generated') {
      continue;
    }
    if (statSync(path).isDirectory()) {
      productionFiles(path, into);
    } else if (path.endsWith('.ts') && !path.endsWith('.d.ts')) {
      into.push(path);
    }
  }
  return into;
}

function lineCount(node: ts.Node, file: ts.SourceFile): number {
  const line = (at: number) => file.getLineAndCharacterOfPosition(at).line;
  return line(node.getEnd()) - line(node.getStart(file)) + 1;
}

/** Top-level functions (declared, or a const bound to one) and class methods, with their lines. */
function functionsOf(file: ts.SourceFile): { name: string; lines: number }[] {
  const found: { name: string; lines: number }[] = [];
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement)) {
      found.push({ name: statement.name?.text ?? 'default', lines: lineCount(statement, file) });
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
          found.push({ name: declaration.name.getText(file), lines: lineCount(init, file) });
        }
      }
    } else if (ts.isClassDeclaration(statement)) {
      for (const member of statement.members) {
        if (ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member)) {
          const method = member.name?.getText(file) ?? 'constructor';
          found.push({ name: `${statement.name?.text}.${method}`, lines: lineCount(member, file) });
        }
      }
    }
  }
  return found;
}

const files = ROOTS.flatMap((root) => productionFiles(root));
const perFolder = new Map<string, number>();
const longFunctions: string[] = [];
const longFiles: string[] = [];
const gateCalls: string[] = [];
for (const path of files) {
  const folder = path.slice(0, path.lastIndexOf('/'));
  perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  if (lines.length > LONG_FILE) {
    longFiles.push(`${path} ${lines.length}`);
  }
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  for (const { name, lines: n } of functionsOf(source)) {
    if (n >= LONG_FUNCTION) {
      longFunctions.push(`${path} ${name} ${n}`);
    }
  }
  if (!path.startsWith('src/policy/')) {
    lines.forEach((line, i) => {
      if (/\bgate\.\w+\(|\bpass\.(allow|reserve|settle\w*|peek)\(/.test(line)) {
        gateCalls.push(`${path}:${i + 1} ${line.trim()}`);
      }
    });
  }
}

const folders = [...perFolder].sort((a, b) => b[1] - a[1]);
const show = (title: string, rows: string[]) => {
  console.log(`${title}: ${rows.length}`);
  if (list) {
    for (const row of rows) {
      console.log(`  ${row}`);
    }
  }
};
console.log(`production files: ${files.length}`);
console.log(
  `largest folders (files directly inside): ${folders
    .slice(0, 5)
    .map(([folder, n]) => `${folder} ${n}`)
    .join(', ')}`,
);
show(`top-level functions of ${LONG_FUNCTION}+ lines`, longFunctions.sort());
show(`files over ${LONG_FILE} lines`, longFiles.sort());
show('gate and Pass calls outside src/policy/', gateCalls);
