import type { Exchange } from '../../format-odds.js';
import type { ScheduledMatch } from '../calendar/schedule.js';
import { iso, MINUTE_MS } from '../clock.js';
import type { Distributions } from '../poisson.js';
import type { Rng } from '../random.js';

/** Betfair-style price ladder: [up to price, tick]. */
const LADDER: ReadonlyArray<[number, number]> = [
  [2, 0.01],
  [3, 0.02],
  [4, 0.05],
  [6, 0.1],
  [10, 0.2],
  [20, 0.5],
  [30, 1],
  [50, 2],
  [100, 5],
  [1000, 10],
];

function tickOf(price: number): number {
  return (LADDER.find(([upTo]) => price < upTo) ?? [1000, 10])[1];
}

function ladder(fair: number, steps: number, direction: 1 | -1): number[] {
  const out: number[] = [];
  let tick = tickOf(fair);
  let p = direction === -1 ? Math.floor(fair / tick) * tick : Math.ceil(fair / tick) * tick;
  for (let i = 0; i < steps; i++) {
    out.push(Math.round(Math.max(1.01, Math.min(1000, p)) * 100) / 100);
    tick = tickOf(p);
    p += direction * tick;
  }
  return out;
}

function runner(selectionId: number, name: string, p: number, matched: number, rng: Rng) {
  const fair = 1 / Math.max(0.002, Math.min(0.98, p));
  const size = () => Math.round(rng.between(20, 4000) * 100) / 100;
  const back = ladder(fair, 3, -1);
  const lay = ladder(fair, 3, 1).map((v, i) => (v === back[0] && i === 0 ? v + tickOf(v) : v));
  return {
    selectionId,
    runnerName: name,
    status: 'ACTIVE',
    lastPriceTraded: back[0] ?? fair,
    totalMatched: Math.round(matched * p * 100) / 100,
    ex: {
      availableToBack: back.map((price) => ({ price, size: size() })),
      availableToLay: lay.map((price) => ({ price: Math.round(price * 100) / 100, size: size() })),
    },
  };
}

/**
 * The exchange's match-odds market book as received; `malformed` cuts the text short, the way a
 * dropped connection would, so the API must answer 502 for it.
 */
export function exchangeRecord(
  m: ScheduledMatch,
  d: Distributions,
  now: number,
  rng: Rng,
  malformed: boolean,
): Exchange {
  const matched = Math.round(rng.between(5_000, 2_500_000) * 100) / 100;
  const closed = m.status !== 'scheduled' && m.status !== 'live';
  const receivedAt = closed ? m.kickoff + 115 * MINUTE_MS : now - rng.int(5, 600) * 1000;
  const book = {
    marketId: `1.${230_000_000 + m.id}`,
    marketName: 'Match Odds',
    eventName: `${m.home.en} v ${m.away.en}`,
    isMarketDataDelayed: false,
    status: closed ? 'CLOSED' : 'OPEN',
    inplay: m.status === 'live',
    totalMatched: matched,
    lastMatchTime: iso(receivedAt - rng.int(1, 90) * 1000),
    runners: [
      runner(m.home.id * 1000 + 7, m.home.en, d.home, matched, rng),
      runner(m.away.id * 1000 + 7, m.away.en, d.away, matched, rng),
      runner(58805, 'The Draw', d.draw, matched, rng),
    ],
  };
  const text = JSON.stringify(book);
  const payload = malformed ? text.slice(0, Math.floor(text.length * rng.between(0.3, 0.8))) : text;
  return { matchId: m.id, payload, receivedAt: iso(receivedAt) };
}
