import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import type { TestApp } from '../../contract/rest/matches-fixture.js';
import { buildTestApp } from '../../helpers/app.js';
import { listening, writeCorner } from '../../helpers/push.js';
import { describeWithReplicaPair, type ReplicaWorld, waitFor } from '../../helpers/replica-pair.js';
import { openSse, type SseEvent } from '../../helpers/sse.js';

const ADMIN_TOKEN = 'replica-test-admin-token';
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/**
 * docs/scale.md "Read replicas", through the public door: which server answers is told by data
 * that only the primary holds, written while the replica's replay is paused.
 */
describeWithReplicaPair('data reads through a streaming replica', (world) => {
  let w: ReplicaWorld;
  let database: Database;
  /** Response cache off: every request reads. */
  let app: TestApp;
  /** Response cache on, for the refill rule. */
  let cached: TestApp;
  let cornerSeq = 7000;

  const corners = async (id: number, on: TestApp = app) => {
    const res = await on.inject({ url: `/v1/football/matches/${id}`, headers: bearer(w.key) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.corners as string;
  };
  const eventMinutes = async (id: number, on: TestApp) => {
    const res = await on.inject({
      url: `/v1/football/matches/${id}/events`,
      headers: bearer(w.key),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { minute: number }[]).map((e) => e.minute);
  };
  /** Behind the app's back, on the primary: no event tells anyone. */
  const bumpCorners = (id: number) =>
    w.primary.prisma.$executeRaw`
      UPDATE matches SET home_corners = coalesce(home_corners, 0) + 10 WHERE id = ${id}`;
  /** The writer's way: the change on the primary, then the data-changed event on the app's bus. */
  const writeCornerVia = async (on: TestApp, matchId: number, minute: number) => {
    cornerSeq += 1;
    return writeCorner(w.primary, on.deps.events, {
      matchId,
      seq: cornerSeq,
      minute,
      side: 'home',
    });
  };
  const replicaInUse = () =>
    waitFor('the replica in use', async () => database.data.replicas()[0]?.health === 'in-use');

  beforeAll(async () => {
    w = world();
    database = await w.openWithReplica({ maxLagMs: 600_000, checkMs: 100 });
    const env = { ADMIN_TOKEN, STREAM_MAX_MS: '600000' };
    app = (await buildTestApp(database, { env: { ...env, RESPONSE_CACHE: 'off' } })) as TestApp;
    cached = (await buildTestApp(database, { env })) as TestApp;
    await replicaInUse();
  }, 60_000);
  afterAll(async () => {
    await w?.resumeReplay().catch(() => {});
    await app?.close();
    await cached?.close();
    await database?.close();
  });

  it('serves data from the replica; writes and management reads see the primary at once', async () => {
    const [id] = w.matchIds as [number];
    const before = await corners(id);
    await w.pauseReplay();
    await bumpCorners(id);
    expect(await corners(id), 'the paused replica answered').toBe(before);

    // A new account and key through the admin API: written on the primary, which the paused
    // replica never sees; the key works at once and the management reads list it.
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const account = await app.inject({
      method: 'POST',
      url: '/admin/v1/accounts',
      headers: admin,
      payload: { tier: 'Plus' },
    });
    expect(account.statusCode, account.body).toBe(201);
    const accountId = account.json().data.id as number;
    const created = await app.inject({
      method: 'POST',
      url: `/admin/v1/accounts/${accountId}/keys`,
      headers: admin,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { key, id: keyId } = created.json().data as { key: string; id: number };
    const withNewKey = await app.inject({
      url: `/v1/football/matches/${id}`,
      headers: bearer(key),
    });
    expect(withNewKey.statusCode, withNewKey.body).toBe(200);
    expect(withNewKey.json().data.corners, 'its data still from the replica').toBe(before);
    const allow = await app.inject({
      method: 'POST',
      url: `/admin/v1/keys/${keyId}/allowlist`,
      headers: admin,
      payload: { entry: '8.8.8.0/24' },
    });
    expect(allow.statusCode, allow.body).toBe(200);
    const keys = await app.inject({ url: `/admin/v1/accounts/${accountId}/keys`, headers: admin });
    expect(keys.json().data.map((k: { id: number }) => k.id)).toEqual([keyId]);
    const listed = await app.inject({ url: `/admin/v1/keys/${keyId}/allowlist`, headers: admin });
    expect(listed.json().data.entries).toEqual(['8.8.8.0/24']);
    const refused = await app.inject({ url: `/v1/football/matches/${id}`, headers: bearer(key) });
    expect(refused.json(), 'the allowlist just written applies').toMatchObject({
      code: 'ip_not_allowed',
      address: '127.0.0.1',
    });
  });

  it('after a change, caches refill from the primary while the replica has not replayed it', async () => {
    const [, id] = w.matchIds as [number, number];
    const shown = await eventMinutes(id, cached);
    expect(await eventMinutes(id, cached), 'kept in the response cache').toEqual(shown);
    await writeCornerVia(cached, id, 89);
    const after = await eventMinutes(id, cached);
    expect(after, 'the corner only the primary has').toContain(89);
    expect(after).toHaveLength(shown.length + 1);
    const gql = await cached.inject({
      method: 'POST',
      url: '/graphql',
      headers: { ...bearer(w.key), 'content-type': 'application/json' },
      payload: { query: `{ match(id: ${id}) { events { minute } } }` },
    });
    expect(gql.json().data.match.events.map((e: { minute: string }) => e.minute)).toContain(89);
  });

  it('push: a change and a resume carry what the primary logged, not the replica', async () => {
    const [, , id] = w.matchIds as [number, number, number];
    const base = await listening(cached);
    const url = `${base}/v1/football/stream?matchId=${id}`;
    const isChange = (e: SseEvent) => e.event === 'change';
    const minutesOf = (e: SseEvent) =>
      (JSON.parse(e.data).value as { minute: number }[]).map((v) => v.minute);
    const first = await openSse(url, bearer(w.key));
    const [seen] = await writeCornerVia(cached, id, 77);
    expect(minutesOf(await first.next(isChange))).toContain(77);
    first.close();
    const [missed] = await writeCornerVia(cached, id, 78);
    const again = await openSse(url, { ...bearer(w.key), 'last-event-id': String(seen?.seq) });
    const resumed = await again.next(isChange);
    again.close();
    expect(resumed.id).toBe(String(missed?.seq));
    expect(minutesOf(resumed)).toEqual(expect.arrayContaining([77, 78]));
  });

  it('serves from the replica again once it has replayed the change', async () => {
    const [id] = w.matchIds as [number];
    await w.resumeReplay();
    await w.caughtUp();
    const replayed = await corners(id);
    await w.pauseReplay();
    await bumpCorners(id);
    await waitFor('a read answered by the replica', async () => (await corners(id)) === replayed);
    expect(await corners(id)).toBe(replayed);
    await w.resumeReplay();
  });
});
