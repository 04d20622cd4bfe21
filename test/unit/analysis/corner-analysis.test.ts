import { describe, expect, it } from 'vitest';
import {
  analyzeCornerTeam,
  buildCornerAnalysis,
  cornerBucket,
} from '../../../src/analysis/corner-analysis.js';
import type { CornerHistoryEntry } from '../../../src/analysis/corner-types.js';

const zero = { '0-15': 0, '16-30': 0, '31-45+': 0, '46-60': 0, '61-75': 0, '76-90+': 0 };

describe('cornerBucket', () => {
  it.each([
    [0, '0-15'],
    [15, '0-15'],
    [16, '16-30'],
    [30, '16-30'],
    [45, '31-45+'], // "45+2" is minute 45 with extra minutes
    [46, '46-60'],
    [75, '61-75'],
    [90, '76-90+'], // "90+3"
    [105, '76-90+'], // extra time
  ])('minute %i is %s', (minute, bucket) => {
    expect(cornerBucket(minute)).toBe(bucket);
  });
});

describe('analyzeCornerTeam', () => {
  // Latest first. The team: home in m2 and m1, away in m3 (minutes unknown, totals only).
  const m3: CornerHistoryEntry = { venue: 'away', corners: null };
  const m2: CornerHistoryEntry = {
    venue: 'home',
    corners: [
      { minute: 45, extraMinute: 2, side: 'home' },
      { minute: 12, side: 'away' },
      { minute: 90, extraMinute: 3, side: 'home' },
    ],
  };
  const m1: CornerHistoryEntry = { venue: 'home', corners: [{ minute: 50, side: 'home' }] };

  it('buckets corners for and against, first corners and per-match distributions', () => {
    const team = analyzeCornerTeam(5, [m3, m2, m1], 10);
    expect(team.home).toEqual({
      matches: 2,
      // m2's first corner is the away side's at 12' (events are ordered by time), m1's at 50'.
      firstCorners: { ...zero, '0-15': 1, '46-60': 1 },
      cornersFor: { ...zero, '31-45+': 1, '46-60': 1, '76-90+': 1 },
      cornersAgainst: { ...zero, '0-15': 1 },
      matchCornerDistributions: [
        { ...zero, '0-15': 1, '31-45+': 1, '76-90+': 1 },
        { ...zero, '46-60': 1 },
      ],
    });
  });

  it('a venue whose matches have no corner minutes is missing (null), not zero', () => {
    const team = analyzeCornerTeam(5, [m3, m2, m1], 10);
    expect(team.away).toEqual({
      matches: null,
      firstCorners: null,
      cornersFor: null,
      cornersAgainst: null,
      matchCornerDistributions: null,
    });
    // totalCorners: for and against over the sampled matches of both venues.
    expect(team.totalCorners).toEqual({ ...zero, '0-15': 1, '31-45+': 1, '46-60': 1, '76-90+': 1 });
  });

  it('no earlier match at a venue is a reported zero; no minutes anywhere is a null total', () => {
    const team = analyzeCornerTeam(5, [m3], 10);
    expect(team.home).toEqual({
      matches: 0,
      firstCorners: zero,
      cornersFor: zero,
      cornersAgainst: zero,
      matchCornerDistributions: [],
    });
    expect(team.away.matches).toBeNull();
    expect(team.totalCorners).toEqual(zero);
    expect(analyzeCornerTeam(5, [m3, m3], 10).totalCorners).toEqual(zero);
    const onlyMissing = analyzeCornerTeam(5, [m3, { venue: 'home', corners: null }], 10);
    expect(onlyMissing.totalCorners).toBeNull();
  });

  it('a match known to have had no corner counts as a sampled match with zeros', () => {
    const team = analyzeCornerTeam(5, [{ venue: 'home', corners: [] }], 10);
    expect(team.home).toMatchObject({
      matches: 1,
      firstCorners: zero,
      matchCornerDistributions: [zero],
    });
  });

  it('keeps the latest N matches with minutes per venue', () => {
    const team = analyzeCornerTeam(5, [m2, m1], 1);
    expect(team.home.matches).toBe(1);
    expect(team.home.cornersFor).toEqual({ ...zero, '31-45+': 1, '76-90+': 1 });
  });
});

it('buildCornerAnalysis lists the buckets and both teams', () => {
  const payload = buildCornerAnalysis({
    matchId: 9,
    sampleSize: 10,
    home: { teamId: 1, history: [] },
    away: { teamId: 2, history: [] },
  });
  expect(payload.buckets).toEqual(['0-15', '16-30', '31-45+', '46-60', '61-75', '76-90+']);
  expect(payload).toMatchObject({
    matchId: 9,
    sampleLimit: 10,
    home: { teamId: 1 },
    away: { teamId: 2 },
  });
});
