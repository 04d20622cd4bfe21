import type { MatchStatus } from '../../../../football/vocabulary.js';

/**
 * API-Football's fixture statuses (documentation-v3, "Fixtures": "Available fixtures status"),
 * short code to touchline status. The list is the documented one: an answer with another code
 * breaks the documented shape and is refused by the schema.
 */
export const FIXTURE_STATUSES = {
  TBD: 'scheduled',
  NS: 'scheduled',
  '1H': 'live',
  HT: 'live',
  '2H': 'live',
  ET: 'live',
  BT: 'live',
  P: 'live',
  /* Interrupted "should resume in a few minutes": still in progress, so it stays polled. */
  INT: 'live',
  LIVE: 'live',
  /* Suspended "may be rescheduled another day". */
  SUSP: 'suspended',
  FT: 'finished',
  AET: 'finished',
  PEN: 'finished',
  /* Technical loss and walkover: not played, but the awarded result stands. */
  AWD: 'finished',
  WO: 'finished',
  PST: 'postponed',
  CANC: 'cancelled',
  ABD: 'abandoned',
} as const satisfies Record<string, MatchStatus>;

export type FixtureStatusCode = keyof typeof FIXTURE_STATUSES;
export const FIXTURE_STATUS_CODES = Object.keys(FIXTURE_STATUSES) as FixtureStatusCode[];

interface Clock {
  short: FixtureStatusCode;
  elapsed: number | null;
  extra?: number | null | undefined;
}

/**
 * The match clock as touchline writes it: "HT" at half-time, "45+2" in stoppage time (`extra`
 * is the time added to the half, documentation changelog 3.9.3), the elapsed minute otherwise;
 * null unless the match is live or when the provider gives no minute.
 */
export function minuteText(clock: Clock): string | null {
  if (FIXTURE_STATUSES[clock.short] !== 'live') {
    return null;
  }
  if (clock.short === 'HT') {
    return 'HT';
  }
  if (clock.elapsed === null) {
    return null;
  }
  return clock.extra ? `${clock.elapsed}+${clock.extra}` : String(clock.elapsed);
}
