import { DAY_MS, hkDayStart } from '../clock.js';
import { COMPETITIONS, type CompetitionSpec, CUP_FEEDERS } from '../data/competitions.js';
import { Rng } from '../random.js';
import { kickoffInWeek, roundOfWeek, roundRobin, WEEK_MS } from './calendar.js';
import type { Fixture } from './fixture.js';
import { friendliesOn } from './friendlies.js';
import type { TeamInfo } from './teams.js';

export type { Fixture };

const CUP_GROUPS: Readonly<Record<number, number>> = { 5: 4, 10: 8 };
const GROUP_ROUNDS = 6;

interface SeasonPlan {
  rounds: Array<Array<[TeamInfo, TeamInfo]>>;
  labels: string[][];
}

/** Fixture lists per competition season, built once per season from the seed. */
export class FixtureFactory {
  readonly #plans = new Map<string, SeasonPlan>();
  /** The last few weeks' league and cup fixtures: week() looks at its neighbours too. */
  readonly #recentWeeks = new Map<number, Fixture[]>();

  constructor(
    private readonly seed: number,
    private readonly teams: Map<number, TeamInfo[]>,
  ) {}

  /**
   * Every fixture of the round week starting at `weekStart`: its league and cup rounds, and
   * friendlies on each Hong Kong day the week owns (those starting inside it) that no league or
   * cup fixture of any week falls on.
   */
  week(weekStart: number): Fixture[] {
    const out = [...this.competitionWeek(weekStart)];
    const taken = new Set<number>();
    for (const w of [weekStart - WEEK_MS, weekStart, weekStart + WEEK_MS]) {
      for (const f of this.competitionWeek(w)) {
        taken.add(hkDayStart(f.kickoff));
      }
    }
    for (let day = hkDayStart(weekStart) + DAY_MS; day < weekStart + WEEK_MS; day += DAY_MS) {
      if (!taken.has(day)) {
        out.push(...friendliesOn(this.seed, this.teams, day));
      }
    }
    return out;
  }

  private competitionWeek(weekStart: number): Fixture[] {
    const cached = this.#recentWeeks.get(weekStart);
    if (cached) {
      return cached;
    }
    const out: Fixture[] = [];
    for (const comp of COMPETITIONS) {
      if (comp.kind === 'friendly') {
        continue;
      }
      const total = comp.kind === 'cup' ? GROUP_ROUNDS : this.leagueRounds(comp);
      const at = roundOfWeek(comp, weekStart, total);
      if (!at) {
        continue;
      }
      const plan = this.plan(comp, at.season);
      const rng = new Rng(this.seed, 'week', comp.id, weekStart);
      const pairs = plan.rounds[at.round] ?? [];
      pairs.forEach(([home, away], i) => {
        out.push({
          comp,
          home,
          away,
          kickoff: kickoffInWeek(comp, weekStart, rng),
          season: at.season,
          round: plan.labels[at.round]?.[i] ?? `Round ${at.round + 1}`,
          status: 'finished',
          clock: null,
        });
      });
    }
    this.#recentWeeks.set(weekStart, out);
    if (this.#recentWeeks.size > 4) {
      this.#recentWeeks.delete(this.#recentWeeks.keys().next().value as number);
    }
    return out;
  }

  private leagueRounds(comp: CompetitionSpec): number {
    const n = this.teams.get(comp.id)?.length ?? 0;
    return comp.robins * (n - 1);
  }

  private plan(comp: CompetitionSpec, season: string): SeasonPlan {
    const key = `${comp.id}|${season}`;
    let plan = this.#plans.get(key);
    if (!plan) {
      plan = comp.kind === 'cup' ? this.cupPlan(comp, season) : this.leaguePlan(comp, season);
      this.#plans.set(key, plan);
    }
    return plan;
  }

  private leaguePlan(comp: CompetitionSpec, season: string): SeasonPlan {
    const teams = new Rng(this.seed, 'order', comp.id, season).shuffle(
      this.teams.get(comp.id) ?? [],
    );
    const rounds = roundRobin(teams.length, comp.robins).map((pairs) =>
      pairs.map(([h, a]) => [teams[h], teams[a]] as [TeamInfo, TeamInfo]),
    );
    return { rounds, labels: rounds.map((pairs, r) => pairs.map(() => `Round ${r + 1}`)) };
  }

  /** Groups of four drawn from the strongest clubs of the feeder leagues (with some luck). */
  private cupPlan(comp: CompetitionSpec, season: string): SeasonPlan {
    const rng = new Rng(this.seed, 'cup', comp.id, season);
    const pool = (CUP_FEEDERS[comp.id] ?? []).flatMap((id) => this.teams.get(id) ?? []);
    const ranked = pool
      .map((team) => ({
        team,
        score: team.stars + team.league.leagueStrength * 3 + rng.normal(0, 1),
      }))
      .sort((a, b) => b.score - a.score);
    const groups = CUP_GROUPS[comp.id] ?? 4;
    const drawn = rng.shuffle(ranked.slice(0, groups * 4).map((r) => r.team));
    const schedule = roundRobin(4, 2);
    const rounds: Array<Array<[TeamInfo, TeamInfo]>> = [];
    const labels: string[][] = [];
    schedule.forEach((pairs, r) => {
      rounds[r] = [];
      labels[r] = [];
      for (let g = 0; g < groups; g++) {
        for (const [h, a] of pairs) {
          const home = drawn[g * 4 + h];
          const away = drawn[g * 4 + a];
          if (home && away) {
            rounds[r]?.push([home, away]);
            labels[r]?.push(`Group ${String.fromCharCode(65 + g)} - Matchday ${r + 1}`);
          }
        }
      }
    });
    return { rounds, labels };
  }
}
