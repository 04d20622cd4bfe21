import type { FastifyInstance } from 'fastify';
import type { KeyView } from '../accounts/keys.js';
import { hkDay } from '../counters/windows.js';
import { confirmBox, confirmed, ownerPost, type ShowDashboard } from './dashboard-forms.js';
import { DASHBOARD_TEXTS, type DashboardTexts } from './dashboard-texts.js';
import type { WebPageDeps } from './deps.js';
import { field, input } from './forms.js';
import { escapeHtml } from './layout.js';
import type { WebTexts } from './texts.js';

/** A date as the contract lists it: the Hong Kong day (keys expire at its midnight). */
export const hkDate = (iso: string) => `${hkDay(new Date(iso))} (HKT)`;

export const row = (term: string, value: string) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`;

function keyRows(t: WebTexts, d: DashboardTexts, key: KeyView): string {
  return [
    row(
      t.key,
      `<code>${escapeHtml(`${key.prefix}...${key.hint}`)}</code> (${escapeHtml(d.status[key.status])})`,
    ),
    row(t.created, escapeHtml(hkDate(key.createdAt))),
    row(t.expires, escapeHtml(key.expiresAt ? hkDate(key.expiresAt) : t.never)),
  ].join('');
}

const expiryInput = (d: DashboardTexts) =>
  input('expires', d.expiresOptional, { type: 'date', autocomplete: 'off' });

/**
 * The key part: its prefix, hint, status and dates (never the key), and the form that creates
 * the first key or replaces the held one (an expired key is still held: spec 3.2).
 */
export function keySection(
  t: WebTexts,
  d: DashboardTexts,
  key: KeyView | undefined,
  hidden: string,
): string {
  const form = key
    ? [
        `<p class="hint">${escapeHtml(d.replaceWarning)}</p>`,
        '<form method="post" action="/dashboard/key/replace">',
        hidden,
        expiryInput(d),
        confirmBox(d),
        `<button type="submit">${escapeHtml(d.replaceKey)}</button>`,
        '</form>',
      ]
    : [
        '<form method="post" action="/dashboard/key">',
        hidden,
        expiryInput(d),
        `<button type="submit">${escapeHtml(d.createKey)}</button>`,
        '</form>',
      ];
  return [
    `<h2>${escapeHtml(t.key)}</h2>`,
    key ? `<dl>${keyRows(t, d, key)}</dl>` : `<p>${escapeHtml(t.noKey)}</p>`,
    ...form,
  ].join('\n');
}

/**
 * POST /dashboard/key (the first key) and /dashboard/key/replace (a new key, the old one revoked
 * at once): the keys service `touchline keys create|replace` uses, with an audit record. The
 * answer shows the full key once and is never stored by a cache.
 */
export function keyRoutes(app: FastifyInstance, deps: WebPageDeps, show: ShowDashboard) {
  const { web, services } = deps;
  const expiryOf = (value: string) => (value ? { expires: value } : {});

  for (const [path, replace] of [
    ['/dashboard/key', false],
    ['/dashboard/key/replace', true],
  ] as const) {
    app.post(
      path,
      ownerPost(deps, path, show, async (request, reply, language, { session, origin }) => {
        const d = DASHBOARD_TEXTS[language];
        if (replace && !confirmed(request)) {
          return show(request, reply, language, 400, d.notConfirmed);
        }
        const options = expiryOf(field(request, 'expires'));
        const created = replace
          ? await services.keys.replaceKey(session.accountId, options, origin)
          : await services.keys.createKey(session.accountId, options, origin);
        const body = [
          `<p><code class="secret">${escapeHtml(created.key)}</code></p>`,
          `<p class="notice" role="alert">${escapeHtml(d.newKeyOnce)}</p>`,
          `<p><a href="/dashboard?lang=${language}">${escapeHtml(d.backToDashboard)}</a></p>`,
        ].join('\n');
        return web.sendPage(reply, 200, { language, title: d.newKey, path: '/dashboard', body });
      }),
    );
  }
}
