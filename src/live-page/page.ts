/**
 * The page and its style. No inline script or style (the CSP allows neither), no external
 * address of any kind: every URL below is this server's own, or `data:`.
 */
export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Live scores - touchline</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/live/app.css">
<script type="module" src="/live/app.js"></script>
</head>
<body>
<header class="top">
  <h1>Live scores</h1>
  <p id="connection" class="connection" data-state="idle" role="status">
    <span class="dot" aria-hidden="true"></span> <span class="text">Not connected</span>
  </p>
</header>
<main>
  <form id="key-form" class="key-form" method="post" hidden>
    <label for="key">API key</label>
    <div class="key-row">
      <input id="key" type="password" autocomplete="off" spellcheck="false" required
        placeholder="svc_live_...">
      <button type="submit">Show today's matches</button>
    </div>
    <p class="hint">Kept in this browser tab only and sent in the Authorization header. Each
      load costs the key one query and one subscription (one of its concurrent streams).</p>
  </form>
  <div id="session" class="session" hidden>
    <p>Today's matches, Hong Kong time. <button id="forget" type="button">Forget key</button></p>
  </div>
  <div id="board" class="board"></div>
  <noscript><p>This page needs JavaScript.</p></noscript>
</main>
</body>
</html>
`;

export const PAGE_CSS = `:root {
  color-scheme: light dark;
  --fg: #1b1f24; --muted: #57606a; --line: #d0d7de; --bg: #fff; --live: #1a7f37;
  --wait: #9a6700; --stop: #cf222e; --flash: #fff8c5;
}
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --bg: #0d1117; --live: #3fb950;
    --wait: #d29922; --stop: #f85149; --flash: #3b2e00; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 48rem; padding: 0 .75rem 2rem; font: 16px/1.4 system-ui, sans-serif;
  color: var(--fg); background: var(--bg); }
.top { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: .5rem; }
h1 { font-size: 1.4rem; margin: 1rem 0 .5rem; }
h2 { font-size: 1rem; margin: 1.25rem 0 .25rem; }
.connection { margin: 0; color: var(--muted); font-size: .9rem; }
.dot { display: inline-block; width: .6rem; height: .6rem; border-radius: 50%; background: var(--line); }
[data-state="live"] .dot { background: var(--live); }
[data-state="connecting"] .dot, [data-state="waiting"] .dot { background: var(--wait); }
[data-state="stopped"] .dot { background: var(--stop); }
.key-form label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
.key-row { display: flex; flex-wrap: wrap; gap: .5rem; }
.key-row input { flex: 1 1 14rem; font: inherit; padding: .4rem .5rem; }
button { font: inherit; padding: .35rem .7rem; }
.hint, .session { color: var(--muted); font-size: .9rem; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
th { font-size: .75rem; font-weight: 600; color: var(--muted); text-align: left; padding: .2rem .3rem;
  border-bottom: 1px solid var(--line); }
td { padding: .35rem .3rem; border-bottom: 1px solid var(--line); vertical-align: middle; }
.clock { width: 3.6rem; color: var(--muted); font-variant-numeric: tabular-nums; }
.score { width: 3.6rem; text-align: center; font-weight: 700; font-variant-numeric: tabular-nums; }
th.home, td.home { text-align: right; }
.side { display: flex; align-items: center; gap: .4rem; }
td.home .side { justify-content: flex-end; }
.side span { min-width: 0; overflow-wrap: break-word; hyphens: auto; }
.side img { flex: none; width: 1.5rem; height: 1.5rem; }
tr.live .clock { color: var(--live); font-weight: 700; }
.score.changed { animation: flash 2s ease-out; }
@keyframes flash { from { background: var(--flash); } to { background: transparent; } }
.events-row td { padding-top: 0; }
.events { list-style: none; margin: 0; padding: 0 0 0 3.6rem; font-size: .85rem; color: var(--muted); }
.event-clock { font-variant-numeric: tabular-nums; }
.mark { display: inline-block; width: .55rem; height: .75rem; margin-right: .35rem; border-radius: 2px;
  vertical-align: -1px; background: var(--live); }
.goal .mark, .penalty .mark, .own_goal .mark { border-radius: 50%; width: .7rem; height: .7rem; }
.own_goal .mark { background: var(--muted); }
.yellow .mark { background: #e3b341; }
.red .mark, .second_yellow .mark { background: var(--stop); }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  white-space: nowrap; }
.empty { color: var(--muted); }
@media (max-width: 30rem) {
  body { font-size: 15px; }
  .side { gap: .25rem; }
  .clock, .score { width: 3rem; }
  td, th { padding-left: .15rem; padding-right: .15rem; }
  .events { padding-left: 0; }
}
`;
