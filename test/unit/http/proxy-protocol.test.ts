import { describe, expect, it } from 'vitest';
import { parseProxyPeers } from '../../../src/config/proxy-protocol.js';
import { readProxyHeader } from '../../../src/http/proxy-protocol.js';

const SIGNATURE = [0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a];

/** A v2 header: PROXY (0x21) or LOCAL (0x20), TCP over IPv4 (0x11) or IPv6 (0x21). */
function v2(command: 0x20 | 0x21, family: 0x11 | 0x21, source: number[], port: number) {
  const addressBytes = family === 0x11 ? 4 : 16;
  const destination = new Array(addressBytes).fill(0);
  const block = Buffer.from([...source, ...destination, port >> 8, port & 0xff, 0x1f, 0x90]);
  const head = Buffer.from([...SIGNATURE, command, family, 0, block.length]);
  return Buffer.concat([head, block]);
}

describe('PROXY protocol headers', () => {
  it('reads a v1 line and where the HTTP after it starts', () => {
    const line = 'PROXY TCP4 203.0.113.7 127.0.0.1 51234 8080\r\n';
    const read = readProxyHeader(Buffer.from(`${line}GET / HTTP/1.1\r\n`));
    expect(read).toEqual({
      state: 'done',
      length: line.length,
      source: { address: '203.0.113.7', port: 51234, family: 'IPv4' },
    });
    const six = readProxyHeader(Buffer.from('PROXY TCP6 2001:0db8::0001 ::1 443 8080\r\n'));
    expect(six).toMatchObject({ source: { address: '2001:db8::1', family: 'IPv6' } });
    expect(readProxyHeader(Buffer.from('PROXY UNKNOWN\r\n'))).toMatchObject({
      state: 'done',
      source: null,
    });
  });

  it('reads v2 headers of both families, and LOCAL ones (health checks) without an address', () => {
    const four = v2(0x21, 0x11, [198, 51, 100, 9], 40000);
    expect(readProxyHeader(Buffer.concat([four, Buffer.from('GET /')]))).toEqual({
      state: 'done',
      length: four.length,
      source: { address: '198.51.100.9', port: 40000, family: 'IPv4' },
    });
    const six = v2(0x21, 0x21, [0x20, 0x01, 0x0d, 0xb8, ...new Array(11).fill(0), 5], 1);
    expect(readProxyHeader(six)).toMatchObject({ source: { address: '2001:db8::5' } });
    const local = v2(0x20, 0x11, [127, 0, 0, 1], 1);
    expect(readProxyHeader(local)).toEqual({ state: 'done', length: local.length, source: null });
  });

  it('asks for more while a header is incomplete, byte by byte', () => {
    const whole = v2(0x21, 0x11, [198, 51, 100, 9], 40000);
    for (let n = 0; n < whole.length; n++) {
      expect(readProxyHeader(whole.subarray(0, n)).state).toBe('more');
    }
    const line = Buffer.from('PROXY TCP4 203.0.113.7 127.0.0.1 51234 8080\r\n');
    for (let n = 0; n < line.length; n++) {
      expect(readProxyHeader(line.subarray(0, n)).state).toBe('more');
    }
  });

  it('refuses what is not a header, or a malformed or oversized one', () => {
    const invalid = (text: string | Buffer) => readProxyHeader(Buffer.from(text)).state;
    expect(invalid('GET / HTTP/1.1\r\n')).toBe('invalid');
    expect(invalid('PROXY TCP4 300.1.1.1 127.0.0.1 1 2\r\n')).toBe('invalid');
    expect(invalid('PROXY TCP4 2001:db8::1 127.0.0.1 1 2\r\n')).toBe('invalid');
    expect(invalid(`PROXY TCP4 ${'1'.repeat(120)}`)).toBe('invalid');
    const huge = Buffer.from([...SIGNATURE, 0x21, 0x11, 0xff, 0xff]);
    expect(readProxyHeader(huge)).toEqual({ state: 'invalid', reason: 'PROXY v2 header too long' });
  });
});

describe('PROXY_PROTOCOL', () => {
  it('takes addresses and CIDRs of both families', () => {
    const { peers, problems } = parseProxyPeers('127.0.0.1, 10.0.0.0/8,::1,fd00::/8');
    expect(problems).toEqual([]);
    expect(peers?.check('10.1.2.3', 'ipv4')).toBe(true);
    expect(peers?.check('127.0.0.2', 'ipv4')).toBe(false);
    expect(peers?.check('::ffff:127.0.0.1', 'ipv6')).toBe(true);
    expect(peers?.check('fd12::1', 'ipv6')).toBe(true);
  });

  it('names every entry that is not one', () => {
    const { peers, problems } = parseProxyPeers('127.0.0.1/33,localhost,10.0.0.0/8/1,::1/129');
    expect(peers).toBeUndefined();
    expect(problems).toHaveLength(4);
    expect(problems[1]).toContain('"localhost"');
  });
});
