import type { FastifyInstance } from 'fastify';
import { PROPAGATION_SECONDS } from '../accounts/plans.js';
import { backToDashboard, ownerPost, type ShowDashboard } from './dashboard-forms.js';
import { DASHBOARD_TEXTS, type DashboardTexts, withCount } from './dashboard-texts.js';
import type { WebPageDeps } from './deps.js';
import { field, input } from './forms.js';
import { escapeHtml } from './layout.js';

interface AllowlistPart {
  /** The held key's entries; null without a key (the list belongs to a key). */
  entries: string[] | null;
  limit: number;
}

function entryRow(entry: string, hidden: string, d: DashboardTexts): string {
  return [
    `<li><code>${escapeHtml(entry)}</code>`,
    '<form method="post" action="/dashboard/allowlist/remove" class="inline">',
    hidden,
    `<input type="hidden" name="entry" value="${escapeHtml(entry)}">`,
    `<button type="submit" class="plain">${escapeHtml(d.allowlistRemove)}</button>`,
    '</form></li>',
  ].join('');
}

/** The allowlist part: the entries, each with its remove button, and the add form. */
export function allowlistSection(d: DashboardTexts, part: AllowlistPart, hidden: string): string {
  const head = [
    `<h2>${escapeHtml(d.allowlist)}</h2>`,
    `<p class="hint">${escapeHtml(withCount(d.allowlistIntro, PROPAGATION_SECONDS))}</p>`,
  ];
  if (part.entries === null) {
    return [...head, `<p>${escapeHtml(d.allowlistNeedsKey)}</p>`].join('\n');
  }
  const list =
    part.entries.length === 0
      ? `<p>${escapeHtml(d.allowlistEmpty)}</p>`
      : `<ul class="entries">${part.entries.map((e) => entryRow(e, hidden, d)).join('')}</ul>`;
  const addForm =
    part.entries.length >= part.limit
      ? `<p class="hint">${escapeHtml(withCount(d.allowlistFull, part.limit))}</p>`
      : [
          '<form method="post" action="/dashboard/allowlist/add">',
          hidden,
          input('entry', d.allowlistEntry, { type: 'text', required: true, autocomplete: 'off' }),
          `<button type="submit">${escapeHtml(d.allowlistAdd)}</button>`,
          '</form>',
        ].join('\n');
  return [...head, list, addForm].join('\n');
}

/**
 * POST /dashboard/allowlist/add|remove: the allowlist service the CLI and admin API use (its
 * parser, the tier's limit, the change event every instance's key cache listens to), on the key
 * the session's account holds, with an audit record.
 */
export function allowlistRoutes(app: FastifyInstance, deps: WebPageDeps, show: ShowDashboard) {
  const { services } = deps;
  const heldKeyId = async (accountId: number) =>
    (await services.keys.listKeys(accountId)).find((k) => k.status !== 'revoked')?.id;

  for (const action of ['add', 'remove'] as const) {
    const path = `/dashboard/allowlist/${action}`;
    app.post(
      path,
      ownerPost(deps, path, show, async (request, reply, language, { session, origin }) => {
        const keyId = await heldKeyId(session.accountId);
        if (keyId === undefined) {
          return show(request, reply, language, 409, DASHBOARD_TEXTS[language].allowlistNeedsKey);
        }
        await services.allowlist[action](keyId, field(request, 'entry'), origin);
        return backToDashboard(reply, language, 'allowlist');
      }),
    );
  }
}
