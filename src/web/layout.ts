import type { Language } from '../i18n/language.js';
import { escapeHtml } from './html.js';

export { escapeHtml };

const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-HK': '繁體中文',
};

export interface PageFrame {
  language: Language;
  title: string;
  /** The page's own address and query, for the language links (their `lang` is replaced). */
  path: string;
  query?: Record<string, string>;
  /** Already-escaped HTML of the page's main part. */
  body: string;
  /** The body loads scripts from this origin (the dashboard's charts). */
  scripts?: boolean;
}

function languageLinks(frame: PageFrame): string {
  return (Object.keys(LANGUAGE_NAMES) as Language[])
    .map((language) => {
      const query = new URLSearchParams({ ...frame.query, lang: language });
      const current = language === frame.language ? ' aria-current="true"' : '';
      return `<a href="${escapeHtml(`${frame.path}?${query}`)}"${current}>${LANGUAGE_NAMES[language]}</a>`;
    })
    .join(' ');
}

/**
 * The frame every account page shares: no script, one stylesheet from this server, readable on a
 * phone (one column, system fonts). `lang` is the HTML language tag of the texts.
 */
export function renderPage(frame: PageFrame): string {
  return `<!doctype html>
<html lang="${frame.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(frame.title)} - touchline</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/web/site.css">
</head>
<body>
<header class="top"><a class="brand" href="/dashboard">touchline</a><nav>${languageLinks(frame)}</nav></header>
<main>
<h1>${escapeHtml(frame.title)}</h1>
${frame.body}
</main>
</body>
</html>
`;
}

/** The stylesheet of the account pages (and the price page's, when it shares the frame). */
export const SITE_CSS = `:root { color-scheme: light dark; --fg: #1b1f24; --muted: #57606a; --line: #d0d7de;
  --bg: #fff; --accent: #0969da; --bad: #cf222e; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --bg: #0d1117; --accent: #4493f8; --bad: #f85149; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 32rem; padding: 0 1rem 2rem; font: 16px/1.5 system-ui, sans-serif;
  color: var(--fg); background: var(--bg); }
.top { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline; gap: .5rem;
  padding: .75rem 0; border-bottom: 1px solid var(--line); }
.brand { font-weight: 700; color: var(--fg); text-decoration: none; }
nav a { color: var(--muted); font-size: .85rem; margin-left: .5rem; }
nav a[aria-current] { color: var(--fg); text-decoration: none; }
h1 { font-size: 1.4rem; margin: 1.25rem 0 .75rem; }
h2 { font-size: 1.05rem; margin: 1.25rem 0 .5rem; }
a { color: var(--accent); }
form { margin: .5rem 0 1rem; }
label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
input[type=email], input[type=password], input[type=text], input[type=date] { width: 100%; font: inherit; padding: .5rem; border: 1px solid var(--line);
  border-radius: 6px; background: var(--bg); color: var(--fg); }
button { font: inherit; margin-top: .75rem; padding: .5rem 1rem; border: 0; border-radius: 6px;
  background: var(--accent); color: #fff; cursor: pointer; }
button.plain { background: none; color: var(--accent); padding: 0; }
.hint { color: var(--muted); font-size: .875rem; margin: .25rem 0; }
.error { color: var(--bad); border-left: 3px solid var(--bad); padding-left: .5rem; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { color: var(--muted); }
dd { margin: 0; overflow-wrap: anywhere; }
code { font-size: .95em; }
label.check { font-weight: 400; }
form.inline { display: inline; margin: 0 0 0 .75rem; }
form.inline button { margin: 0; }
ul.entries { padding-left: 1.25rem; }
.notice { border-left: 3px solid var(--accent); padding-left: .5rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; font-size: .875rem; }
caption { text-align: left; color: var(--muted); margin-bottom: .25rem; }
th, td { text-align: right; padding: .15rem .5rem; border-bottom: 1px solid var(--line); }
th:first-child, td:first-child { text-align: left; }
.chart { width: 100%; margin: .5rem 0; }
details { margin: .25rem 0 .75rem; }
summary { cursor: pointer; color: var(--accent); }
code.secret { display: block; padding: .75rem; border: 1px solid var(--line); border-radius: 6px;
  overflow-wrap: anywhere; user-select: all; }
`;
