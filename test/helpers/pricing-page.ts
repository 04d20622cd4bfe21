/** Reading the server-rendered /pricing page in tests (no DOM here: its markup is ours). */

export interface TierCard {
  classes: string[];
  html: string;
  /** The card's text, tags removed, whitespace collapsed. */
  text: string;
}

export const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

/** The tier cards by tier name in lower case (`plus`), in page order. */
export function tierCards(html: string): Map<string, TierCard> {
  const cards = new Map<string, TierCard>();
  for (const m of html.matchAll(/<li class="(tier[^"]*)" id="tier-(\w+)"[\s\S]*?\n<\/li>/g)) {
    cards.set(m[2] ?? '', { classes: (m[1] ?? '').split(' '), html: m[0], text: textOf(m[0]) });
  }
  return cards;
}

export function card(html: string, tier: string): TierCard {
  const found = tierCards(html).get(tier);
  if (!found) {
    throw new Error(`no card for ${tier} in:\n${html}`);
  }
  return found;
}

/** Every URL an attribute of the page names (src, href, action, srcset). */
export const urlsOf = (html: string) =>
  [...html.matchAll(/\s(?:src|href|action|srcset|poster|data)="([^"]*)"/g)].map((m) => m[1] ?? '');
