import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_QUERY } from '../../src/graphql/example-query.js';
import { createAccountWithKey } from '../helpers/access.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumAvailable } from '../helpers/chromium.js';
import { type GraphqlDemoServer, startGraphqlDemoServer } from '../helpers/graphql-server.js';

if (!chromiumAvailable) {
  console.warn(`${CHROMIUM_PATH} is missing: the browser test of GraphiQL at /graphql is SKIPPED`);
}

/** GraphiQL 5's editors are Monaco editors; each is told apart by its model's URI suffix. */
const EDITOR = {
  operation: '.graphiql-query-editor .monaco-editor[data-uri$="-operation.graphql"]',
  headers: '.monaco-editor[data-uri$="-request-headers.json"]',
  response: '.graphiql-response .monaco-editor[data-uri$="-response.json"]',
};

/**
 * The text an editor shows: Monaco renders only the lines in view, each a `.view-line` placed by
 * its `top` (not necessarily in DOM order), spaces as U+00A0. The viewport below is tall enough
 * for the whole example query. Evaluated in the page (this project's TypeScript has no DOM types).
 */
const shownText = (page: Page, editor: string): Promise<string> =>
  page.evaluate(`[...document.querySelectorAll(${JSON.stringify(`${editor} .view-line`)})]
    .map((line) => [parseFloat(line.style.top), line.textContent.replace(/\\u00a0/g, ' ')])
    .sort((a, b) => a[0] - b[0])
    .map(([, text]) => text)
    .join('\\n')`);

const SLOW = { timeout: 60_000, interval: 250 };

describe.skipIf(!chromiumAvailable)('GraphiQL at /graphql in headless Chromium', () => {
  let server: GraphqlDemoServer;
  let browser: Browser;
  let context: BrowserContext;
  let key: string;
  /** Every request of the page (and its workers) that leaves the test server. */
  const external: string[] = [];

  beforeAll(async () => {
    server = await startGraphqlDemoServer();
    ({ key } = await createAccountWithKey(server.database, 'Plus'));
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    context = await browser.newContext({ viewport: { width: 1400, height: 1600 } });
    context.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(server.base) && !url.startsWith('data:') && !url.startsWith('blob:')) {
        external.push(url);
      }
    });
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.close();
  });

  it('renders offline, runs the example query with a real key and shows the nested page', async () => {
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    const landing = await page.goto(`${server.base}/graphql`, { timeout: 120_000 });
    expect(landing?.status()).toBe(200);
    expect(landing?.headers()['content-type']).toMatch(/^text\/html/);
    await page.waitForSelector('.graphiql-container', { timeout: 120_000 });
    await page.waitForSelector(`${EDITOR.operation} .view-lines`, { timeout: 120_000 });

    // The editor opens with the example query, whole and as written.
    await expect.poll(() => shownText(page, EDITOR.operation), SLOW).toBe(EXAMPLE_QUERY);

    // The key goes in through the Headers tab, replacing the placeholder.
    await page.click('.graphiql-editor-tools button[data-name="headers"]');
    await page.waitForSelector(`${EDITOR.headers} .view-lines`, {
      state: 'visible',
      timeout: 30_000,
    });
    await expect.poll(() => shownText(page, EDITOR.headers), SLOW).toContain('Bearer YOUR_KEY');
    const headers = JSON.stringify({ Authorization: `Bearer ${key}` });
    await page.click(`${EDITOR.headers} .view-lines`);
    await page.keyboard.press('ControlOrMeta+A');
    // Emptied first: typing `{` over a selection would make Monaco wrap it ("auto-surround").
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(headers);
    await expect.poll(() => shownText(page, EDITOR.headers), SLOW).toBe(headers);

    const executed = page.waitForResponse(
      (response) =>
        response.url() === `${server.base}/graphql` &&
        response.request().method() === 'POST' &&
        (response.request().postData() ?? '').includes('MatchDay'),
      { timeout: 120_000 },
    );
    await page.click('.graphiql-execute-button');
    const response = await executed;

    expect(response.request().headers()['authorization']).toBe(`Bearer ${key}`);
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      errors?: unknown[];
      data?: {
        matches: {
          pageInfo: { total: number };
          items: Array<{ id: number; home: { name: string }; analysis: { corners: unknown } }>;
        };
      };
      extensions?: { cost?: { requested: number; actual: number } };
    };
    expect(body.errors).toBeUndefined();
    const items = body.data?.matches.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(5);
    expect(server.cases.today.matchIds).toEqual(expect.arrayContaining(items.map((m) => m.id)));
    // A Plus key reads the analysis fields of the example.
    expect(items.some((m) => m.analysis.corners !== null)).toBe(true);
    expect(body.extensions?.cost?.actual).toBeGreaterThan(0);
    console.info(`GraphiQL example query charged: ${JSON.stringify(body.extensions?.cost)}`);
    const firstHome = items[0]!.home.name;

    // The result pane shows the nested page (its first lines: the rest is scrolled away).
    await expect
      .poll(() => shownText(page, EDITOR.response), SLOW)
      .toMatch(/"items": \[[\s\S]*"home": \{/);
    const shown = await shownText(page, EDITOR.response);
    expect(shown).toMatch(/^\{\s*"data": \{\s*"matches": \{/);
    expect(shown).toContain('"pageInfo"');
    expect(shown).toContain(`"name": ${JSON.stringify(firstHome)}`);
    // Errors would come first in the result, before `data`.
    expect(shown).not.toContain('"errors"');

    expect(pageErrors).toEqual([]);
    expect(external).toEqual([]);
    await page.close();
  }, 240_000);
});
