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

  /** Whether `token` was made for this session or this browser's cookie. */
  async function verify(
    token: unknown,
    bindings: { sessionId: string | null; nonce: string | undefined },
  ): Promise<boolean> {
    if (typeof token !== 'string' || token.length === 0) {
      return false;
    }
    const given = Buffer.from(token);
    const candidates = [
      ...(bindings.sessionId ? [`session:${bindings.sessionId}`] : []),
      ...(bindings.nonce ? [`anon:${bindings.nonce}`] : []),
    ];
    for (const binding of candidates) {
      const expected = Buffer.from(await sign(binding));
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        return true;
      }
    }
    return false;
  }

  return { tokenFor, verify };
}

export type Csrf = ReturnType<typeof createCsrf>;
