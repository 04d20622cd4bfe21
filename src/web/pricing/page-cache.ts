import type { PlansService, Pricing } from '../../accounts/plans.js';
import type { Clock } from '../../deps.js';
import type { EventBus } from '../../events/event-bus.js';
import { etagOf } from '../../http/etag.js';
import type { Language } from '../../i18n/language.js';
import type { BillingPeriod } from './query.js';
import { renderPricingPage } from './render.js';

interface RenderedPage {
  body: Buffer;
  etag: string;
}

interface Snapshot {
  pricing: Pricing;
  /** The plan data version: a digest of the figures, so an unchanged reload keeps the pages. */
  version: string;
  expiresAt: number;
}

interface PricingPagesOptions {
  plans: Pick<PlansService, 'getPricing'>;
  events: Pick<EventBus, 'subscribe'>;
  clock: Clock;
  /** How long the figures are trusted before they are read again. */
  maxAgeMs: number;
}

/**
 * Each page rendered once per (language, period, plan data version) and served as the same
 * bytes. The figures are read from the plans service, the one `GET /v1/football/meta/plans`
 * answers from, again after `maxAgeMs` (a price inserted by another process, such as the CLI on
 * the same database) or at once when a `plans-changed` event arrives (this instance's services,
 * or another instance's through the event bus).
 */
export function createPricingPages({ plans, events, clock, maxAgeMs }: PricingPagesOptions) {
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  /** Counts plan changes heard: a read begun before one may show the old prices. */
  let changes = 0;
  let pagesVersion = '';
  const pages = new Map<string, RenderedPage>();

  const unsubscribe = events.subscribe((event) => {
    if (event.type === 'plans-changed') {
      changes += 1;
      snapshot = null;
      loading = null;
    }
  });

  async function load(): Promise<Snapshot> {
    const since = changes;
    const pricing = await plans.getPricing();
    const read: Snapshot = {
      pricing,
      version: etagOf(JSON.stringify(pricing)),
      expiresAt: clock.now().getTime() + maxAgeMs,
    };
    // Served to the requests that waited for it, but kept only if no change came meanwhile.
    if (since === changes) {
      snapshot = read;
    }
    return read;
  }

  function current(): Snapshot | Promise<Snapshot> {
    if (snapshot && clock.now().getTime() < snapshot.expiresAt) {
      return snapshot;
    }
    if (!loading) {
      const started = load();
      loading = started;
      const done = () => {
        if (loading === started) {
          loading = null;
        }
      };
      started.then(done, done);
    }
    return loading;
  }

  const render = (s: Snapshot, language: Language, period: BillingPeriod): RenderedPage => {
    const body = Buffer.from(renderPricingPage(s.pricing, language, period));
    return { body, etag: etagOf(body) };
  };

  return {
    async page(language: Language, period: BillingPeriod): Promise<RenderedPage> {
      const s = await current();
      if (s !== snapshot) {
        return render(s, language, period);
      }
      if (s.version !== pagesVersion) {
        pages.clear();
        pagesVersion = s.version;
      }
      const key = `${language} ${period}`;
      let page = pages.get(key);
      if (!page) {
        page = render(s, language, period);
        pages.set(key, page);
      }
      return page;
    },
    close: unsubscribe,
    /** Pages held now (at most languages x periods). */
    get size() {
      return pages.size;
    },
  };
}

export type PricingPages = ReturnType<typeof createPricingPages>;
