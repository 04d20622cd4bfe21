import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS and ESM builds; Node loads the CJS one for us and for every library
    // (no "exports" map), Vite would pick the ESM one for our files: two realms, and graphql
    // refuses types from "another module". Pin the one Node uses.
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on the project's two-core machines,
    // where test files spend much of their time waiting on servers they start, PostgreSQL and
    // Redis. Two workers there: the whole suite in 27.8 minutes instead of about 40.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
