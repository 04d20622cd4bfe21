import { ODDS_MARKETS } from '../../../football/vocabulary.js';
import type { Movement, Odds } from '../../format-odds.js';
import { DAY_MS, HOUR_MS, iso, MINUTE_MS } from '../clock.js';
import { BOOKMAKERS, type BookmakerSpec } from '../data/bookmakers.js';
import { estimate } from '../strength.js';
import {
  bookView,
  dist,
  type OddsContext,
  type OddsOutput,
  type Opinion,
  opinions,
  seconds,
  type Timeline,
} from './book-view.js';
import type { Quote } from './odds-model.js';
import { movementRecords, type PathPoint, pricePath, series } from './odds-path.js';

export type { OddsContext, OddsOutput } from './book-view.js';

const TRACKED_BOOKMAKERS = 3;
/** Matches older than this are "archive": fewer bookmakers and tips (as in real data sources). */
export const ARCHIVE_AGE_MS = 3 * 365 * DAY_MS;

function timeline(c: OddsContext): Timeline {
  const { m, now, rng } = c;
  const last = m.status === 'scheduled' ? now : Math.min(m.kickoff, now);
  const closed = seconds(last - rng.int(2, 90) * MINUTE_MS);
  const opened = seconds(Math.min(m.kickoff - rng.between(3, 8) * DAY_MS, closed - 2 * HOUR_MS));
  return { opened, closed };
}

/** Fewer bookmakers price minor leagues, and the archive of old seasons is thinner. */
function coverage(c: OddsContext): BookmakerSpec[] {
  const minor = c.m.comp.id === 4;
  const thin = c.m.kickoff < c.now - ARCHIVE_AGE_MS ? 0.6 : 1;
  const covering = BOOKMAKERS.filter(
    (b) => (!minor || b.asianMinor) && c.rng.chance(b.coverage * thin),
  );
  return covering.length >= 3 ? covering : BOOKMAKERS.slice(0, 4);
}

// Object spread is needlessly slow on Node 20 in these hot paths; Object.assign is not.
function withTime(q: Quote, at: number): Quote & { at: string } {
  return Object.assign({}, q, { at: iso(at) });
}

/** Every covering bookmaker's opening and closing prices; full movement for a few of them. */
export function buildOdds(c: OddsContext): OddsOutput {
  const t = timeline(c);
  const openXg = estimate(c.xg, c.rng, 0.09);
  const closeXg = estimate(c.xg, c.rng, 0.04);
  const views = opinions(c.rng, openXg, closeXg);
  const books = coverage(c).map((spec, i) => bookView(c, spec, views[i % views.length] as Opinion));
  const tracked = new Set(c.rng.sample(books, TRACKED_BOOKMAKERS).map((b) => b.spec.id));
  const inPlayHad = c.m.status === 'live' || (c.m.status === 'finished' && c.rng.chance(0.4));
  const odds: Odds[] = [];
  const movements: Movement[] = [];
  const paths = new Map<number, PathPoint[]>();
  for (const market of ODDS_MARKETS) {
    if (market !== 'had' && c.rng.chance(0.05)) {
      continue;
    }
    for (const book of books) {
      let close: Quote & { at?: string } = withTime(book.close[market], t.closed);
      if (tracked.has(book.spec.id)) {
        const inPlay = c.m.status === 'live' || (market === 'had' && inPlayHad);
        let path = paths.get(book.spec.id);
        if (!path) {
          path = pricePath(c, t, book, c.m.status === 'live' || inPlayHad);
          paths.set(book.spec.id, path);
        }
        const rows = series(path, t, market, book, inPlay);
        const last = rows[rows.length - 1];
        if (last) {
          close = withTime(last.quote, last.at);
        }
        movements.push(...movementRecords(c.m.id, market, book.spec.id, rows));
      }
      const open = withTime(book.open[market], t.opened);
      odds.push({ matchId: c.m.id, bookmakerId: book.spec.id, market, open, close });
    }
  }
  return { odds, movements, consensus: dist(closeXg), opened: t.opened };
}
