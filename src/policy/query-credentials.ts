import { KEY_PREFIXES } from './api-key-format.js';

/**
 * Names that say "credential" once case, brackets (`key[]`) and separators (`api-key`, `api_key`,
 * `ApiKey`) are set aside. DECISIONS.md "Access": a key in the URL is never used and never logged.
 */
const CREDENTIAL_NAMES = new Set([
  'key',
  'keys',
  'apikey',
  'xapikey',
  'token',
  'accesstoken',
  'authtoken',
  'bearer',
  'auth',
  'authorization',
  'secret',
  'apisecret',
  'clientsecret',
  'password',
  'passwd',
  'credential',
  'credentials',
]);

/** A name made only of separators and brackets around a credential word counts as that word. */
const normalisedName = (name: string) =>
  name
    .toLowerCase()
    .replace(/\[[^\]]*\]/g, '')
    .replace(/[^a-z0-9]/g, '');

/** Text that carries an API key's prefix (any case): it may be a key, so it is never echoed. */
export const carriesKeyPrefix = (text: string) => {
  const lower = text.toLowerCase();
  return KEY_PREFIXES.some((prefix) => lower.includes(prefix));
};

/** How a refused parameter is named back: as sent, unless the name itself may be a key. */
const shownName = (name: string) => (carriesKeyPrefix(name) ? 'query' : name);

/**
 * The first query parameter that looks like a credential: its name is one (any spelling), or its
 * name or value carries an API key's prefix. `undefined` when there is none. The parameter is
 * named as the client sent it (decoded), never its value, and a name that may be a key is named
 * `query`.
 */
export function credentialParameter(url: string): string | undefined {
  const start = url.indexOf('?');
  if (start === -1 || start === url.length - 1) {
    return undefined;
  }
  const hash = url.indexOf('#', start);
  const query = url.slice(start + 1, hash === -1 ? undefined : hash);
  for (const [name, value] of new URLSearchParams(query)) {
    if (
      CREDENTIAL_NAMES.has(normalisedName(name)) ||
      carriesKeyPrefix(name) ||
      carriesKeyPrefix(value)
    ) {
      return shownName(name);
    }
  }
  return undefined;
}
