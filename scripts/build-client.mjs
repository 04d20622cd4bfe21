// The `touchline/client` subpath (src/client): one browser-friendly ES module plus its type
// declarations in dist/client/. Part of `npm run build` (scripts/build.mjs); the consumer test
// (test/contract/client/consumer.test.ts) runs it too, so it never tests a stale build.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));

export async function buildClient() {
  await rm(`${root}dist/client`, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { index: 'src/client/index.ts' },
    outdir: 'dist/client',
    bundle: true,
    format: 'esm',
    // No Node built-ins: the same file runs in a browser, a bundler, Node, Deno or Bun.
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    sourcemap: true,
    // A dependency of the package; graphql's printer (a few kB) is bundled instead.
    external: ['openapi-fetch'],
    logLevel: 'warning',
  });
  // Declarations only: esbuild does not write them.
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.client.json'], { cwd: root });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildClient();
}
