import ipaddr from 'ipaddr.js';

/** Where GraphiQL's page is asked for and served from (DECISIONS.md "GraphiQL: explorer and the demo key"). */
export interface PageRequestPlace {
  /** Every address the server listens on (Fastify's `addresses()`); empty when not listening. */
  listening: readonly string[];
  /** The request's `Host` header, as sent. */
  host: string | undefined;
  /** The peer's address (`req.ip`: the client's, when TRUST_PROXY names a proxy in front). */
  remoteAddress: string;
  /** The request came through a proxy (`Forwarded`, `X-Forwarded-For`, `X-Real-IP`, ...). */
  forwarded: boolean;
  /** Asked for by another origin's script, not by the browser opening the page (isCrossOrigin). */
  crossOrigin: boolean;
}

/** The headers a proxy adds on the way (any one of them means a hop between client and server). */
export const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-real-ip',
] as const;

/** 127.0.0.0/8, ::1 (any spelling), their IPv4-mapped form, and the name `localhost`. */
export function isLoopback(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) {
    return true;
  }
  return ipaddr.isValid(bare) && ipaddr.process(bare).range() === 'loopback';
}

/** The host name of a `Host` header value (`127.0.0.1:3000`, `[::1]:3000`, `localhost`). */
function hostName(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

/**
 * Whether another origin's script asks for the page: an `Origin` other than the page's own (a
 * browser sends one with a cross-origin fetch, never with a navigation), or Fetch Metadata saying
 * a cross-site or same-site request that is not a navigation.
 */
export function isCrossOrigin(headers: Record<string, string | string[] | undefined>): boolean {
  const { origin, host } = headers;
  if (typeof origin === 'string' && origin !== `http://${host}` && origin !== `https://${host}`) {
    return true;
  }
  const site = headers['sec-fetch-site'];
  const mode = headers['sec-fetch-mode'];
  return site !== undefined && site !== 'same-origin' && site !== 'none' && mode !== 'navigate';
}

/**
 * Whether this page request is a local one on a local-only server: the server listens on
 * loopback addresses only (not 0.0.0.0, ::, or a LAN address), the request reached it from
 * loopback with no proxy in between, and names a loopback host (so a page of a DNS-rebound name
 * cannot read it).
 */
export function isLocalOnly(place: PageRequestPlace): boolean {
  const name = place.host === undefined ? null : hostName(place.host);
  return (
    place.listening.length > 0 &&
    place.listening.every(isLoopback) &&
    isLoopback(place.remoteAddress) &&
    !place.forwarded &&
    !place.crossOrigin &&
    name !== null &&
    isLoopback(name)
  );
}

/**
 * The demo key GraphiQL's Headers tab may be filled with, or null (the placeholder stays): only
 * for a local request on a local-only server, and only while the demo data's key is in the data
 * directory and still works in this database (`findDemoKey`, not asked otherwise).
 */
export async function graphiqlDemoKey(
  place: PageRequestPlace,
  findDemoKey: () => Promise<string | null>,
): Promise<string | null> {
  if (!isLocalOnly(place)) {
    return null;
  }
  return findDemoKey();
}
