import { afterEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from '../../../src/db/generated/client.js';
import type { ReplicaPosition } from '../../../src/db/replicas/positions.js';
import type { ReadTarget } from '../../../src/db/replicas/replica-state.js';
import { createReplicaRouter, type ReplicaRouter } from '../../../src/db/replicas/router.js';
import type { SqlRead } from '../../../src/db/sql.js';

/** A server whose reads answer its name, or fail with `failure` while it is set. */
function fakeServer(name: string) {
  const server = {
    name,
    failure: undefined as Error | undefined,
    reads: 0,
    target: undefined as unknown as ReadTarget,
  };
  const read = (async <T>() => {
    server.reads += 1;
    if (server.failure) {
      throw server.failure;
    }
    return [name] as T[];
  }) as SqlRead;
  // The router never touches the Prisma client itself: only the read functions given to it do.
  server.target = { prisma: {} as unknown as PrismaClient, read };
  return server;
}

const MAX_LAG_MS = 1_000;

function setUp(replicaCount: number) {
  const world = {
    time: 10_000,
    primaryAt: 100n,
    primaryDown: false,
    positions: [] as (ReplicaPosition | Error)[],
  };
  const primary = fakeServer('primary');
  const replicas = Array.from({ length: replicaCount }, (_, i) => fakeServer(`r${i + 1}`));
  world.positions = replicas.map(() => ({ kind: 'replaying', replay: 100n }));
  const health: string[] = [];
  const router = createReplicaRouter({
    primary: primary.target,
    primaryPosition: async () => {
      if (world.primaryDown) {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      }
      return world.primaryAt;
    },
    replicas: replicas.map((r, i) => ({
      name: r.name,
      target: r.target,
      position: async () => {
        const p = world.positions[i] as ReplicaPosition | Error;
        if (p instanceof Error) {
          throw p;
        }
        return p;
      },
    })),
    maxLagMs: MAX_LAG_MS,
    checkMs: 60_000,
    onHealth: (s) => health.push(`${s.name} ${s.health}`),
    now: () => world.time,
  });
  const readOnce = () => router.route((t) => t.read<string>({ text: 'SELECT 1', values: [] }));
  const whoAnswers = async () => (await readOnce())[0];
  const setReplay = (i: number, replay: bigint) => {
    world.positions[i] = { kind: 'replaying', replay };
  };
  return { world, primary, replicas, router, whoAnswers, setReplay, health };
}

let router: ReplicaRouter | undefined;
afterEach(async () => {
  await router?.stop();
});

describe('the replica router', () => {
  it('reads on the primary until a check has found a replica in step, then round robin', async () => {
    const t = setUp(2);
    router = t.router;
    expect(await t.whoAnswers()).toBe('primary');
    await t.router.checkNow();
    expect([await t.whoAnswers(), await t.whoAnswers(), await t.whoAnswers()]).toEqual([
      'r1',
      'r2',
      'r1',
    ]);
    expect(t.health).toEqual(['r1 in-use', 'r2 in-use']);
  });

  it('skips a replica past the lag bound and takes it back once it catches up', async () => {
    const t = setUp(1);
    router = t.router;
    await t.router.checkNow();
    // The primary writes on; the replica stays where it was.
    t.world.primaryAt = 200n;
    t.world.time += 400;
    await t.router.checkNow();
    expect(await t.whoAnswers(), 'behind, within the bound').toBe('r1');
    t.world.primaryAt = 300n;
    t.world.time += MAX_LAG_MS;
    await t.router.checkNow();
    expect(await t.whoAnswers(), 'behind past the bound').toBe('primary');
    expect(t.router.statuses()[0]).toMatchObject({ health: 'lagging', lagMs: 1_400 });
    t.setReplay(0, 300n);
    await t.router.checkNow();
    expect(await t.whoAnswers()).toBe('r1');
    expect(t.health).toEqual(['r1 in-use', 'r1 lagging', 'r1 in-use']);
  });

  it('after a change, only a replica that replayed the primary position after it serves', async () => {
    const t = setUp(2);
    router = t.router;
    await t.router.checkNow();
    t.world.primaryAt = 150n;
    t.router.markChanged();
    expect(await t.whoAnswers(), 'before the position after the change is known').toBe('primary');
    await t.router.checkNow();
    expect(await t.whoAnswers(), 'no replica has replayed 150').toBe('primary');
    t.setReplay(1, 150n);
    await t.router.checkNow();
    expect([await t.whoAnswers(), await t.whoAnswers()]).toEqual(['r2', 'r2']);
    // Within the lag bound, but not past the change: r1 is still in use for the lag rule.
    expect(t.router.statuses()[0]?.health).toBe('in-use');
  });

  it('a replica that drops a read: the primary answers it, and the replica waits for a check', async () => {
    const t = setUp(1);
    router = t.router;
    await t.router.checkNow();
    const replica = t.replicas[0] as ReturnType<typeof fakeServer>;
    replica.failure = new Error('Connection terminated unexpectedly');
    expect(await t.whoAnswers()).toBe('primary');
    expect(t.router.statuses()[0]).toMatchObject({
      health: 'down',
      reason: 'Connection terminated unexpectedly',
    });
    expect(await t.whoAnswers(), 'not asked again before a check').toBe('primary');
    expect(replica.reads).toBe(1);
    replica.failure = undefined;
    await t.router.checkNow();
    expect(await t.whoAnswers()).toBe('r1');
  });

  it('a recovery conflict is asked of the primary; the replica stays in use', async () => {
    const t = setUp(1);
    router = t.router;
    await t.router.checkNow();
    const replica = t.replicas[0] as ReturnType<typeof fakeServer>;
    replica.failure = new Error('canceling statement due to conflict with recovery');
    expect(await t.whoAnswers()).toBe('primary');
    replica.failure = undefined;
    expect(await t.whoAnswers()).toBe('r1');
  });

  it('a query error is the caller’s, not retried on the primary', async () => {
    const t = setUp(1);
    router = t.router;
    await t.router.checkNow();
    (t.replicas[0] as ReturnType<typeof fakeServer>).failure = new Error(
      'column "nope" does not exist',
    );
    await expect(t.whoAnswers()).rejects.toThrow(/column "nope"/);
    expect(t.primary.reads).toBe(0);
  });

  it('skips a replica that does not answer its check, or is not in recovery', async () => {
    const t = setUp(2);
    router = t.router;
    t.world.positions[0] = new Error('connect ECONNREFUSED 127.0.0.1:5433');
    t.world.positions[1] = { kind: 'not-replica', reason: 'not in recovery' };
    await t.router.checkNow();
    expect(await t.whoAnswers()).toBe('primary');
    expect(t.router.statuses().map((s) => s.health)).toEqual(['down', 'not-a-replica']);
  });

  it('a primary whose position goes back (another server behind DATABASE_URL) starts over', async () => {
    const t = setUp(1);
    router = t.router;
    await t.router.checkNow();
    t.world.primaryAt = 900n;
    t.setReplay(0, 900n);
    t.router.markChanged();
    await t.router.checkNow();
    expect(await t.whoAnswers()).toBe('r1');
    t.world.primaryAt = 50n;
    t.setReplay(0, 50n);
    t.router.markChanged();
    await t.router.checkNow();
    expect(await t.whoAnswers(), 'not held to the old server position').toBe('r1');
  });

  it('with the primary down, a replica that had replayed its last position still serves', async () => {
    const t = setUp(1);
    router = t.router;
    await t.router.checkNow();
    t.world.primaryDown = true;
    t.world.time += 5 * MAX_LAG_MS;
    await t.router.checkNow();
    expect(await t.whoAnswers()).toBe('r1');
  });
});
