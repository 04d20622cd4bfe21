import type { GraphiQLOptions } from 'graphql-yoga';
import type { DoorContext } from '../charging/execution-context.js';
import { EXAMPLE_QUERY } from './example-query.js';
import { FORWARDING_HEADERS, graphiqlDemoKey, isCrossOrigin } from './graphiql-demo-key.js';

/**
 * The title of the explorer yoga's GraphiQL bundle carries (`explorerPlugin()` of
 * @graphiql/plugin-explorer, always in its plugin list); naming it opens it on the first visit.
 */
export const EXPLORER_PLUGIN = 'GraphiQL Explorer';

/** What the Headers tab shows when no demo key may be offered. */
export const KEY_PLACEHOLDER = 'Bearer YOUR_KEY';

/** Yoga's options plus GraphiQL's own `visiblePlugin`, which yoga passes through untyped. */
type PageOptions = GraphiQLOptions & { visiblePlugin: string };

/** GraphiQL with every asset inline (no CDN), the explorer open, the key header filled in. */
export function graphiqlOptions(demoKey: string | null): PageOptions {
  return {
    title: 'touchline GraphQL',
    defaultQuery: EXAMPLE_QUERY,
    headers: JSON.stringify({ Authorization: `Bearer ${demoKey ?? 'YOUR_KEY'}` }, null, 2),
    shouldPersistHeaders: true,
    visiblePlugin: EXPLORER_PLUGIN,
  };
}

const PLACEHOLDER_HEADERS = graphiqlOptions(null).headers;

export interface GraphiqlPageDeps {
  /** The demo key usable in this database now (`findActiveDemoKey`), or null. */
  findDemoKey(): Promise<string | null>;
}

/**
 * GraphiQL's page through Yoga: `options` decides per request whether the demo key is offered
 * (src/graphql/graphiql/graphiql-demo-key.ts), `render` renders each variant once. A page with the key is
 * `Cache-Control: no-store`: no cache between the browser and the server may keep it, and a key
 * revoked since is gone from the next page.
 */
export function createGraphiqlPage(deps: GraphiqlPageDeps) {
  /** The placeholder page, and at most one page with a demo key (the last one offered). */
  const pages: {
    placeholder?: Promise<string> | undefined;
    keyed?: { headers: string; page: Promise<string> } | undefined;
  } = {};

  function renderNow(options: GraphiQLOptions): Promise<string> {
    return import('@graphql-yoga/render-graphiql').then((m) => m.renderGraphiQL(options));
  }

  /**
   * Rendered on the first visit, not at start: the page inlines GraphiQL's 9 MB bundle, whose
   * module alone takes about 0.1 s to load, which a server start need not wait for. A failed
   * render is not kept.
   */
  function render(options: GraphiQLOptions): Promise<string> {
    const headers = options.headers ?? '';
    if (headers === PLACEHOLDER_HEADERS) {
      pages.placeholder ??= renderNow(options).catch((error: unknown) => {
        pages.placeholder = undefined;
        throw error;
      });
      return pages.placeholder;
    }
    if (pages.keyed?.headers !== headers) {
      const page = renderNow(options).catch((error: unknown) => {
        pages.keyed = undefined;
        throw error;
      });
      pages.keyed = { headers, page };
    }
    return pages.keyed.page;
  }

  async function options(_request: Request, { req, operation }: DoorContext): Promise<PageOptions> {
    operation.servesPage();
    const demoKey = await graphiqlDemoKey(
      {
        // A pipe or socket path is no address: not loopback.
        listening: req.server.addresses().map((a) => (typeof a === 'string' ? a : a.address)),
        host: req.headers.host,
        remoteAddress: req.ip,
        forwarded: FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined),
        crossOrigin: isCrossOrigin(req.headers),
      },
      // A lookup that fails (the database away) leaves the placeholder: the page still opens.
      () =>
        deps.findDemoKey().catch((error: unknown) => {
          req.log.warn({ err: error }, 'GraphiQL: the demo key could not be checked');
          return null;
        }),
    );
    if (demoKey !== null) {
      operation.servesKeyedPage();
    }
    return graphiqlOptions(demoKey);
  }

  return { options, render };
}
