// `npm run build` (run by `npm install`): bundles the `touchline` command and server into dist/
// with esbuild. One bundle with a chunk per lazily loaded part (server, demo, analysis ...)
// loads in a fraction of the time of hundreds of separate modules; source maps keep stack traces
// on the TypeScript lines. Type checking is `npm run typecheck` (part of `npm test`).
// The `touchline/client` subpath is a separate, browser-friendly build (scripts/build-client.mjs).
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';
import { buildClient } from './build-client.mjs';

/**
 * Packages that find their own files next to their code at run time (WebAssembly, data files,
 * browser assets), so they are loaded from node_modules, not bundled.
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'pglite-prisma-adapter',
  '@prisma/schema-engine-wasm',
  '@fastify/swagger-ui',
  '@graphql-yoga/render-graphiql',
];

/**
 * graphql-js ships CommonJS (`index.js`) beside ES modules (`index.mjs`), and esbuild picks the
 * CommonJS files for Node. Every import of them then goes through a `__toESM` getter: about 10%
 * of a cache-miss GraphQL response's CPU (docs/performance-miss-path.md). This sends every
 * import and require of graphql, from our code and from dependencies alike, to the `.mjs` files,
 * so the bundle holds one ES module copy (two copies would break `instanceof` checks).
 */
const graphqlAsEsm = {
  name: 'graphql-as-esm',
  setup(b) {
    b.onResolve({ filter: /^graphql(\/.*)?$/ }, async (args) => {
      if (args.pluginData?.graphqlAsEsm) {
        return undefined;
      }
      const resolved = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { graphqlAsEsm: true },
      });
      if (resolved.errors.length > 0 || !resolved.path.endsWith('.js')) {
        return resolved;
      }
      const esm = `${resolved.path.slice(0, -3)}.mjs`;
      return existsSync(esm) ? { ...resolved, path: esm } : resolved;
    });
  },
};

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: { main: 'app/main.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  chunkNames: 'chunks/[name]-[hash]',
  external: EXTERNAL,
  plugins: [graphqlAsEsm],
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: {
    js: "import { createRequire as __touchlineRequire } from 'node:module'; const require = __touchlineRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await buildClient();
