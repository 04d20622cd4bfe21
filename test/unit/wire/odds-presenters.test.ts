import { describe, expect, it } from 'vitest';
import { chooseReportLanguage } from '../../../src/football/analysis/ai-report.js';
import { checkExchangePayload } from '../../../src/football/odds/exchange.js';
import { parseBookmakerRef } from '../../../src/football/odds/movement.js';
import { sortPools } from '../../../src/football/odds/regional.js';
import { envelopeText } from '../../../src/wire/envelope.js';
import { presentAiReport } from '../../../src/wire/presenters/analysis.js';
import { presentMovement, presentRegionalBoard } from '../../../src/wire/presenters/odds.js';

const bookmaker = { id: 1, name: '澳门*', nameEn: 'Macau', isAggregate: false };
const at = new Date('2026-11-20T10:00:00.000Z');
type Prices = Record<'line' | 'home' | 'draw' | 'away' | 'over' | 'under', number | null>;
const set = (p: Partial<Prices>): Prices => ({
  line: null,
  home: null,
  draw: null,
  away: null,
  over: null,
  under: null,
  ...p,
});

describe('presentMovement', () => {
  it('hilo changes carry line, over and under; live fields only in play', () => {
    const change = {
      ...set({ line: 2.5, over: 1.9, under: 1.9, home: 5 }),
      liveScore: null,
      liveMinute: null,
    };
    const live = { ...change, liveScore: '1-0', liveMinute: '67' };
    const out = presentMovement({
      matchId: 7,
      market: 'hilo',
      bookmaker,
      changes: [
        { ...change, changedAt: at },
        { ...live, changedAt: at },
      ],
    });
    expect(out.changes).toEqual([
      { changedAt: at.toISOString(), line: 2.5, over: 1.9, under: 1.9 },
      {
        changedAt: at.toISOString(),
        line: 2.5,
        over: 1.9,
        under: 1.9,
        liveScore: '1-0',
        liveMinute: '67',
      },
    ]);
  });
});

describe('presentRegionalBoard', () => {
  it('null stays null (board without odds); reference and null prices are omitted', () => {
    expect(presentRegionalBoard(null)).toBeNull();
    const board = presentRegionalBoard({
      matchId: 7,
      operator: 'HKJC',
      reference: null,
      updatedAt: at,
      pools: [
        {
          pool: 'HIL',
          line: 2.5,
          home: null,
          draw: null,
          away: null,
          over: 1.8,
          under: 1.9,
          sellingStatus: 'selling',
        },
      ],
    });
    expect(board).toEqual({
      matchId: 7,
      operator: 'HKJC',
      updatedAt: at.toISOString(),
      pools: [{ pool: 'HIL', line: 2.5, over: 1.8, under: 1.9, sellingStatus: 'selling' }],
    });
  });

  it('pools follow the operator order, unknown codes last', () => {
    const pools = ['CHL', 'XYZ', 'HAD', 'HIL', 'HDC', 'ABC', 'HHAD'].map((pool) => ({ pool }));
    expect(sortPools(pools).map((p) => p.pool)).toEqual([
      'HAD',
      'HHAD',
      'HDC',
      'HIL',
      'CHL',
      'ABC',
      'XYZ',
    ]);
  });
});

describe('movement path {bookmaker}', () => {
  it('all digits is an id, anything else the raw name', () => {
    expect(parseBookmakerRef('35')).toEqual({ id: 35 });
    expect(parseBookmakerRef('12Bet*')).toEqual({ name: '12Bet*' });
    expect(parseBookmakerRef('澳门*')).toEqual({ name: '澳门*' });
    expect(parseBookmakerRef('-1')).toEqual({ name: '-1' });
  });
});

describe('exchange payload', () => {
  it('valid JSON passes through untouched; anything else is 502 upstream_malformed', () => {
    const text = '{ "b": 1,\n "a": [1.50, 2] }';
    expect(checkExchangePayload(1, text)).toBe(text);
    expect(() => checkExchangePayload(1, '{"runners":[{"price":1.')).toThrow(
      expect.objectContaining({ code: 'upstream_malformed', status: 502 }),
    );
  });
});

describe('AI report language', () => {
  const all = new Set(['en', 'zh-CN', 'zh-HK'] as const);
  it('serves the requested language, else English, else another published one', () => {
    expect(chooseReportLanguage('zh-HK', all)).toBe('zh-HK');
    expect(chooseReportLanguage('zh-HK', new Set(['en', 'zh-CN'] as const))).toBe('en');
    expect(chooseReportLanguage('en', new Set(['zh-HK', 'zh-CN'] as const))).toBe('zh-CN');
    expect(chooseReportLanguage('en', new Set())).toBeNull();
  });

  it('presents publishedAt as ISO and omits it when null', () => {
    const report = { matchId: 1, kind: 'deep' as const, language: 'en' as const, text: 't' };
    expect(presentAiReport({ ...report, publishedAt: null })).toEqual(report);
    expect(presentAiReport({ ...report, publishedAt: at }).publishedAt).toBe(at.toISOString());
  });
});

describe('envelopeText', () => {
  it('splices stored JSON into the same bytes JSON.stringify({ data }) gives', () => {
    const doc = { matchId: 1, name: '傑志', rates: [66.67, null] };
    expect(envelopeText(JSON.stringify(doc))).toBe(JSON.stringify({ data: doc }));
  });
});
