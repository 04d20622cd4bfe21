import { createServer } from 'node:net';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyChanges } from '../../src/ingest/changes/apply.js';
import { checkChange } from '../../src/ingest/changes/format.js';
import { summarizeChanges } from '../../src/ingest/changes/summary.js';
import { NOW, setUpMatches, type TestApp } from '../contract/rest/matches-fixture.js';
import { createAccountWithKey } from '../helpers/access.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumAvailable } from '../helpers/chromium.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

if (!chromiumAvailable) {
  console.warn(`${CHROMIUM_PATH} is missing: the browser test of the /live page is SKIPPED`);
}

/** A port free now, so BASE_URL (and with it every logo URL) can name the listening server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The Hong Kong day of the app's clock, as UTC bounds. */
const HK_DAY_START = new Date('2026-11-21T16:00:00.000Z');
const HK_DAY_END = new Date('2026-11-22T16:00:00.000Z');

const SLOW = { timeout: 30_000 };

describe.skipIf(!chromiumAvailable)('the /live page in headless Chromium', () => {
  let database: TestDatabase;
  let app: TestApp;
  let base: string;
  let pro: string;
  let browser: Browser;
  let context: BrowserContext;
  /** Every request of the pages that leaves the test server. */
  const external: string[] = [];
  const requested: string[] = [];
  let nextSeq = 900;

  /** A goal for the home side, as a feed would write it: the event, and the match's new score. */
  async function writeGoal(matchId: number) {
    const match = await database.prisma.match.findUniqueOrThrow({ where: { id: matchId } });
    const last = await database.prisma.matchEvent.aggregate({
      where: { matchId },
      _max: { seq: true },
    });
    nextSeq = Math.max(nextSeq, (last._max.seq ?? 0) + 1);
    const minute = Math.min(Number.parseInt(match.minute ?? '', 10) || 60, 130);
    const { updatedAt: _updatedAt, ...columns } = match;
    const records = [
      {
        op: 'upsert',
        resource: 'events',
        record: {
          matchId,
          seq: nextSeq++,
          minute,
          type: 'goal',
          side: 'home',
          player: 'T. Tester',
        },
      },
      {
        op: 'upsert',
        resource: 'matches',
        record: {
          ...columns,
          kickoffUtc: match.kickoffUtc.toISOString(),
          homeScore: (match.homeScore ?? 0) + 1,
          awayScore: match.awayScore ?? 0,
        },
      },
    ];
    const changes = records.map((r, i) => ({ line: i + 1, change: checkChange(r, i + 1, 'test') }));
    const logged = await applyChanges(database.prisma, changes, 'test', new Date());
    await app.deps.events.publish({
      type: 'data-changed',
      changes: await summarizeChanges(database.prisma, logged),
    });
    return { score: `${(match.homeScore ?? 0) + 1}-${match.awayScore ?? 0}`, minute };
  }

  async function openLive(key: string): Promise<{ page: Page; errors: string[] }> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // A refusal the test causes is logged as a failed load; anything else (a CSP violation,
      // a script error) is a failure.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        errors.push(message.text());
      }
    });
    const landing = await page.goto(`${base}/live`);
    expect(landing?.status()).toBe(200);
    await page.fill('#key', key);
    await page.click('#key-form button[type="submit"]');
    return { page, errors };
  }

  const stateOf = (page: Page) => page.getAttribute('#connection', 'data-state');

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    const port = await freePort();
    ({ app, key: pro } = await setUpMatches(database, { BASE_URL: `http://127.0.0.1:${port}` }));
    await app.listen({ host: '127.0.0.1', port });
    base = `http://127.0.0.1:${port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    // A phone's viewport: the page is meant to be read on one.
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    context.on('request', (request) => {
      const url = request.url();
      requested.push(url);
      if (!url.startsWith(base) && !url.startsWith('data:') && !url.startsWith('blob:')) {
        external.push(url);
      }
    });
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.close();
    await database?.close();
  });

  it('lists the day, then shows a goal written by a feed within 2 s, in place', async () => {
    const live = await database.prisma.match.findFirstOrThrow({
      where: { status: 'live', kickoffUtc: { gte: HK_DAY_START, lt: HK_DAY_END } },
      orderBy: { id: 'asc' },
    });
    expect(new Date(NOW) >= HK_DAY_START && new Date(NOW) < HK_DAY_END).toBe(true);
    const { page, errors } = await openLive(pro);
    const row = `#match-${live.id}`;
    await page.waitForSelector(`${row}[data-status="LIVE"]`, SLOW);
    await expect.poll(() => stateOf(page), SLOW).toBe('live');
    // Grouped by competition, each a table with its heading; the key never in a URL.
    expect(await page.locator('section.competition h2').count()).toBeGreaterThan(1);
    expect(await page.locator(`${row} .clock`).textContent()).toMatch(/live|half time/i);
    expect(page.url()).toBe(`${base}/live`);
    expect(requested.filter((url) => url.includes(pro))).toEqual([]);
    expect(await page.evaluate('sessionStorage.getItem("touchline.key")')).toBe(pro);
    await expect
      .poll(
        () =>
          page.evaluate(
            `[...document.querySelectorAll('#board img')].some((i) => i.complete && i.naturalWidth > 0)`,
          ),
        SLOW,
      )
      .toBe(true);

    const started = performance.now();
    const goal = await writeGoal(live.id);
    const goalShown = `(() => {
      const score = document.querySelector(${JSON.stringify(`${row} .score`)});
      const events = document.querySelector(${JSON.stringify(`${row} + .events-row`)});
      return score?.textContent === ${JSON.stringify(goal.score)} && !events.hidden &&
        events.textContent.includes('Goal') && events.textContent.includes('T. Tester');
    })()`;
    // Polled from the test (DevTools evaluations are exempt from the page's CSP); Playwright's
    // waitForFunction would eval the string inside the page, which `script-src 'self'` refuses.
    await expect.poll(() => page.evaluate(goalShown), { timeout: 2000, interval: 10 }).toBe(true);
    const shownAfterMs = Math.round(performance.now() - started);
    console.info(`/live showed the goal ${shownAfterMs} ms after the write`);
    expect(shownAfterMs).toBeLessThan(2000);
    expect(await page.locator(`${row} + .events-row li`).first().textContent()).toContain(
      `${goal.minute}' Goal`,
    );
    // Updated in place: the page was not loaded again.
    expect(requested.filter((url) => url === `${base}/live`)).toHaveLength(1);

    const crests = (await page.evaluate(
      `[...document.querySelectorAll('${row} img')].map((i) => i.naturalWidth)`,
    )) as number[];
    expect(crests.every((w) => w > 0)).toBe(true);
    expect(errors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  }, 120_000);

  it('a refused key is named and not tried again', async () => {
    const { page } = await openLive('svc_live_not_a_key');
    await expect.poll(() => stateOf(page), SLOW).toBe('stopped');
    expect(await page.textContent('#connection')).toContain('key_invalid');
    expect(await page.isVisible('#key-form')).toBe(true);
    await page.close();
    expect(external).toEqual([]);
  }, 60_000);

  it('a stream refused for the account says why, backs off and connects once it may', async () => {
    // A Free key holds one stream: a second tab on the same key waits for the first to close.
    const { key } = await createAccountWithKey(database, 'Free');
    const first = await openLive(key);
    await expect.poll(() => stateOf(first.page), SLOW).toBe('live');
    const second = await openLive(key);
    await expect.poll(() => stateOf(second.page), SLOW).toBe('waiting');
    expect(await second.page.textContent('#connection')).toContain('rate_limited');
    await first.page.close();
    await expect.poll(() => stateOf(second.page), SLOW).toBe('live');
    expect(await second.page.locator('tr.match').count()).toBeGreaterThan(0);
    expect([...first.errors, ...second.errors]).toEqual([]);
    await second.page.close();
    expect(external).toEqual([]);
  }, 60_000);
});
