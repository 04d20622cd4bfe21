import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The project root (holding `prisma/`), whether this file runs from source or from `dist/`. */
function findProjectRoot(): string {
  for (let dir = new URL('./', import.meta.url); ; dir = new URL('../', dir)) {
    if (existsSync(new URL('prisma/schema.prisma', dir))) {
      return fileURLToPath(dir);
    }
    if (dir.pathname === '/') {
      throw new Error('prisma/schema.prisma not found above the touchline sources');
    }
  }
}

export const PROJECT_ROOT = findProjectRoot();
