import ipaddr from 'ipaddr.js';

interface CookieNames {
  session: string;
  csrf: string;
}

/**
 * The cookies' names. With an `https` BASE_URL they carry the `__Host-` prefix: browsers then
 * take them only Secure, for Path=/ and without Domain, so a sibling subdomain cannot plant
 * one (issue 46). Plain HTTP (development) keeps the bare names, which browsers would refuse.
 */
export const cookieNames = (baseUrl: string): CookieNames => {
  const prefix = baseUrl.startsWith('https:') ? '__Host-' : '';
  return { session: `${prefix}tl_session`, csrf: `${prefix}tl_csrf` };
};

/** The cookies of a request (the last of a repeated name wins); values stay encoded. */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) {
      cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
    }
  }
  return cookies;
}

const isLoopback = (address: string): boolean =>
  ipaddr.isValid(address) && ipaddr.process(address).range() === 'loopback';

/**
 * `Secure` unless the page is served over plain HTTP to this machine itself (development on
 * loopback); with an `https` BASE_URL always (a proxy on the same host looks like loopback).
 */
export const secureCookies = (baseUrl: string, address: string): boolean =>
  baseUrl.startsWith('https:') || !isLoopback(address);

/** A `Set-Cookie` value: HttpOnly, SameSite=Lax, Path=/; `maxAge` 0 deletes it. */
export function cookieHeader(
  name: string,
  value: string,
  options: { maxAgeSeconds: number; secure: boolean },
): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}
