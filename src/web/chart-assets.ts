import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { etagOf, matchesIfNoneMatch } from '../http/etag.js';
import { CHARTS_JS } from './charts-client.js';

interface Asset {
  path: string;
  type: string;
  body: string;
  etag: string;
}

const require = createRequire(import.meta.url);
const fromUplot = (file: string) => readFileSync(require.resolve(`uplot/dist/${file}`), 'utf8');

function asset(path: string, type: string, body: string): Asset {
  return { path, type, body, etag: etagOf(body) };
}

/**
 * The dashboard's chart files, served from here (no other host): uPlot as its package ships it,
 * and our script that draws the page's embedded data. Read once at start-up.
 */
export function chartAssets() {
  const js = 'text/javascript; charset=utf-8';
  const files = {
    uplotJs: asset('/web/uplot.js', js, fromUplot('uPlot.iife.min.js')),
    uplotCss: asset('/web/uplot.css', 'text/css; charset=utf-8', fromUplot('uPlot.min.css')),
    chartsJs: asset('/web/charts.js', js, CHARTS_JS),
  };
  /** A file's address with its ETag as version: cached for a year, a new file a new address. */
  const href = (file: Asset) => `${file.path}?v=${file.etag.slice(1, 13)}`;
  return { files, href };
}

export type ChartAssets = ReturnType<typeof chartAssets>;

export function chartAssetRoutes(app: FastifyInstance, assets: ChartAssets): void {
  for (const file of Object.values(assets.files)) {
    app.get(file.path, async (request, reply) => {
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', file.etag)
        .header('x-content-type-options', 'nosniff');
      if (matchesIfNoneMatch(request.headers['if-none-match'], file.etag)) {
        return reply.code(304).send();
      }
      return reply.type(file.type).send(file.body);
    });
  }
}
