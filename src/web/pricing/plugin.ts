import type { FastifyInstance } from 'fastify';
import { type PlansService, PROPAGATION_SECONDS } from '../../accounts/plans.js';
import type { Clock } from '../../deps.js';
import type { EventBus } from '../../events/event-bus.js';
import { registerEtag } from '../../http/etag.js';
import { negotiateLanguage } from '../../http/language.js';
import { registerMethodNotAllowed } from '../../http/method-not-allowed.js';
import { createPricingPages } from './page-cache.js';
import { parsePricingQuery } from './query.js';
import { PRICING_PATH } from './render.js';
import { PRICING_CSS_SOURCE } from './style.js';

interface PricingPagePluginOptions {
  plans: Pick<PlansService, 'getPricing'>;
  events: Pick<EventBus, 'subscribe'>;
  clock: Clock;
  /** DOCS_URL: the problem `type` of a 405. */
  docsUrl: string;
}

/**
 * Half the propagation window, both on the server (how long the figures are trusted) and in
 * `Cache-Control` (how long a browser or shared cache may keep a page): a price inserted
 * anywhere reaches every reader within `propagationSeconds` (spec 5.5), even through a cache.
 */
const PRICING_MAX_AGE_SECONDS = PROPAGATION_SECONDS / 2;

/**
 * Nothing but the page's own inline style (by its hash) and the `data:` icon: no script at all,
 * no font, no request to any host, no form, no framing.
 */
const PRICING_POLICY = [
  "default-src 'none'",
  `style-src ${PRICING_CSS_SOURCE}`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * `/pricing` (DECISIONS.md "Accounts on the web"): the public price page, server-rendered from
 * the plans service. Keyless like /docs: it costs no quota and counts on the caller's address
 * limit (the shell's hook). Language: `?lang=`, else `Accept-Language`; period: `?period=`.
 * Hidden from the OpenAPI document (not part of /v1).
 */
export async function pricingPagePlugin(
  app: FastifyInstance,
  { plans, events, clock, docsUrl }: PricingPagePluginOptions,
): Promise<void> {
  const pages = createPricingPages({
    plans,
    events,
    clock,
    maxAgeMs: PRICING_MAX_AGE_SECONDS * 1000,
  });
  app.addHook('onClose', async () => pages.close());
  registerEtag(app);
  app.get(PRICING_PATH, { schema: { hide: true } }, async (request, reply) => {
    const query = parsePricingQuery(request.query as Record<string, unknown>);
    const language = query.language ?? negotiateLanguage(request);
    const page = await pages.page(language, query.period);
    return reply
      .type('text/html; charset=utf-8')
      .header('etag', page.etag)
      .header('cache-control', `public, max-age=${PRICING_MAX_AGE_SECONDS}`)
      .header('content-language', language)
      .header('content-security-policy', PRICING_POLICY)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(page.body);
  });
  // A page that only shows: another method is 405 with `Allow`, as on /v1.
  registerMethodNotAllowed(app, [PRICING_PATH], docsUrl);
}
