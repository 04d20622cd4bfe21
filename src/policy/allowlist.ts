import ipaddr from 'ipaddr.js';
import { ApiError } from '../errors/api-error.js';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;
type Address = IPv4 | IPv6;

/** Spec 5.6: an entry is one address or a range no wider than these prefix lengths. */
export const MIN_PREFIX = { ipv4: 24, ipv6: 48 } as const;

/**
 * Spec 5.6: "private ranges and loopback addresses are rejected". We refuse every range no real
 * Internet caller can come from, so an entry can never be useless or a mistake; ipaddr.js names
 * the ranges. Transition ranges (6to4, Teredo, NAT64) carry real public clients and are allowed.
 */
const REFUSED_V4: Partial<Record<string, string>> = {
  unspecified: 'is in the unspecified range 0.0.0.0/8',
  broadcast: 'is the broadcast address',
  multicast: 'is a multicast address (224.0.0.0/4)',
  linkLocal: 'is a link-local address (169.254.0.0/16)',
  loopback: 'is a loopback address (127.0.0.0/8)',
  carrierGradeNat: 'is a carrier-grade NAT address (100.64.0.0/10)',
  private: 'is a private address (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16)',
  reserved: 'is a reserved address (documentation, benchmarking or future use)',
};

const REFUSED_V6: Partial<Record<string, string>> = {
  unspecified: 'is the unspecified address ::',
  loopback: 'is the loopback address ::1',
  linkLocal: 'is a link-local address (fe80::/10)',
  uniqueLocal: 'is a unique-local (private) address (fc00::/7)',
  deprecatedSiteLocal: 'is a site-local (private) address (fec0::/10)',
  multicast: 'is a multicast address (ff00::/8)',
  discard: 'is in the discard-only range 100::/64',
  benchmarking: 'is a benchmarking address (2001:2::/48)',
  rfc6145: 'is an IPv4-translated address (::ffff:0:0:0/96)',
  reserved: 'is a reserved address (documentation or future use)',
};

/** A parsed range: its network address and prefix length (32 or 128 for one address). */
interface Range {
  address: Address;
  bits: number;
}

const invalid = (entry: string, reason: string) =>
  new ApiError('invalid_parameter', `Allowlist entry '${entry}' ${reason}`, {
    parameter: 'entry',
  });

/** Strict syntax: four-part decimal IPv4 (no `0x7f.1`), IPv6 without a zone id. */
function parseRange(text: string): Range | null {
  const [host = '', bitsText, ...rest] = text.split('/');
  if (rest.length > 0 || (bitsText !== undefined && !/^[0-9]{1,3}$/.test(bitsText))) {
    return null;
  }
  let address: Address;
  if (ipaddr.IPv4.isValidFourPartDecimal(host)) {
    address = ipaddr.IPv4.parse(host);
  } else if (ipaddr.IPv6.isValid(host) && !host.includes('%')) {
    address = ipaddr.IPv6.parse(host);
  } else {
    return null;
  }
  const max = address.kind() === 'ipv4' ? 32 : 128;
  const bits = bitsText === undefined ? max : Number(bitsText);
  return bits > max ? null : { address, bits };
}

const isV6 = (address: Address): address is IPv6 => address.kind() === 'ipv6';

/** IPv4-mapped IPv6 (::ffff:a.b.c.d) is the IPv4 address (or range) it carries. */
function unmap(range: Range): Range {
  const { address, bits } = range;
  if (isV6(address) && address.isIPv4MappedAddress() && bits >= 96) {
    return { address: address.toIPv4Address(), bits: bits - 96 };
  }
  return range;
}

const cidr = (r: Range) => `${r.address.toString()}/${r.bits}`;

function firstAndLast(range: Range): [Address, Address] {
  if (range.address.kind() === 'ipv4') {
    return [
      ipaddr.IPv4.networkAddressFromCIDR(cidr(range)),
      ipaddr.IPv4.broadcastAddressFromCIDR(cidr(range)),
    ];
  }
  return [
    ipaddr.IPv6.networkAddressFromCIDR(cidr(range)),
    ipaddr.IPv6.broadcastAddressFromCIDR(cidr(range)),
  ];
}

function refusal(address: Address): string | undefined {
  return (address.kind() === 'ipv4' ? REFUSED_V4 : REFUSED_V6)[address.range()];
}

const format = (address: Address) =>
  isV6(address) ? address.toRFC5952String() : address.toString();

/**
 * Validates one allowlist entry and returns its canonical form (spec 5.6). One address is kept
 * plain (`/32` and `/128` are the same address); a range becomes its network address and prefix
 * (host bits are cleared); IPv6 is RFC 5952 text; IPv4-mapped IPv6 becomes IPv4.
 * Throws 400 `invalid_parameter` naming `entry`, with the reason.
 */
export function normaliseAllowlistEntry(input: string): string {
  const text = input.trim();
  const parsed = parseRange(text);
  if (!parsed) {
    throw invalid(
      text,
      'is not an IP address or CIDR range (e.g. 8.8.8.8, 8.8.8.0/24 or 2606:4700::/48)',
    );
  }
  const range = unmap(parsed);
  const kind = range.address.kind();
  const max = kind === 'ipv4' ? 32 : 128;
  if (range.bits < MIN_PREFIX[kind]) {
    throw invalid(
      text,
      `is wider than /${MIN_PREFIX[kind]}: ${kind === 'ipv4' ? 'IPv4' : 'IPv6'} ranges may be /${MIN_PREFIX[kind]} to /${max}`,
    );
  }
  const [first, last] = firstAndLast(range);
  const reason = refusal(first) ?? refusal(last);
  if (reason) {
    throw invalid(text, `${reason}; only public addresses can be allowlisted`);
  }
  return range.bits === max ? format(first) : `${format(first)}/${range.bits}`;
}

/** The caller's address as seen on the socket; IPv4-mapped IPv6 becomes IPv4. */
function parseCaller(address: string): Address | null {
  const host = address.trim().replace(/%.*$/, '');
  if (!ipaddr.isValid(host)) {
    return null;
  }
  const parsed = ipaddr.parse(host);
  return isV6(parsed) && parsed.isIPv4MappedAddress() ? parsed.toIPv4Address() : parsed;
}

/** Pre-parses a key's entries once, for a matcher used on every request of that key. */
export function compileAllowlist(entries: readonly string[]): (address: string) => boolean {
  if (entries.length === 0) {
    return () => true;
  }
  const ranges = entries.flatMap((entry) => {
    const parsed = parseRange(entry.trim());
    return parsed ? [unmap(parsed)] : [];
  });
  return (address) => {
    const caller = parseCaller(address);
    return (
      caller !== null &&
      ranges.some((r) => r.address.kind() === caller.kind() && caller.match(r.address, r.bits))
    );
  };
}

/** Spec 5.6: an empty list allows any address; otherwise the caller must fall in an entry. */
export const isAddressAllowed = (address: string, entries: readonly string[]): boolean =>
  compileAllowlist(entries)(address);
