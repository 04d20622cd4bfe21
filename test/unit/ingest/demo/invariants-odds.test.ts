import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, groupBy, type LoadedFolder, type Row, removeFolder } from './demo-folder.js';

const PRICES = ['home', 'draw', 'away', 'over', 'under'];
const AGGREGATES = new Set([9001, 9002]);

function overround(set: Row): number {
  return PRICES.filter((k) => typeof set[k] === 'number').reduce(
    (s, k) => s + 1 / Number(set[k]),
    0,
  );
}

function sameQuote(a: Row, b: Row): boolean {
  return ['line', ...PRICES].every((k) => (a[k] ?? null) === (b[k] ?? null));
}

describe('demo odds, movements, exchange, board, reports, tips', () => {
  let f: LoadedFolder | undefined;
  let odds: Row[] = [];

  beforeAll(async () => {
    f = await generate(200, 42);
    odds = f.files['odds.ndjson'];
  });
  afterAll(() => removeFolder(f));

  it('has non-Latin and starred bookmaker names, and the Min/Max aggregate rows', () => {
    const books = f?.files['bookmakers.ndjson'] ?? [];
    expect(books.some((b) => /[^\u0020-\u007e]/.test(String(b['name'])))).toBe(true);
    expect(books.some((b) => String(b['name']).includes('*'))).toBe(true);
    for (const name of ['Min', 'Max']) {
      expect(books.find((b) => b['name'] === name)?.['isAggregate']).toBe(true);
    }
    expect(books.filter((b) => b['isAggregate'] === false).length).toBeGreaterThanOrEqual(8);
  });

  it('prices real bookmakers with a 3-8% margin, in quarter lines', () => {
    const real = odds.filter((o) => !AGGREGATES.has(Number(o['bookmakerId'])));
    expect(real.length).toBeGreaterThan(1000);
    for (const o of real) {
      for (const set of [o['open'], o['close']] as Row[]) {
        const r = overround(set);
        expect(r, JSON.stringify(o)).toBeGreaterThanOrEqual(1.03);
        expect(r, JSON.stringify(o)).toBeLessThanOrEqual(1.08);
      }
    }
    const lines = [
      ...odds.flatMap((o) => [(o['open'] as Row)?.['line'], (o['close'] as Row)?.['line']]),
      ...(f?.files['movements.ndjson'] ?? []).map((m) => m['line']),
      ...(f?.files['tips.ndjson'] ?? []).map((t) => t['line']),
    ].filter((l): l is number => typeof l === 'number');
    expect(lines.every((l) => Number.isInteger(l * 4))).toBe(true);
    expect(lines.some((l) => !Number.isInteger(l * 2))).toBe(true);
  });

  it('agrees with the hidden strength model: the 1X2 favourite gives the handicap', () => {
    const byMatchBook = groupBy(odds, (o) => `${o.matchId}|${o['bookmakerId']}`);
    let agree = 0;
    let total = 0;
    for (const rows of byMatchBook.values()) {
      const had = rows.find((r) => r['market'] === 'had')?.['close'] as Row | undefined;
      const hdp = rows.find((r) => r['market'] === 'hdp')?.['close'] as Row | undefined;
      if (had && hdp && Math.abs(Number(had['home']) - Number(had['away'])) > 0.5) {
        total++;
        const homeFavourite = Number(had['home']) < Number(had['away']);
        agree += (homeFavourite ? Number(hdp['line']) <= 0 : Number(hdp['line']) >= 0) ? 1 : 0;
      }
    }
    expect(agree / total).toBeGreaterThan(0.97);
  });

  it('derives Min/Max from the real bookmakers at the common line', () => {
    for (const rows of groupBy(odds, (o) => `${o.matchId}|${o['market']}`).values()) {
      const real = rows.filter((o) => !AGGREGATES.has(Number(o['bookmakerId'])));
      const min = rows.find((o) => o['bookmakerId'] === 9001)?.['close'] as Row;
      const max = rows.find((o) => o['bookmakerId'] === 9002)?.['close'] as Row;
      const same = real
        .map((o) => o['close'] as Row)
        .filter((s) => (s['line'] ?? null) === (min['line'] ?? null));
      expect(same.length).toBeGreaterThan(0);
      for (const k of PRICES.filter((p) => typeof min[p] === 'number')) {
        expect(min[k]).toBe(Math.min(...same.map((s) => Number(s[k]))));
        expect(max[k]).toBe(Math.max(...same.map((s) => Number(s[k]))));
      }
    }
  });

  it('movement starts at the opening odds and ends exactly at the closing odds', () => {
    const moves = f?.files['movements.ndjson'] ?? [];
    const byKey = groupBy(odds, (o) => `${o.matchId}|${o['market']}|${o['bookmakerId']}`);
    const series = groupBy(moves, (m) => `${m.matchId}|${m['market']}|${m['bookmakerId']}`);
    expect(series.size).toBeGreaterThan(500);
    for (const [key, rows] of series) {
      rows.sort((a, b) => Number(a['seq']) - Number(b['seq']));
      const o = byKey.get(key)?.[0] as Row;
      const first = rows[0] as Row;
      const last = rows[rows.length - 1] as Row;
      expect(sameQuote(first, o['open'] as Row), String(key)).toBe(true);
      expect(sameQuote(last, o['close'] as Row), String(key)).toBe(true);
      expect((o['close'] as Row)['at']).toBe(last['changedAt']);
      const times = rows.map((r) => String(r['changedAt']));
      expect([...times].sort()).toEqual(times);
      for (const r of rows) {
        const margin = overround(r);
        expect(margin).toBeGreaterThanOrEqual(1.03);
        expect(margin).toBeLessThanOrEqual(1.08);
      }
    }
    const perMatch = moves.length / new Set(odds.map((o) => o.matchId)).size;
    expect(perMatch).toBeGreaterThanOrEqual(20);
    expect(perMatch).toBeLessThanOrEqual(40);
    const inPlay = moves.filter((m) => m['liveMinute'] !== undefined);
    expect(inPlay.length).toBeGreaterThan(0);
    expect(inPlay.every((m) => /^\d+-\d+$/.test(String(m['liveScore'])))).toBe(true);
  });

  it('stores exchange payloads, a few of them malformed', () => {
    const parses = (text: string) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    const payloads = (f?.files['exchange.ndjson'] ?? []).map((e) => String(e['payload']));
    const bad = payloads.filter((p) => !parses(p));
    expect(bad.length).toBeGreaterThan(0);
    expect(bad.length).toBeLessThan(payloads.length / 5);
    const book = JSON.parse(payloads.find(parses) ?? '{}') as { runners?: Array<{ ex: unknown }> };
    expect(book.runners).toHaveLength(3);
  });

  it('has regional boards with pools, without odds yet, and matches without a board', () => {
    const boards = f?.files['regional.ndjson'] ?? [];
    expect(boards.some((b) => (b['pools'] as Row[]).length === 0)).toBe(true);
    expect(boards.some((b) => (b['pools'] as Row[]).length >= 4)).toBe(true);
    expect(boards.length).toBeLessThan(200);
    expect(
      boards.every(
        (b) => b['operator'] === 'HKJC' && /^[A-Z]{3} \d+$/.test(String(b['reference'])),
      ),
    ).toBe(true);
  });

  it('has AI reports in three languages and scripts, some unpublished, some languages missing', () => {
    const reports = f?.files['ai-reports.ndjson'] ?? [];
    const teams = new Map((f?.files['teams.ndjson'] ?? []).map((t) => [t['id'], t]));
    const matches = new Map((f?.files['matches.ndjson'] ?? []).map((m) => [m['id'], m]));
    for (const r of reports) {
      const home = teams.get(matches.get(r.matchId)?.['homeTeamId']) as Row;
      const field =
        { en: 'nameEn', 'zh-CN': 'nameZhCn', 'zh-HK': 'nameZhHk' }[String(r['language'])] ??
        'nameEn';
      expect(String(r['text'])).toContain(String(home[field]));
    }
    expect(
      reports.some((r) => r['language'] === 'zh-CN' && /[\u4e00-\u9fff]/.test(String(r['text']))),
    ).toBe(true);
    expect(
      reports.some((r) => r['language'] === 'zh-HK' && String(r['text']).includes('賠率')),
    ).toBe(true);
    expect(reports.some((r) => r['published'] === false)).toBe(true);
    const languages = groupBy(reports, (r) => `${r.matchId}|${r['kind']}`);
    expect([...languages.values()].some((rows) => rows.length < 3)).toBe(true);
  });

  it('has tip samples above and at most ten per bet type and line, and matches without tips', () => {
    const tips = f?.files['tips.ndjson'] ?? [];
    const samples = [
      ...groupBy(tips, (t) => `${t.matchId}|${t['betType']}|${t['line'] ?? ''}`).values(),
    ];
    expect(samples.some((s) => s.length <= 10)).toBe(true);
    expect(samples.some((s) => s.length > 10)).toBe(true);
    const withTips = new Set(tips.map((t) => t.matchId));
    expect(withTips.size).toBeLessThan(200);
    expect(tips.every((t) => (t['betType'] === 'had') === (t['line'] === undefined))).toBe(true);
  });
});
