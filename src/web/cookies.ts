import ipaddr from 'ipaddr.js';

export const SESSION_COOKIE = 'tl_session';
export const CSRF_COOKIE = 'tl_csrf';

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
