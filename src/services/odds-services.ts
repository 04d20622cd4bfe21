import type { PrismaClient } from '../db/generated/client.js';

/** Odds and analysis services: the REST and GraphQL doors share them. */
export function createOddsServices(_deps: { db: PrismaClient }) {
  return {};
}
