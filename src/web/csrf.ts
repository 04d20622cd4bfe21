import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * CSRF tokens for the web forms, signed with a server-wide key (site_secrets): bound to the
 * session on signed-in forms (a synchroniser token that needs no storage), and to a random
 * cookie on signed-out ones (a signed double-submit token: a cookie planted by a neighbouring
 * site cannot be signed).
 */
export function createCsrf(loadKey: () => Promise<Buffer>) {
  let key: Promise<Buffer> | undefined;
  // Read once, on the first form; a failed read is tried again by the next form.
  const keyOnce = () => {
    key ??= loadKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
  const sign = async (binding: string) =>
    createHmac('sha256', await keyOnce())
      .update(binding)
      .digest('base64url');

  /** The token a form carries: for the session when signed in, else for the browser's cookie. */
  function tokenFor(bindings: { sessionId: string | null; nonce: string }): Promise<string> {
    return sign(bindings.sessionId ? `session:${bindings.sessionId}` : `anon:${bindings.nonce}`);
  }

  /**
   * Whether `token` was made for this session (signed in) or this browser's cookie (signed
   * out). Never either: a signed-in form takes only its session's token, so a cookie planted
   * in the browser cannot vouch for a change to the account (issue 46).
   */
  async function verify(
    token: unknown,
    bindings: { sessionId: string | null; nonce: string | undefined },
  ): Promise<boolean> {
    const binding = bindings.sessionId
      ? `session:${bindings.sessionId}`
      : bindings.nonce
        ? `anon:${bindings.nonce}`
        : null;
    if (typeof token !== 'string' || token.length === 0 || binding === null) {
      return false;
    }
    const given = Buffer.from(token);
    const expected = Buffer.from(await sign(binding));
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  return { tokenFor, verify };
}

export type Csrf = ReturnType<typeof createCsrf>;
