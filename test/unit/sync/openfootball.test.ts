import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type PassScope,
  type ProviderHttp,
  SourceRefusal,
} from '../../../src/ingest/sync/adapter.js';
import type { MatchFact, SourceFacts } from '../../../src/ingest/sync/facts.js';
import { openfootballSource as source } from '../../../src/ingest/sync/sources/openfootball/index.js';
import { finalScore } from '../../../src/ingest/sync/sources/openfootball/map-match.js';
import { OPENFOOTBALL_DIR } from '../../helpers/real-data.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/openfootball');
const at = (...parts: string[]) => resolve(FIXTURES, ...parts);

const noHttp: ProviderHttp = {
  get: () => Promise.reject(new Error('a file source made a request')),
};

function pass(paths: string[], scope: Partial<PassScope> = {}): Promise<SourceFacts> {
  return source.pass(
    { kind: 'full', now: new Date('2025-09-01T00:00:00Z'), live: [], paths, ...scope },
    noHttp,
  );
}

function match(facts: SourceFacts, id: string): MatchFact {
  const found = facts.matches?.find((m) => m.sourceId === id);
  expect(found, id).toBeDefined();
  return found as MatchFact;
}

const EN = 'en.1|2025-26';
const MCI_CRY = `${EN}|Matchday 2|Manchester City FC|Crystal Palace FC`;
const MUN_ARS = `${EN}|Matchday 1|Manchester United FC|Arsenal FC`;

describe('openfootball on synthetic files', () => {
  it('is a file source of fixtures without environment or budget', () => {
    expect(source).toMatchObject({ environment: null, defaultBudget: null, role: 'fixtures' });
  });

  it('maps results, unplayed fixtures and a postponed match', async () => {
    const facts = await pass([at('v1')]);
    expect(match(facts, `${EN}|Matchday 1|Liverpool FC|AFC Bournemouth`)).toEqual({
      sourceId: `${EN}|Matchday 1|Liverpool FC|AFC Bournemouth`,
      competition: 'en.1',
      home: 'Liverpool FC',
      away: 'AFC Bournemouth',
      status: 'finished',
      minute: null,
      // 20:00 in London, summer time.
      kickoffUtc: '2025-08-15T19:00:00.000Z',
      season: '2025-26',
      round: 'Matchday 1',
      homeScore: 3,
      awayScore: 1,
      htHomeScore: 2,
      htAwayScore: 0,
      etHomeScore: null,
      etAwayScore: null,
      penHomeScore: null,
      penAwayScore: null,
      decidedBy: null,
    });
    expect(match(facts, `${EN}|Matchday 1|Aston Villa FC|Newcastle United FC`)).toMatchObject({
      status: 'finished',
      homeScore: 1,
      htHomeScore: null,
    });
    expect(match(facts, MUN_ARS)).toMatchObject({ status: 'scheduled', homeScore: null });
    // No time yet: noon local time on the date given.
    expect(match(facts, `${EN}|Matchday 2|Chelsea FC|Fulham FC`)).toMatchObject({
      status: 'scheduled',
      kickoffUtc: '2025-08-23T11:00:00.000Z',
    });
    expect(match(facts, MCI_CRY)).toMatchObject({
      status: 'postponed',
      kickoffUtc: '2025-08-24T11:00:00.000Z',
    });
    // December: London is on UTC.
    expect(match(facts, `${EN}|Matchday 3|Everton FC|Brentford FC`).kickoffUtc).toBe(
      '2025-12-06T15:00:00.000Z',
    );
    expect(facts.competitions).toEqual([
      {
        sourceId: 'en.1',
        name: 'English Premier League',
        code: 'en.1',
        country: 'England',
        region: 'Europe',
        type: 'league',
      },
    ]);
    expect(facts.teams?.[0]).toEqual({
      sourceId: 'Liverpool FC',
      name: 'Liverpool FC',
      country: 'England',
      competition: 'en.1',
    });
  });

  it('keeps the source id of a postponed match re-dated in the next version of the file', async () => {
    const before = await pass([at('v1')]);
    const after = await pass([at('v2')]);
    expect(match(after, MCI_CRY)).toMatchObject({
      status: 'scheduled',
      kickoffUtc: '2025-11-04T19:45:00.000Z',
    });
    expect(match(after, MUN_ARS)).toMatchObject({ status: 'finished', homeScore: 0, awayScore: 2 });
    expect(after.matches?.map((m) => m.sourceId)).toEqual(before.matches?.map((m) => m.sourceId));
  });

  it('reads cup files: country suffix cut, Central European time, extra time', async () => {
    const facts = await pass([at('2024-25')]);
    const cl = 'uefa.cl|2024-25';
    // 21:00 CEST: Arsenal's home match kicked off at 20:00 in London.
    expect(
      match(facts, `${cl}|League, Matchday 1|Arsenal FC|Paris Saint-Germain FC`).kickoffUtc,
    ).toBe('2024-10-01T19:00:00.000Z');
    // Lost on penalties after a goalless extra time: the score is the one after extra time.
    expect(
      match(facts, `${cl}|Finals, Round of 16|Liverpool FC|Paris Saint-Germain FC`),
    ).toMatchObject({
      status: 'finished',
      homeScore: 0,
      awayScore: 1,
      htHomeScore: 0,
      htAwayScore: 1,
      kickoffUtc: '2025-03-11T20:00:00.000Z',
    });
    expect(
      match(facts, `${cl}|Finals, Quarterfinals|FC Bayern München|FC Internazionale Milano`),
    ).toMatchObject({ homeScore: 2, awayScore: 1 });
    expect(
      match(facts, `${cl}|Finals, Final|Paris Saint-Germain FC|FC Internazionale Milano`).status,
    ).toBe('scheduled');
    expect(facts.teams?.find((t) => t.sourceId === 'Liverpool FC')).toEqual({
      sourceId: 'Liverpool FC',
      name: 'Liverpool FC',
      aliases: ['Liverpool FC (ENG)'],
      country: 'England',
      competition: 'uefa.cl',
    });
    expect(facts.competitions?.[0]).toEqual({
      sourceId: 'uefa.cl',
      name: 'UEFA Champions League',
      code: 'uefa.cl',
      country: null,
      region: 'Europe',
      type: 'cup',
    });
  });

  it('tells the score after play from the shoot-out', () => {
    expect(finalScore({ ht: [0, 1], ft: [0, 1], et: [0, 1], p: [1, 4] })).toEqual([0, 1]);
    expect(finalScore({ ft: [1, 1], et: [2, 1] })).toEqual([2, 1]);
    expect(finalScore({ ft: [3, 1] })).toEqual([3, 1]);
    expect(finalScore({})).toBeNull();
  });

  it('reads calendar-year leagues in their own zone, the country out of the name', async () => {
    const facts = await pass([at('2025')]);
    expect(facts.matches?.map((m) => [m.sourceId, m.status, m.kickoffUtc])).toEqual([
      ['jp.1|2025|Matchday 1|Gamba Osaka|Cerezo Osaka', 'finished', '2025-02-14T10:00:00.000Z'],
      [
        'jp.1|2025|Matchday 20|Urawa Red Diamonds|Tokyo Verdy',
        'scheduled',
        '2025-07-05T03:00:00.000Z',
      ],
    ]);
    expect(facts.competitions).toEqual([
      {
        sourceId: 'jp.1',
        name: 'J1 League',
        code: 'jp.1',
        country: 'Japan',
        region: 'Asia',
        type: 'league',
        aliases: ['Japan | J1 League'],
      },
    ]);
  });

  it('keeps what the scope asks for', async () => {
    const paths = [at('v1'), at('2025')];
    const ids = async (scope: Partial<PassScope>) =>
      (await pass(paths, scope)).matches?.map((m) => m.sourceId);
    expect(await ids({ competitions: ['jp.1'] })).toHaveLength(2);
    expect(await ids({ season: 2025, from: '2025-08-16', to: '2025-08-23' })).toEqual([
      `${EN}|Matchday 1|Aston Villa FC|Newcastle United FC`,
      MUN_ARS,
      `${EN}|Matchday 2|Chelsea FC|Fulham FC`,
    ]);
    expect(await ids({ kind: 'live', live: [MUN_ARS] })).toEqual([MUN_ARS]);
  });

  it('refuses a file off the documented shape, an unknown status, a league without a zone', async () => {
    const refusal = (folder: string): Promise<SourceRefusal> =>
      pass([at(folder)]).then(
        () => Promise.reject(new Error(`${folder} was not refused`)),
        (e: unknown) => e as SourceRefusal,
      );
    const status = await refusal('broken-status');
    expect(status).toBeInstanceOf(SourceRefusal);
    expect(status).toMatchObject({
      source: 'openfootball',
      resource: 'matches',
      address: at('broken-status', '2025-26', 'en.1.json'),
      reason: 'unknown match status "delayed"',
    });
    expect((await refusal('broken-shape')).reason).toMatch(/^\/matches\/0\/score\/ft/);
    expect((await refusal('unknown-zone')).reason).toBe(
      'no time zone known for the league code "br.1"',
    );
  });
});

