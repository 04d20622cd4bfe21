import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The hidden inputs of the first form on the page that posts to `action`. */
export function formFields(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`action="${action}"`);
  if (start === -1) {
    throw new Error(`no form posting to ${action} on the page:\n${html}`);
  }
  const form = html.slice(start, html.indexOf('</form>', start));
  const fields: Record<string, string> = {};
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&amp;/g, '&');
  }
  return fields;
}

export interface SetCookie {
  name: string;
  value: string;
  attributes: string[];
}

export function setCookies(res: LightMyRequestResponse): SetCookie[] {
  const header = res.headers['set-cookie'];
  const values = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  return values.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), attributes };
  });
}

/**
 * A browser over `app.inject`: keeps cookies, fills in a form's hidden fields (CSRF token, code,
 * language) from the page it was shown on, and reports each answer as it is (no redirects).
 */
export function createBrowser(app: FastifyInstance, remoteAddress = '127.0.0.1') {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

  async function send(
    method: 'GET' | 'POST',
    url: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const res = await app.inject({
      method,
      url,
      remoteAddress,
      headers: {
        ...(jar.size > 0 ? { cookie: cookieHeader() } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    for (const cookie of setCookies(res)) {
      if (cookie.attributes.includes('Max-Age=0')) {
        jar.delete(cookie.name);
      } else {
        jar.set(cookie.name, cookie.value);
      }
    }
    return res;
  }

  return {
    jar,
    get: (url: string, headers?: Record<string, string>) => send('GET', url, undefined, headers),
    post: (url: string, form: Record<string, string>) => send('POST', url, form),
    /** Opens `page`, then submits its form for `action` with `fields` added. */
    async submit(page: string, action: string, fields: Record<string, string> = {}) {
      const shown = await send('GET', page);
      return send('POST', action, { ...formFields(shown.body, action), ...fields });
    },
  };
}

export type Browser = ReturnType<typeof createBrowser>;

/** A link from a mail, as the path and query this server is asked for. */
export const pathOf = (link: string | undefined): string => {
  if (!link) {
    throw new Error('the mail has no link');
  }
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};
