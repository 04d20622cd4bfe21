import type { EventType, Side } from '../../../../football/vocabulary.js';
import type { EventFact, MatchEventsFact } from '../../facts.js';
import type { MatchCounts } from './map-fixture.js';
import type { ProviderEvent, ProviderFixture } from './schemas.js';
import { playerKey, Squad } from './squad.js';

/** Documentation-v3 "Events": the details of Goal and Card (compared without case). */
const GOALS: ReadonlyMap<string, EventType> = new Map([
  ['normal goal', 'goal'],
  ['own goal', 'own_goal'],
  ['penalty', 'penalty'],
  ['missed penalty', 'missed_penalty'],
]);
const CARDS: ReadonlyMap<string, EventType> = new Map([
  ['yellow card', 'yellow'],
  ['red card', 'red'],
  ['second yellow card', 'second_yellow'],
]);

function eventType(event: ProviderEvent): EventType | undefined {
  const detail = event.detail.toLowerCase();
  switch (event.type.toLowerCase()) {
    case 'goal':
      return GOALS.get(detail);
    case 'card':
      return CARDS.get(detail);
    case 'subst':
      return 'substitution';
    case 'var':
      return 'var';
    default:
      return undefined;
  }
}

/** Shoot-out kicks are listed as penalties "Penalty Shootout" at 120+n; they are no goals. */
const isShootout = (event: ProviderEvent) => event.comments?.toLowerCase() === 'penalty shootout';

const nameOf = (p: { name: string | null }) => (p.name ? p.name : null);
/** Documentation-v3 "Events": `player.id` and `assist.id`, null when the provider has none. */
const idOf = (p: { id: number | null; name: string | null }) =>
  p.id !== null && p.name ? String(p.id) : null;

/** The event's `player` and `relatedPlayer`, by name and by the provider's id. */
const people = (player: ProviderEvent['player'], related: ProviderEvent['assist']) => ({
  player: nameOf(player),
  relatedPlayer: nameOf(related),
  playerSourceId: idOf(player),
  relatedPlayerSourceId: idOf(related),
});

class Sides {
  constructor(private readonly item: ProviderFixture) {}

  of(team: number): Side {
    return team === this.item.teams.home.id ? 'home' : 'away';
  }

  other(team: number): Side {
    return this.of(team) === 'home' ? 'away' : 'home';
  }
}

/**
 * The side an event counts for. An own goal counts for the other team than its scorer's: where
 * the team sheets list the scorer, that decides; elsewhere the listed team is taken as the one
 * credited, as API-Football lists own goals in live Premier League answers.
 */
function creditedSide(event: ProviderEvent, type: EventType, squad: Squad, sides: Sides): Side {
  if (type !== 'own_goal') {
    return sides.of(event.team.id);
  }
  const scorer = squad.find(event.player);
  return scorer ? sides.other(scorer.team) : sides.of(event.team.id);
}

/**
 * A substitution names two players without saying who came on. The team sheets decide where
 * they can (a starter left, a substitute came on); elsewhere `player` is the one leaving and
 * `assist` the one coming on, as in the provider's live answers.
 */
function substitution(event: ProviderEvent, squad: Squad) {
  const named = squad.find(event.player);
  const assist = squad.find(event.assist);
  const playerCameOn =
    named !== undefined && assist !== undefined && !named.starter && assist.starter;
  return playerCameOn ? people(event.player, event.assist) : people(event.assist, event.player);
}

const detailOf = (event: ProviderEvent) =>
  [event.detail, event.comments]
    .filter((part): part is string => Boolean(part))
    .join(' - ')
    .slice(0, 200) || null;

/**
 * The key of an event: what the provider says about it that other events do not change (its
 * kind, team, minute and player), numbered when the same key comes again. API-Football gives
 * events no ids.
 */
const baseKey = (event: ProviderEvent) => {
  const extra = event.time.extra ? `+${event.time.extra}` : '';
  const player = playerKey(event.player) || '-';
  return `${event.type.toLowerCase()}:${event.team.id}:${event.time.elapsed}${extra}:${player}`;
};

function eventFact(event: ProviderEvent, type: EventType, squad: Squad, sides: Sides) {
  const named =
    type === 'substitution' ? substitution(event, squad) : people(event.player, event.assist);
  return {
    minute: event.time.elapsed,
    extraMinute: event.time.extra ? event.time.extra : null,
    type,
    side: creditedSide(event, type, squad, sides),
    ...named,
    detail: detailOf(event),
  };
}

/**
 * The match's events, as the whole list (`complete`): a goal ruled out by VAR is taken off the
 * list by the provider, so it is deleted here too. Also the cards per side, counted from them.
 */
export function mapEvents(item: ProviderFixture): { facts: MatchEventsFact; counts: MatchCounts } {
  const squad = new Squad(item.lineups ?? []);
  const sides = new Sides(item);
  const seen = new Map<string, number>();
  const events: EventFact[] = [];
  for (const event of item.events ?? []) {
    const type = eventType(event);
    if (type === undefined || isShootout(event)) {
      continue;
    }
    const key = baseKey(event);
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    events.push({
      sourceId: n === 1 ? key : `${key}#${n}`,
      ...eventFact(event, type, squad, sides),
    });
  }
  const count = (side: Side, types: readonly EventType[]) =>
    events.filter((e) => e.side === side && types.includes(e.type)).length;
  return {
    facts: { match: String(item.fixture.id), complete: true, events },
    counts: {
      homeYellow: count('home', ['yellow']),
      awayYellow: count('away', ['yellow']),
      homeRed: count('home', ['red', 'second_yellow']),
      awayRed: count('away', ['red', 'second_yellow']),
    },
  };
}