describe.skipIf(!OPENFOOTBALL_DIR)('openfootball on the real files', () => {
  it('reads every file: results, unplayed fixtures, the two postponed matches', async () => {
    const facts = await pass([OPENFOOTBALL_DIR ?? '']);
    const matches = facts.matches ?? [];
    expect(matches).toHaveLength(380 + 380 + 189 + 380 + 380 + 240);
    expect(new Set(matches.map((m) => m.sourceId)).size).toBe(matches.length);
    const count = (competition: string, season: string, status: string) =>
      matches.filter(
        (m) => m.competition === competition && m.season === season && m.status === status,
      ).length;
    expect(count('es.1', '2024-25', 'scheduled')).toBe(10);
    expect(count('uefa.cl', '2024-25', 'scheduled')).toBe(1);
    expect(count('en.1', '2025-26', 'finished')).toBe(291);
    expect(count('jp.1', '2025', 'finished')).toBe(136);
    expect(count('cn.1', '2025', 'finished')).toBe(79);
    expect(matches.filter((m) => m.status === 'postponed').map((m) => m.sourceId)).toEqual([
      'en.1|2025-26|Matchday 31|Manchester City FC|Crystal Palace FC',
      'cn.1|2025|Matchday 6|Beijing Guoan|Qingdao West Coast',
    ]);
  });

  it('gives the kick-offs football-data.co.uk gives, in UTC', async () => {
    const facts = await pass([OPENFOOTBALL_DIR ?? '']);
    const kickoff = (id: string) => facts.matches?.find((m) => m.sourceId === id)?.kickoffUtc;
    expect(kickoff('en.1|2024-25|Matchday 1|Manchester United FC|Fulham FC')).toBe(
      '2024-08-16T19:00:00.000Z',
    );
    // UD Las Palmas v Real Madrid CF: 21:30 Madrid time, 20:30 on the islands and in London.
    expect(kickoff('es.1|2024-25|Matchday 3|UD Las Palmas|Real Madrid CF')).toBe(
      '2024-08-29T19:30:00.000Z',
    );
    expect(kickoff('uefa.cl|2024-25|League, Matchday 2|Arsenal FC|Paris Saint-Germain FC')).toBe(
      '2024-10-01T19:00:00.000Z',
    );
  });
});
