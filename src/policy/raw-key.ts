/** The request headers a key may come in (spec 5.1). */
export interface KeyHeaders {
  authorization?: string | undefined;
  'x-api-key'?: string | string[] | undefined;
}

/**
 * Spec 5.1: the key from `Authorization: Bearer <key>` or `X-Api-Key` (never the URL); the raw
 * text, unchecked (`authenticate` decides). An Authorization value that is not a Bearer
 * credential is passed on whole, so it is refused as a malformed key.
 */
export function rawKeyOf(headers: KeyHeaders): string | undefined {
  const authorization = headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    return match?.[1] ?? authorization;
  }
  const header = headers['x-api-key'];
  return Array.isArray(header) ? header[0] : header;
}
