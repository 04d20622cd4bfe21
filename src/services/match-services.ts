import type { PrismaClient } from '../db/generated/client.js';

/** Match data services (matches, live, children, head-to-head): the REST and GraphQL doors share them. */
export function createMatchServices(_deps: { db: PrismaClient }) {
  return {};
}
