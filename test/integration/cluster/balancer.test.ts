import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import {
  ADMIN_TOKEN,
  describeWithBalancer,
  fixtureRecords,
  MATCH_ID,
  matchRecord,
  startFeed,
  startTestCluster,
  type TestCluster,
} from '../../helpers/balancer.js';
import { awayFromWindowEnd, burst } from '../../helpers/cluster.js';
import { openSse } from '../../helpers/sse.js';

/**
 * Issue 16, "a real cluster" (docs/deploy.md): three `touchline serve` processes behind HAProxy
 * (deploy/haproxy.cfg), one PostgreSQL, one Redis. Every request goes through the balancer,
 * which spreads them over the three; checks that need a particular instance ask it directly.
 */

const FREE_LIMIT = 30;
/** How long a revocation or a live change may take to reach every instance. */
const PROPAGATION_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` on every URL until all pass or `ms` elapse; the milliseconds it took. */
async function untilAll(urls: string[], check: (url: string) => Promise<boolean>, ms: number) {
  const t0 = Date.now();
  for (;;) {
    const results = await Promise.all(urls.map(check));
    if (results.every(Boolean)) {
      return Date.now() - t0;
    }
    if (Date.now() - t0 > ms) {
      throw new Error(`not every instance within ${ms} ms: ${JSON.stringify(results)}`);
    }
    await sleep(20);
  }
}

describeWithBalancer('three instances behind HAProxy, one PostgreSQL, one Redis', () => {
  let setup: TestCluster;
  let feed: ReturnType<typeof startFeed>;
  let direct: string[];

  beforeAll(async () => {
    setup = await startTestCluster();
    direct = setup.cluster.instances.map((i) => i.url);
    feed = startFeed(setup.env);
    await feed.write(fixtureRecords(10, 0));
  }, 240_000);

  afterAll(async () => {
    await feed?.stop();
    await setup?.stop();
  }, 60_000);

  it(`a burst of 10x a Free key's limit (${FREE_LIMIT}) through the balancer admits exactly ${FREE_LIMIT}`, async () => {
    const { key } = await createAccountWithKey(setup.database, 'Free');
    await awayFromWindowEnd('minute', 5_000);
    const before = await setup.cluster.haproxy.servers();
    const tally = await burst(
      [setup.cluster.url],
      key,
      ['rest-bookmakers', 'graphql-bookmakers'],
      10 * FREE_LIMIT,
      30,
    );
    const after = await setup.cluster.haproxy.servers();
    const served = after.map((s, i) => s.connections - (before[i]?.connections ?? 0));
    console.info(
      `burst: ${10 * FREE_LIMIT} sent, ${tally.admitted} admitted, refused ${JSON.stringify(tally.refused)}, per instance ${served.join('/')}`,
    );
    expect(tally.other).toEqual([]);
    expect(tally.admitted).toBe(FREE_LIMIT);
    expect(Object.values(tally.refused).reduce((a, b) => a + b, 0)).toBe(9 * FREE_LIMIT);
    // Every instance took part: the exactness is the shared counters', not one instance's.
    expect(served.every((n) => n > 0)).toBe(true);
  });

  it("the instances see the client's address through the balancer (PROXY protocol), not the balancer's", async () => {
    const { key } = await createAccountWithKey(setup.database, 'Free', {
      allowlist: ['198.51.100.0/24'],
    });
    const refusal = async (url: string) => {
      const res = await fetch(`${url}/v1/football/odds/bookmakers`, {
        headers: { 'x-api-key': key },
      });
      return {
        status: res.status,
        body: (await res.json()) as { code?: string; address?: string },
      };
    };
    // HAProxy connects from 127.0.0.2; this test's client is 127.0.0.1, through it or not.
    for (const url of [setup.cluster.url, ...direct]) {
      expect(await refusal(url)).toMatchObject({
        status: 403,
        body: { code: 'ip_not_allowed', address: '127.0.0.1' },
      });
    }
  });

  it(`a key revoked through one instance is refused by all within ${PROPAGATION_MS} ms`, async () => {
    const { key, keyId } = await createAccountWithKey(setup.database, 'Plus');
    const status = (url: string) =>
      fetch(`${url}/v1/football/odds/bookmakers`, { headers: { 'x-api-key': key } }).then((r) =>
        r.arrayBuffer().then(() => r.status),
      );
    // Every instance has checked the key (and keeps it in its cache for up to 60 s).
    expect(await Promise.all(direct.map(status))).toEqual([200, 200, 200]);
    const revoked = await fetch(`${direct[0]}/admin/v1/keys/${keyId}/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(revoked.status).toBe(200);
    const ms = await untilAll(
      [...direct, setup.cluster.url],
      async (url) => (await status(url)) === 401,
      PROPAGATION_MS,
    );
    console.info(`revocation through app1 refused by every instance after ${ms} ms`);
  });

  it('a live change written by the feed is seen through every instance', async () => {
    const { key } = await createAccountWithKey(setup.database, 'Pro');
    const minuteOf = async (url: string) => {
      const res = await fetch(`${url}/v1/football/matches/${MATCH_ID}`, {
        headers: { 'x-api-key': key },
      });
      const body = (await res.json()) as { data?: { minute?: string } };
      return body.data?.minute;
    };
    // Each instance's response cache holds the detail at minute 10.
    expect(await Promise.all(direct.map(minuteOf))).toEqual(['10', '10', '10']);
    await feed.write([matchRecord(11, 1)]);
    const ms = await untilAll(
      [...direct, setup.cluster.url],
      async (url) => (await minuteOf(url)) === '11',
      PROPAGATION_MS,
    );
    console.info(`live change seen through every instance ${ms} ms after the feed applied it`);
  });

  it('a push subscriber on any instance (and through the balancer) receives the change', async () => {
    const { key } = await createAccountWithKey(setup.database, 'Pro');
    const streams = await Promise.all(
      [...direct, setup.cluster.url].map((url) =>
        openSse(`${url}/v1/football/stream?matchId=${MATCH_ID}`, { 'x-api-key': key }),
      ),
    );
    try {
      expect(streams.map((s) => s.response.status)).toEqual([200, 200, 200, 200]);
      await sleep(300); // each stream has subscribed to its instance's hub
      await feed.write([matchRecord(12, 2)]);
      const received = await Promise.all(
        streams.map((s) =>
          s.next((e) => e.event === 'change' && e.data.includes('"resource":"detail"'), 5000),
        ),
      );
      for (const event of received) {
        const data = JSON.parse(event.data) as { matchId: number; value: { minute?: string } };
        expect(data.matchId).toBe(MATCH_ID);
        expect(data.value.minute).toBe('12');
      }
      // One change, one sequence number, whichever instance pushed it.
      expect(new Set(received.map((e) => e.id)).size).toBe(1);
    } finally {
      for (const s of streams) {
        s.close();
      }
    }
  });
});
