import type { FastifyInstance } from 'fastify';
import { registerEtag } from '../http/etag.js';
import { APP_JS } from './client-app.js';
import { STREAM_JS } from './client-stream.js';
import { VIEW_JS } from './client-view.js';
import { PAGE_CSS, PAGE_HTML } from './page.js';

interface LivePagePluginOptions {
  /** ASSETS_URL: where the crests of `Team.logo` are; its origin may serve images to the page. */
  assetsUrl: string;
}

const JS = 'text/javascript; charset=utf-8';

/** What /live serves: the page and its modules, held as strings so dist/ ships them. */
const FILES: ReadonlyArray<{ path: string; type: string; body: string }> = [
  { path: '/live', type: 'text/html; charset=utf-8', body: PAGE_HTML },
  { path: '/live/app.css', type: 'text/css; charset=utf-8', body: PAGE_CSS },
  { path: '/live/app.js', type: JS, body: APP_JS },
  { path: '/live/stream.js', type: JS, body: STREAM_JS },
  { path: '/live/view.js', type: JS, body: VIEW_JS },
];

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Scripts and styles from this origin only (no inline ones), requests to this origin only (the
 * GraphQL endpoint), images from here, `data:` and the crests' origin (ASSETS_URL may name
 * another host, or this one under another name than the browser used). The key form cannot be
 * submitted anywhere: the script handles it.
 */
function livePagePolicy(assetsUrl: string): string {
  const crests = originOf(assetsUrl);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${crests ? ` ${crests}` : ''}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * `/live`: a small live scoreboard over the public API (docs/live-page.md), the frontend's
 * starting point. Keyless like /docs (the address limit counts it); the key the visitor types
 * is used by the page's script against /graphql. Hidden from the OpenAPI document.
 */
export async function livePagePlugin(
  app: FastifyInstance,
  { assetsUrl }: LivePagePluginOptions,
): Promise<void> {
  const policy = livePagePolicy(assetsUrl);
  registerEtag(app);
  for (const file of FILES) {
    app.get(file.path, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type(file.type)
        .header('cache-control', 'no-cache')
        .header('content-security-policy', policy)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(file.body),
    );
  }
}
