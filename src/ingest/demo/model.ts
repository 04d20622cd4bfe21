import type { Side } from '../../football/vocabulary.js';
import type { Competition, EVENT_TYPES, MATCH_STATUSES, Match, MatchEvent } from '../format.js';
import type { AiReport, Regional, Tip } from '../format-odds.js';

export type MatchStatus = (typeof MATCH_STATUSES)[number];
export type EventType = (typeof EVENT_TYPES)[number];
export type SideName = Side;

/** The first match id; ids are dense from here in kick-off order. */
export const FIRST_MATCH_ID = 1_000_001;

// format.ts builds its enum-like fields from a mapped list, which TypeBox's Static types as
// `never`; these records restate those fields (the schemas themselves are unchanged).
export type MatchRecord = Omit<Match, 'status'> & { status: MatchStatus };
export type EventRecord = Omit<MatchEvent, 'type'> & { type: EventType };
export type CompetitionRecord = Omit<Competition, 'region'> & { region: 'Asia' | 'Europe' };
export type AiReportRecord = Omit<AiReport, 'kind'> & { kind: 'basic' | 'deep' };
export type TipRecord = Omit<Tip, 'selection'> & {
  selection: 'home' | 'draw' | 'away' | 'over' | 'under';
};
export type PoolCode = 'HAD' | 'HHAD' | 'HDC' | 'HIL' | 'CHL';
export type RegionalPoolRecord = Omit<Regional['pools'][number], 'pool' | 'sellingStatus'> & {
  pool: PoolCode;
  sellingStatus?: 'selling' | 'suspended' | 'closed';
};
export type RegionalRecord = Omit<Regional, 'pools'> & { pools: RegionalPoolRecord[] };
