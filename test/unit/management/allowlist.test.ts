import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/errors/api-error.js';
import {
  compileAllowlist,
  isAddressAllowed,
  normaliseAllowlistEntry,
} from '../../../src/policy/allowlist.js';

function refusal(entry: string): ApiError {
  try {
    normaliseAllowlistEntry(entry);
  } catch (error) {
    if (error instanceof ApiError) {
      return error;
    }
    throw error;
  }
  throw new Error(`${entry} was accepted`);
}

describe('normaliseAllowlistEntry', () => {
  it.each([
    ['8.8.8.8', '8.8.8.8'],
    [' 8.8.8.8 ', '8.8.8.8'],
    ['8.8.8.8/32', '8.8.8.8'],
    ['8.8.8.0/24', '8.8.8.0/24'],
    ['8.8.8.77/24', '8.8.8.0/24'],
    ['8.8.8.64/26', '8.8.8.64/26'],
    ['2606:4700:0:0:0:0:0:1', '2606:4700::1'],
    ['2606:4700::1/128', '2606:4700::1'],
    ['2606:4700:ABCD:1::/48', '2606:4700:abcd::/48'],
    ['2606:4700::/64', '2606:4700::/64'],
    ['::ffff:8.8.8.8', '8.8.8.8'],
    ['::ffff:8.8.8.0/120', '8.8.8.0/24'],
    ['2002:808:808::/48', '2002:808:808::/48'],
  ])('accepts %s as %s', (input, expected) => {
    expect(normaliseAllowlistEntry(input)).toBe(expected);
  });

  it.each([
    ['8.8.8.0/23', /wider than \/24/],
    ['8.0.0.0/8', /wider than \/24/],
    ['2606:4700::/47', /wider than \/48/],
    ['::ffff:8.8.8.0/119', /wider than \/24/],
    ['10.1.2.3', /private/],
    ['172.16.5.4', /private/],
    ['192.168.1.0/24', /private/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['127.0.0.1', /loopback/],
    ['::1', /loopback/],
    ['169.254.10.1', /link-local/],
    ['fe80::1', /link-local/],
    ['fd12:3456::1', /unique-local/],
    ['fc00::/48', /unique-local/],
    ['224.0.0.1', /multicast/],
    ['ff02::1', /multicast/],
    ['0.0.0.0', /unspecified/],
    ['::', /unspecified/],
    ['255.255.255.255', /broadcast/],
    ['240.0.0.1', /reserved/],
    ['203.0.113.5', /reserved/],
    ['2001:db8::1', /reserved/],
    ['::ffff:10.0.0.1', /private/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::ffff:169.254.0.1', /link-local/],
    ['::ffff:100.64.0.1', /carrier-grade NAT/],
  ])('refuses %s (%s)', (input, reason) => {
    const error = refusal(input);
    expect(error.code).toBe('invalid_parameter');
    expect(error.extras.parameter).toBe('entry');
    expect(error.detail).toMatch(reason);
  });

  it.each([
    'not-an-ip',
    '',
    '8.8.8',
    '0x8.8.8.8',
    '8.8.8.256',
    '8.8.8.8/33',
    '8.8.8.8/',
    '8.8.8.8/24/1',
    'fe80::1%eth0',
    '2606:4700::/129',
  ])('refuses malformed %j', (input) => {
    expect(refusal(input).detail).toMatch(/not an IP address or CIDR range/);
  });
});

describe('isAddressAllowed', () => {
  it('allows any address when the list is empty', () => {
    expect(isAddressAllowed('8.8.8.8', [])).toBe(true);
    expect(isAddressAllowed('2606:4700::1', [])).toBe(true);
  });

  it('matches single addresses and ranges of both families', () => {
    const entries = ['8.8.8.8', '1.1.1.0/24', '2606:4700::/48'];
    expect(isAddressAllowed('8.8.8.8', entries)).toBe(true);
    expect(isAddressAllowed('8.8.8.9', entries)).toBe(false);
    expect(isAddressAllowed('1.1.1.200', entries)).toBe(true);
    expect(isAddressAllowed('1.1.2.1', entries)).toBe(false);
    expect(isAddressAllowed('2606:4700:0:ffff::1', entries)).toBe(true);
    expect(isAddressAllowed('2606:4701::1', entries)).toBe(false);
  });

  it('matches IPv4-mapped IPv6 callers against IPv4 entries', () => {
    expect(isAddressAllowed('::ffff:8.8.8.8', ['8.8.8.8'])).toBe(true);
    expect(isAddressAllowed('::ffff:1.1.1.7', ['1.1.1.0/24'])).toBe(true);
    expect(isAddressAllowed('::ffff:1.1.2.7', ['1.1.1.0/24'])).toBe(false);
  });

  it('never matches an unparseable caller when a list is set', () => {
    expect(isAddressAllowed('garbage', ['8.8.8.8'])).toBe(false);
    expect(isAddressAllowed('', ['8.8.8.8'])).toBe(false);
  });

  it('a compiled matcher answers like isAddressAllowed', () => {
    const allowed = compileAllowlist(['8.8.8.0/24']);
    expect(allowed('8.8.8.1')).toBe(true);
    expect(allowed('9.9.9.9')).toBe(false);
  });
});
