import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');
const CONFIG = join(ROOT, '.dependency-cruiser.mjs');
const DEPCRUISE = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** A miniature of the layout, each file breaking (or keeping) one rule of .dependency-cruiser.mjs. */
const FILES: Record<string, string> = {
  'tsconfig.json':
    '{ "compilerOptions": { "module": "nodenext", "moduleResolution": "nodenext" } }',
  'src/db/store.ts': 'export const store = 1;\n',
  'src/http/problem.ts': 'export const problem = 1;\n',
  'rest/routes.ts': "import { store } from '../src/db/store.js';\nexport const routes = store;\n",
  'app/main.ts': "import { routes } from '../rest/routes.js';\nexport const main = routes;\n",
  // core-not-to-doors
  'src/football/matches.ts':
    "import { routes } from '../../rest/routes.js';\nexport const m = routes;\n",
  // door-apart:src/graphql
  'src/graphql/schema.ts':
    "import { routes } from '../../rest/routes.js';\nexport const s = routes;\n",
  // only-composition-imports-app
  'src/cli/main.ts': "import { main } from '../../app/main.js';\nexport const c = main;\n",
  // shell-below-doors
  'src/accounts/shell.ts':
    "import { problem } from '../http/problem.js';\nexport const p = problem;\n",
  // analysis-is-pure (storage, and a football reader), but the football vocabulary is allowed
  'src/analysis/settle.ts': "import { store } from '../db/store.js';\nexport const a = store;\n",
  'src/football/vocabulary.ts': 'export const markets = 1;\n',
  'src/football/h2h.ts': "import { store } from '../db/store.js';\nexport const h = store;\n",
  'src/analysis/kelly.ts':
    "import { markets } from '../football/vocabulary.js';\nexport const k = markets;\n",
  'src/analysis/tips.ts': "import { h } from '../football/h2h.js';\nexport const t = h;\n",
  // accounts-apart-from-football, football-apart-from-accounts
  'src/accounts/plans.ts': "import { h } from '../football/h2h.js';\nexport const plans = h;\n",
  'src/accounts/tiers.ts': 'export const tiers = 1;\n',
  'src/football/teams.ts':
    "import { tiers } from '../accounts/tiers.js';\nexport const t = tiers;\n",
  // counters-below-the-gate
  'src/policy/gate.ts': "import { store } from '../db/store.js';\nexport const gate = store;\n",
  'src/counters/slices.ts': "import { gate } from '../policy/gate.js';\nexport const s = gate;\n",
  // no-circular
  'src/wire/a.ts': "import { b } from './b.js';\nexport const a = () => b;\n",
  'src/wire/b.ts': "import { a } from './a.js';\nexport const b = () => a;\n",
};

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'touchline-boundaries-'));
  for (const [path, text] of Object.entries(FILES)) {
    const file = join(dir, path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function cruise(): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(
      process.execPath,
      [DEPCRUISE, 'app', 'src', 'rest', '--config', CONFIG, '--output-type', 'err'],
      { cwd: dir },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, output: failed.stdout };
  }
}

it('the dependency rules catch each kind of boundary break, and only those', async () => {
  const { code, output } = await cruise();
  expect(code).not.toBe(0);
  const found = [...output.matchAll(/error (\S+): (\S+)/g)].map(
    ([, rule, from]) => `${rule} ${from}`,
  );
  expect(found.sort()).toEqual(
    [
      'analysis-is-pure src/analysis/settle.ts',
      'analysis-is-pure src/analysis/tips.ts',
      'accounts-apart-from-football src/accounts/plans.ts',
      'football-apart-from-accounts src/football/teams.ts',
      'counters-below-the-gate src/counters/slices.ts',
      'core-not-to-doors src/football/matches.ts',
      'door-apart:src/graphql src/graphql/schema.ts',
      'no-circular src/wire/a.ts',
      'only-composition-imports-app src/cli/main.ts',
      'shell-below-doors src/accounts/shell.ts',
    ].sort(),
  );
});
