import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { card, textOf, tierCards } from '../../helpers/pricing-page.js';

type App = Awaited<ReturnType<typeof buildTestApp>>;

/** DECISIONS.md "Accounts on the web": /pricing shows what GET /v1/football/meta/plans says. */
describeEachDatabase('GET /pricing: content', ({ db }) => {
  let app: App;
  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await app.inject({ url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const plans = async () => (await app.inject('/v1/football/meta/plans')).json().data;

  beforeAll(async () => {
    app = await buildTestApp(db());
  });
  afterAll(() => app.close());

  it('monthly by default: every tier, Free first, with its monthly price and the yearly offer', async () => {
    const res = await page('/pricing');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect([...tierCards(html).keys()]).toEqual(['free', 'plus', 'pro']);
    expect(card(html, 'free').text).toContain('No charge');
    expect(card(html, 'plus').text).toContain('HKD 188 per month');
    expect(card(html, 'plus').text).toContain('or HKD 1,880 per year (save 16.67%)');
    expect(card(html, 'pro').text).toContain('HKD 688 per month');
    expect(html).toMatch(/<a href="\/pricing\?lang=en&amp;period=monthly" aria-current="page">/);
    expect(html).not.toContain('<s>');
  });

  it("every figure is the API's: prices, saving, monthly equivalent and allowances", async () => {
    const api = await plans();
    const yearly = (await page('/pricing?period=yearly')).body;
    for (const tier of api.tiers) {
      const text = card(yearly, tier.tier.toLowerCase()).text;
      const l = tier.limits;
      expect(text).toContain(`${l.dailyQuota.toLocaleString('en')} requests per day`);
      expect(text).toContain(`plus ${l.freeMatchesDailyQuota.toLocaleString('en')} match-list`);
      expect(text).toContain(`${l.ratePerMinute} requests per minute per key`);
      expect(text).toContain(`${l.maxKeys} API key`);
      expect(text).toContain(`${l.maxAllowlistEntriesPerKey} IP allowlist entries per key`);
      expect(text).toContain(l.features.analysis ? 'Match analysis:' : 'No match analysis');
      if (tier.yearly) {
        expect(text).toContain(`HKD ${tier.yearly.price.toLocaleString('en')} per year`);
        expect(text).toContain(`Save ${tier.yearlySavingPercent}% compared with 12 monthly`);
        expect(text).toContain(`HKD ${tier.yearlyMonthlyEquivalent} per month, billed yearly`);
      }
    }
    // The same figures written out: spec 8.1 and DECISIONS.md "Access" pricing figures.
    expect(card(yearly, 'plus').text).toContain(
      'HKD 1,880 per year HKD 156.67 per month, billed yearly Save 16.67% compared with 12 monthly payments',
    );
    expect(card(yearly, 'pro').text).toContain('HKD 573.33 per month, billed yearly');
    expect(card(yearly, 'pro').text).toContain('30,000 requests per day');
    expect(card(yearly, 'free').text).toContain('No match analysis');
    expect(yearly).toMatch(/<a href="\/pricing\?lang=en&amp;period=yearly" aria-current="page">/);
  });

  it('the recommended tier is highlighted, marked and labelled; the others are not', async () => {
    const { recommendedTier } = await plans();
    expect(recommendedTier).toBe('Plus');
    const html = (await page('/pricing')).body;
    const plus = card(html, 'plus');
    expect(plus.classes).toContain('recommended');
    expect(plus.html).toContain('<p class="badge" id="tier-plus-badge">Recommended</p>');
    expect(plus.html).toContain('aria-describedby="tier-plus-badge"');
    for (const other of ['free', 'pro']) {
      expect(card(html, other).classes).not.toContain('recommended');
      expect(card(html, other).text).not.toContain('Recommended');
    }
  });

  it('a promotion: the compare-at price struck through, the discount as the API computes it', async () => {
    await app.deps.services.planPrices.setPrice('pro-yearly', 5504, 6880);
    const api = (await plans()).tiers[2];
    expect(api.yearly).toMatchObject({ price: 5504, compareAtPrice: 6880, discountPercent: 20 });
    const pro = card((await page('/pricing?period=yearly')).body, 'pro');
    expect(pro.html).toContain(
      '<p class="promo"><s><span class="visually-hidden">Was </span>HKD 6,880</s> <span class="discount">20% off</span></p>',
    );
    expect(pro.text).toContain('HKD 5,504 per year');
    expect(pro.text).toContain(`Save ${api.yearlySavingPercent}% compared`);
    expect(pro.text).toContain('Save 33.33% compared with 12 monthly payments');
    expect(pro.text).toContain('HKD 458.67 per month, billed yearly');
    // The monthly view shows the monthly plan, which is not on promotion.
    const monthly = card((await page('/pricing?period=monthly')).body, 'pro');
    expect(monthly.html).not.toContain('<s>');
    expect(monthly.text).toContain('or HKD 5,504 per year (save 33.33%)');
    await app.deps.services.planPrices.setPrice('pro-yearly', 6880);
  });

  it('languages by ?lang= (API codes and aliases, any case) and by Accept-Language', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/pricing?lang=zh-CN', {}, 'zh-CN'],
      ['/pricing?lang=zh-hans', {}, 'zh-CN'],
      ['/pricing?lang=ZH-HK', {}, 'zh-HK'],
      ['/pricing?lang=zh-TW', {}, 'zh-HK'],
      ['/pricing?lang=en', { 'accept-language': 'zh-CN' }, 'en'],
      ['/pricing', { 'accept-language': 'zh-TW,zh;q=0.8,en;q=0.5' }, 'zh-HK'],
      ['/pricing', { 'accept-language': 'fr, zh-Hans;q=0.9' }, 'zh-CN'],
      ['/pricing', { 'accept-language': 'fr' }, 'en'],
    ];
    for (const [url, headers, language] of cases) {
      const res = await page(url, headers);
      expect(res.headers['content-language'], url).toBe(language);
      expect(res.headers.vary, url).toMatch(/accept-language/i);
      expect(res.body, url).toContain(`<html lang="${language}">`);
    }
  });

  it('simplified and traditional Chinese: every label translated, the same figures', async () => {
    const hans = (await page('/pricing?lang=zh-CN&period=yearly')).body;
    expect(textOf(hans)).toContain('套餐与价格');
    expect(card(hans, 'plus').text).toContain('HKD 1,880 每年');
    expect(card(hans, 'plus').text).toContain('折合每月 HKD 156.67，按年付费');
    expect(card(hans, 'plus').text).toContain('比按月付费 12 个月节省 16.67%');
    expect(card(hans, 'plus').text).toContain('推荐');
    expect(card(hans, 'free').text).toContain('免费版');
    const hant = (await page('/pricing?lang=zh-HK')).body;
    expect(textOf(hant)).toContain('計劃與價格');
    expect(card(hant, 'plus').text).toContain('HKD 188 每月');
    expect(card(hant, 'plus').text).toContain('推薦');
    expect(card(hant, 'pro').text).toContain('每日 30,000 次請求');
    // The way in: sign-up and the dashboard, in the page's language.
    expect(hant).toContain('<a href="/signup?lang=zh-HK">由免費版開始：用電郵登記</a>');
    expect(hant).toContain('<a href="/dashboard?lang=zh-HK">');
    // No English left but the brand, the currency code, the plan names, the API's path and the
    // language switch's own entry for English (marked lang="en").
    const allowed = new Set(['touchline', 'HKD', 'Plus', 'Pro', 'GET', 'UTC']);
    for (const html of [hans, hant]) {
      const visible = textOf(
        html
          .replace(/<head>[\s\S]*<\/head>/, '')
          .replace(/<code>[^<]*<\/code>/g, '')
          .replace(/<a [^>]*lang="en"[^>]*>English<\/a>/, ''),
      );
      const words = (visible.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !allowed.has(w));
      expect(words).toEqual([]);
    }
  });

  it('the switches link to both views in the same language, and to the three languages', async () => {
    const html = (await page('/pricing?lang=zh-HK&period=yearly')).body;
    expect(html).toContain('<a href="/pricing?lang=zh-HK&amp;period=monthly">按月</a>');
    expect(html).toContain(
      '<a href="/pricing?lang=zh-HK&amp;period=yearly" aria-current="page">按年</a>',
    );
    expect(html).toContain(
      '<a href="/pricing?lang=zh-CN&amp;period=yearly" lang="zh-CN" hreflang="zh-CN">简体中文</a>',
    );
    expect(html).toContain(
      '<a href="/pricing?lang=zh-HK&amp;period=yearly" lang="zh-HK" hreflang="zh-HK" aria-current="true">繁體中文</a>',
    );
    expect(html).toContain(
      '<a href="/pricing?lang=en&amp;period=yearly" lang="en" hreflang="en">English</a>',
    );
  });
});
