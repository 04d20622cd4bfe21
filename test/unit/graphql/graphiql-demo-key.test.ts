import { describe, expect, it, vi } from 'vitest';
import {
  graphiqlDemoKey,
  isCrossOrigin,
  isLoopback,
  type PageRequestPlace,
} from '../../../src/graphql/graphiql/graphiql-demo-key.js';

const DEMO_KEY = 'svc_live_demo';

/** `npm start` as it comes: 127.0.0.1:3000, opened in a browser on the same machine. */
const LOCAL: PageRequestPlace = {
  listening: ['127.0.0.1'],
  host: '127.0.0.1:3000',
  remoteAddress: '127.0.0.1',
  forwarded: false,
  crossOrigin: false,
};

/** The key GraphiQL is given for `place`, and whether the demo key was looked up at all. */
async function offered(place: Partial<PageRequestPlace>, demoKey: string | null = DEMO_KEY) {
  const findDemoKey = vi.fn(async () => demoKey);
  const key = await graphiqlDemoKey({ ...LOCAL, ...place }, findDemoKey);
  return { key, lookedUp: findDemoKey.mock.calls.length > 0 };
}

describe('GraphiQL demo key (DECISIONS.md "GraphiQL: explorer and the demo key")', () => {
  it('offers the demo key on a loopback IPv4 server with the demo data', async () => {
    expect(await offered({})).toEqual({ key: DEMO_KEY, lookedUp: true });
    expect(await offered({ listening: ['127.0.0.2'], host: 'localhost:3000' })).toEqual({
      key: DEMO_KEY,
      lookedUp: true,
    });
  });

  it('offers it on a loopback IPv6 server, and on `localhost` (both loopbacks)', async () => {
    expect(await offered({ listening: ['::1'], host: '[::1]:3000', remoteAddress: '::1' })).toEqual(
      { key: DEMO_KEY, lookedUp: true },
    );
    expect(
      await offered({
        listening: ['127.0.0.1', '::1'],
        host: 'localhost:3000',
        remoteAddress: '::1',
      }),
    ).toEqual({ key: DEMO_KEY, lookedUp: true });
  });

  it('never offers it on a server bound to 0.0.0.0 or ::, even to a local browser', async () => {
    expect(await offered({ listening: ['0.0.0.0'] })).toEqual({ key: null, lookedUp: false });
    expect(await offered({ listening: ['::'] })).toEqual({ key: null, lookedUp: false });
    // Listening on loopback and on the LAN: reachable from the LAN.
    expect(await offered({ listening: ['127.0.0.1', '192.168.1.20'] })).toEqual({
      key: null,
      lookedUp: false,
    });
  });

  it('never offers it on a server bound to a LAN address', async () => {
    expect(
      await offered({
        listening: ['192.168.1.20'],
        host: '192.168.1.20:3000',
        remoteAddress: '192.168.1.20',
      }),
    ).toEqual({ key: null, lookedUp: false });
    expect(await offered({ listening: ['fd00::20'] })).toEqual({ key: null, lookedUp: false });
  });

  it('never offers it when not listening (in-process requests)', async () => {
    expect(await offered({ listening: [] })).toEqual({ key: null, lookedUp: false });
  });

  it('never offers it without the demo data, or with its key revoked (the lookup finds none)', async () => {
    expect(await offered({}, null)).toEqual({ key: null, lookedUp: true });
  });

  it('never offers it through a proxy in front of a loopback server', async () => {
    expect(await offered({ forwarded: true })).toEqual({ key: null, lookedUp: false });
    // TRUST_PROXY set: req.ip is the client's address beyond the proxy.
    expect(await offered({ remoteAddress: '203.0.113.7' })).toEqual({ key: null, lookedUp: false });
  });

  it('never offers it to a page of another name resolving to 127.0.0.1 (DNS rebinding)', async () => {
    expect(await offered({ host: 'attacker.example:3000' })).toEqual({
      key: null,
      lookedUp: false,
    });
    expect(await offered({ host: undefined })).toEqual({ key: null, lookedUp: false });
    expect(await offered({ host: 'not a host' })).toEqual({ key: null, lookedUp: false });
  });
});

describe('isLoopback', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    'localhost',
    'LOCALHOST',
    'app.localhost',
  ])('%s is loopback', (address) => {
    expect(isLoopback(address)).toBe(true);
  });

  it.each([
    '0.0.0.0',
    '::',
    '192.168.1.20',
    '10.0.0.1',
    'fd00::1',
    '::ffff:192.168.1.20',
    '::2',
    '1::1',
    '128.0.0.1',
    'localhost.example',
    '/tmp/touchline.sock',
    '',
  ])('%s is not loopback', (address) => {
    expect(isLoopback(address)).toBe(false);
  });

  it("issue 46: never for another origin's script, only for the page opened in the browser", async () => {
    expect(await offered({ crossOrigin: true })).toEqual({ key: null, lookedUp: false });
    const host = '127.0.0.1:3000';
    expect(isCrossOrigin({ host })).toBe(false);
    expect(isCrossOrigin({ host, origin: 'http://127.0.0.1:3000' })).toBe(false);
    expect(isCrossOrigin({ host, 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' })).toBe(
      false,
    );
    expect(
      isCrossOrigin({ host, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }),
    ).toBe(false);
    expect(isCrossOrigin({ host, origin: 'https://evil.example' })).toBe(true);
    expect(isCrossOrigin({ host, origin: 'null' })).toBe(true);
    expect(isCrossOrigin({ host, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' })).toBe(
      true,
    );
    expect(
      isCrossOrigin({ host, 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'no-cors' }),
    ).toBe(true);
  });
});
