import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';

type EngineModule = typeof import('@prisma/schema-engine-wasm/schema_engine_bg');

/** Node's WebAssembly global; our `lib` setting (no DOM) carries no typings for it. */
const wasmRuntime = (
  globalThis as unknown as {
    WebAssembly: {
      instantiate(
        bytes: Uint8Array,
        imports: Record<string, unknown>,
      ): Promise<{ instance: { exports: { __wbindgen_start(): void } } }>;
    };
  }
).WebAssembly;

let loaded: Promise<EngineModule> | undefined;

/**
 * Loads Prisma's schema engine compiled to WebAssembly. The prisma CLI would download a native
 * engine binary, which cannot be fetched offline; the wasm build ships inside the npm package.
 * Node cannot `import` a .wasm file, so we instantiate it ourselves with the wasm-bindgen glue.
 */
function loadEngineModule(): Promise<EngineModule> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const glue: EngineModule = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = await readFile(gluePath.replace(/\.js$/, '.wasm'));
    const { instance } = await wasmRuntime.instantiate(bytes, { './schema_engine_bg.js': glue });
    (glue as unknown as { __wbg_set_wasm(exports: unknown): void }).__wbg_set_wasm(
      instance.exports,
    );
    instance.exports.__wbindgen_start();
    return glue;
  })();
  return loaded;
}

export const NO_FILTER = { externalTables: [], externalEnums: [] };

/** A schema engine working through a driver adapter (PGlite or pg), no binary involved. */
export async function openSchemaEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  schemaFiles: { path: string; content: string }[],
): Promise<SchemaEngine> {
  const engine = await loadEngineModule();
  const datamodels = schemaFiles.map((f): [string, string] => [f.path, f.content]);
  return engine.SchemaEngine.new(
    { datamodels },
    () => {},
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}
