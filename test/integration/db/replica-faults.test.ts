import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import type { TestApp } from '../../contract/rest/matches-fixture.js';
import { buildTestApp } from '../../helpers/app.js';
import { describeWithReplicaPair, type ReplicaWorld, waitFor } from '../../helpers/replica-pair.js';

const MAX_LAG_MS = 1_000;

/**
 * docs/scale.md "Read replicas": a replica that lags past the bound, or stops, is skipped, and
 * no request fails for it; it serves again once it recovers. Whether a request was served by
 * the replica is read from the replica itself (`pg_stat_activity` of the app's connections).
 */
describeWithReplicaPair('a lagging or stopped replica', (world) => {
  let w: ReplicaWorld;
  let database: Database;
  let app: TestApp;
  let matchId: number;

  const detail = (id = matchId) =>
    app.inject({
      url: `/v1/football/matches/${id}`,
      headers: { authorization: `Bearer ${w.key}` },
    });
  const corners = async () => {
    const res = await detail();
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.corners as string;
  };
  /** One request; whether the replica ran a statement of the app meanwhile. */
  const servedByReplica = async () => {
    const before = await w.replicaNow();
    const res = await detail();
    expect(res.statusCode, res.body).toBe(200);
    const last = await w.lastReplicaRead();
    return last !== null && last > before;
  };

  beforeAll(async () => {
    w = world();
    matchId = w.matchIds[0] as number;
    database = await w.openWithReplica({ maxLagMs: MAX_LAG_MS, checkMs: 100 });
    app = (await buildTestApp(database, { env: { RESPONSE_CACHE: 'off' } })) as TestApp;
    await waitFor('a request served by the replica', servedByReplica);
  }, 60_000);
  afterAll(async () => {
    await w?.resumeReplay().catch(() => {});
    await app?.close();
    await database?.close();
  });

  it('skips a replica lagging past the bound while writes go on, then takes it back', async () => {
    const paused = await corners();
    await w.pauseReplay();
    // The primary keeps writing (no event tells the app): the replica falls behind in time.
    let written = 0;
    let writing = Promise.resolve();
    const writer = setInterval(() => {
      written += 1;
      const value = 1000 + written;
      writing = writing.then(async () => {
        await w.primary.prisma.$executeRaw`
          UPDATE matches SET home_corners = ${value} WHERE id = ${matchId}`;
      });
    }, 50);
    try {
      await waitFor('a read showing a write made after the pause', async () => {
        const shown = await corners();
        return shown !== paused;
      });
      expect(database.data.replicas()[0]).toMatchObject({ health: 'lagging' });
    } finally {
      clearInterval(writer);
      await writing;
    }
    await w.resumeReplay();
    await waitFor('a request served by the replica again', servedByReplica);
    expect(database.data.replicas()[0]).toMatchObject({ health: 'in-use' });
  }, 60_000);

  it('a replica that stops costs no failed request, and serves again once back', async () => {
    await waitFor('a request served by the replica', servedByReplica);
    const statuses: number[] = [];
    let stopping = false;
    let afterStop = 0;
    const client = async () => {
      while (!stopping || afterStop < 40) {
        const res = await detail();
        statuses.push(res.statusCode);
        if (res.statusCode !== 200) {
          throw new Error(`a request failed while the replica stopped: ${res.body}`);
        }
        if (stopping) {
          afterStop += 1;
        }
      }
    };
    const clients = [client(), client(), client(), client()];
    await waitFor('some requests served', async () => statuses.length >= 20);
    await w.pair.replica.stop('fast');
    stopping = true;
    await Promise.all(clients);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(database.data.replicas()[0]).toMatchObject({ health: 'down' });

    await w.pair.replica.start();
    await w.pair.waitStreaming();
    await waitFor('a request served by the restarted replica', servedByReplica);
    expect(database.data.replicas()[0]).toMatchObject({ health: 'in-use' });
  }, 90_000);
});
