import type { ScheduledMatch } from '../calendar/schedule.js';
import { iso } from '../clock.js';
import type { TipRecord } from '../model.js';
import type { Distributions } from '../poisson.js';
import type { Rng } from '../random.js';
import { hdpLine, hiloLine } from './odds-model.js';
import { ARCHIVE_AGE_MS } from './odds-records.js';

type Selection = TipRecord['selection'];

/** Most tips are on the main lines; neighbouring lines get a handful (often ten or fewer). */
function lineFor(main: number, rng: Rng): number {
  const r = rng.float();
  if (r < 0.78) {
    return main;
  }
  return main + (r < 0.95 ? rng.pick([-0.25, 0.25]) : rng.pick([-0.5, 0.5]));
}

/** Customers back favourites and overs a little more than the prices justify. */
function tip(
  d: Distributions,
  mainHdp: number,
  mainHilo: number,
  rng: Rng,
): Omit<TipRecord, 'matchId' | 'seq' | 'placedAt'> {
  const market = rng.weighted([0.35, 0.4, 0.25]);
  if (market === 0) {
    const i = rng.weighted([d.home * 1.1, d.draw * 0.8, d.away * 1.1]);
    return { betType: 'had', selection: (['home', 'draw', 'away'] as const)[i] ?? 'home' };
  }
  if (market === 1) {
    const fav: Selection = mainHdp <= 0 ? 'home' : 'away';
    const selection: Selection = rng.chance(0.56) ? fav : fav === 'home' ? 'away' : 'home';
    return { betType: 'hdp', line: lineFor(mainHdp, rng), selection };
  }
  return {
    betType: 'hilo',
    line: Math.max(0.5, lineFor(mainHilo, rng)),
    selection: rng.chance(0.6) ? 'over' : 'under',
  };
}

/** Raw customer tips placed between the odds opening and kick-off (or now). */
export function tipRecords(
  m: ScheduledMatch,
  d: Distributions,
  opened: number,
  now: number,
  rng: Rng,
): TipRecord[] {
  if (rng.chance(m.kickoff < now - ARCHIVE_AGE_MS ? 0.7 : 0.2)) {
    return [];
  }
  const count = Math.min(150, Math.round(Math.exp(rng.normal(3, 0.8))));
  const until = Math.min(m.kickoff, now);
  const mainHdp = hdpLine(d);
  const mainHilo = hiloLine(d);
  const times = Array.from(
    { length: count },
    () => Math.floor(rng.between(opened, until) / 1000) * 1000,
  ).sort((a, b) => a - b);
  return times.map((t, seq) =>
    Object.assign({ matchId: m.id, seq }, tip(d, mainHdp, mainHilo, rng), { placedAt: iso(t) }),
  );
}
