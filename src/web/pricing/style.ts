import { createHash } from 'node:crypto';

/**
 * The price page's style, inlined in the page and allowed by its hash in the Content-Security-
 * Policy: one response, no request to any host, system fonts only. One column on a phone, one
 * card per tier side by side from about 50rem.
 */
export const PRICING_CSS = `:root { color-scheme: light dark;
  --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --bg: #fff; --card: #f6f8fa;
  --accent: #0969da; --accent-bg: #ddf4ff; --good: #1a7f37; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --line: #3d444d;
  --bg: #0d1117; --card: #161b22; --accent: #4493f8; --accent-bg: #121d2f; --good: #3fb950; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 64rem; padding: 0 1rem 2rem; color: var(--fg);
  background: var(--bg); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
a { color: var(--accent); }
.top { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between;
  gap: .5rem; padding: .75rem 0; border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; font-size: 1.1rem; }
.switch { display: flex; flex-wrap: wrap; gap: .25rem; margin: 0; padding: 0; list-style: none; }
.switch a { display: inline-block; padding: .3rem .7rem; border: 1px solid var(--line);
  border-radius: 999px; text-decoration: none; color: var(--fg); }
.switch a[aria-current] { background: var(--accent); border-color: var(--accent); color: #fff;
  font-weight: 600; }
h1 { font-size: 1.75rem; line-height: 1.2; margin: 1.5rem 0 .5rem; }
.lead { color: var(--muted); margin: 0 0 1rem; }
.periods { margin: 1rem 0 1.5rem; }
.tiers { display: grid; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); gap: 1rem;
  margin: 0; padding: 0; list-style: none; }
.tier { position: relative; display: flex; flex-direction: column; padding: 1.25rem;
  border: 1px solid var(--line); border-radius: .75rem; background: var(--card); }
.tier.recommended { border: 2px solid var(--accent); background: var(--accent-bg); }
.tier h2 { font-size: 1.3rem; margin: 0; }
.badge { position: absolute; top: -.8rem; right: 1rem; margin: 0; padding: .1rem .6rem;
  border-radius: 999px; background: var(--accent); color: #fff; font-size: .8rem; font-weight: 600; }
.price { margin: .5rem 0 0; }
.amount { font-size: 1.9rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.per { color: var(--muted); }
.promo, .equivalent, .saving, .other { margin: .25rem 0 0; font-size: .95rem; }
.promo s { color: var(--muted); }
.discount, .saving { color: var(--good); font-weight: 600; }
.other, .equivalent { color: var(--muted); }
.tier h3 { font-size: .85rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted);
  margin: 1rem 0 .25rem; }
.allowances { margin: 0; padding-left: 1.2rem; }
.allowances li { margin: .2rem 0; overflow-wrap: anywhere; }
.allowances .off { color: var(--muted); }
.notes { margin-top: 2rem; color: var(--muted); font-size: .9rem; }
.notes p { margin: .3rem 0; }
code { overflow-wrap: anywhere; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 30rem) { h1 { font-size: 1.45rem; } .amount { font-size: 1.6rem; } }
`;

/** The CSP source that allows exactly this inline style and nothing else. */
export const PRICING_CSS_SOURCE = `'sha256-${createHash('sha256').update(PRICING_CSS).digest('base64')}'`;
