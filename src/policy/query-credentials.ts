import { KEY_PREFIXES } from '../accounts/api-key-format.js';

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
  'pwd',
  'credential',
  'credentials',
  'session',
  'sig',
  'signature',
  'jwt',
  'privatekey',
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
 * Query strings found free of credentials lately, up to 1,024 of at most 512 characters (cleared
 * when full): a client polling sends the same URL again, and a GraphQL GET carries its document's
 * hash and variables there, which take longer to check than the rest of its answer from cache.
 * Only clean ones are kept: no key is ever held here.
 */
const cleanQueries = new Set<string>();
const MAX_CLEAN_QUERIES = 1024;
const MAX_REMEMBERED_LENGTH = 512;

function rememberClean(query: string): void {
  if (query.length > MAX_REMEMBERED_LENGTH) {
    return;
  }
  if (cleanQueries.size >= MAX_CLEAN_QUERIES) {
    cleanQueries.clear();
  }
  cleanQueries.add(query);
}

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
  if (cleanQueries.has(query)) {
    return undefined;
  }
  for (const [name, value] of new URLSearchParams(query)) {
    if (
      CREDENTIAL_NAMES.has(normalisedName(name)) ||
      carriesKeyPrefix(name) ||
      carriesKeyPrefix(value)
    ) {
      return shownName(name);
    }
  }
  rememberClean(query);
  return undefined;
}
