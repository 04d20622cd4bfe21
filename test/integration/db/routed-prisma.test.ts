import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../../src/db/database.js';
import type { ReadTarget } from '../../../src/db/replicas/replica-state.js';
import { routedPrisma } from '../../../src/db/replicas/routed-prisma.js';

/**
 * The data services' Prisma client with replicas (src/db/replicas/routed-prisma.ts), over two
 * embedded databases standing for a primary and a replica that differ: what each call returns
 * shows where it ran.
 */
describe('the routed Prisma client', () => {
  let primary: Database;
  let replica: Database;
  const routed: { targets: string[] } = { targets: [] };
  let client: Database['prisma'];

  beforeAll(async () => {
    [primary, replica] = await Promise.all([
      openDatabase({ dataDir: 'memory://', fromTemplate: true }),
      openDatabase({ dataDir: 'memory://', fromTemplate: true }),
    ]);
    await primary.prisma.bookmaker.create({ data: { id: 1, name: 'on-primary', nameEn: 'P' } });
    await replica.prisma.bookmaker.create({ data: { id: 1, name: 'on-replica', nameEn: 'R' } });
    const replicaTarget: ReadTarget = { prisma: replica.prisma, read: replica.read };
    client = routedPrisma(primary.prisma, async (read) => {
      routed.targets.push('replica');
      return read(replicaTarget);
    });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([primary?.close(), replica?.close()]);
  });

  it('sends model reads and raw reads through the route, one call each', async () => {
    routed.targets = [];
    expect((await client.bookmaker.findMany()).map((b) => b.name)).toEqual(['on-replica']);
    expect((await client.bookmaker.findUniqueOrThrow({ where: { id: 1 } })).name).toBe(
      'on-replica',
    );
    expect(await client.bookmaker.count()).toBe(1);
    const rows = await client.$queryRaw<{ name: string }[]>`SELECT name FROM bookmakers`;
    expect(rows.map((r) => r.name)).toEqual(['on-replica']);
    expect(routed.targets).toHaveLength(4);
  });

  it('keeps writes, raw writes and transactions on the primary, never routed', async () => {
    routed.targets = [];
    await client.bookmaker.create({ data: { id: 2, name: 'written', nameEn: 'W' } });
    await client.$executeRaw`UPDATE bookmakers SET name_en = 'W2' WHERE id = 2`;
    const inTransaction = await client.$transaction(async (tx) =>
      tx.bookmaker.findMany({ orderBy: { id: 'asc' } }),
    );
    expect(inTransaction.map((b) => b.name)).toEqual(['on-primary', 'written']);
    expect(routed.targets).toEqual([]);
    expect(await primary.prisma.bookmaker.findUnique({ where: { id: 2 } })).toMatchObject({
      nameEn: 'W2',
    });
    expect(await replica.prisma.bookmaker.count()).toBe(1);
  });
});
