import { DAY_MS, HK_OFFSET_MS, HOUR_MS, MINUTE_MS } from '../clock.js';
import { COMPETITIONS } from '../data/competitions.js';
import { CLUB_FRIENDLIES } from '../data/competitions-friendly.js';
import { Rng } from '../random.js';
import type { Fixture } from './fixture.js';
import type { TeamInfo } from './teams.js';

const REGIONS = ['Asia', 'Europe'] as const;

/** Kick-offs of `home`'s league (its days' local times) that fall in the Hong Kong day. */
function kickoffsInDay(home: TeamInfo, dayStart: number): number[] {
  const out: number[] = [];
  const hkDate = dayStart + HK_OFFSET_MS;
  for (const shift of [-1, 0, 1]) {
    const localMidnight = hkDate + shift * DAY_MS;
    for (const time of home.league.kickoffs) {
      const [hh, mm] = time.split(':').map(Number);
      const t =
        localMidnight +
        (hh ?? 0) * HOUR_MS +
        (mm ?? 0) * MINUTE_MS -
        home.league.utcOffset * HOUR_MS;
      if (t >= dayStart && t < dayStart + DAY_MS) {
        out.push(t);
      }
    }
  }
  return out;
}

/**
 * Three to five club friendlies on the Hong Kong day starting at `dayStart`: each between clubs of
 * two leagues of one region, kicking off at one of the home league's usual times. Deterministic
 * under the seed; no club plays twice that day.
 */
export function friendliesOn(
  seed: number,
  teams: ReadonlyMap<number, readonly TeamInfo[]>,
  dayStart: number,
): Fixture[] {
  const rng = new Rng(seed, 'friendly', dayStart);
  const season = String(new Date(dayStart + HK_OFFSET_MS).getUTCFullYear());
  const used = new Set<number>();
  const out: Fixture[] = [];
  const count = rng.int(3, 5);
  for (let attempt = 0; out.length < count && attempt < count * 4; attempt++) {
    const region = rng.pick(REGIONS);
    const leagues = COMPETITIONS.filter((c) => c.kind === 'league' && c.region === region);
    const homeLeague = rng.pick(leagues);
    const awayLeague = rng.pick(leagues.filter((c) => c.id !== homeLeague.id));
    const home = rng.pick(teams.get(homeLeague.id) ?? []);
    const away = rng.pick(teams.get(awayLeague.id) ?? []);
    const kickoffs = kickoffsInDay(home, dayStart);
    if (used.has(home.id) || used.has(away.id) || kickoffs.length === 0) {
      continue;
    }
    used.add(home.id).add(away.id);
    out.push({
      comp: CLUB_FRIENDLIES,
      home,
      away,
      kickoff: rng.pick(kickoffs),
      season,
      round: 'Friendly',
      status: 'finished',
      clock: null,
    });
  }
  return out;
}
