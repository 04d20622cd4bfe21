import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportFileName } from '../../../src/ingest/format.js';

export type Files = Record<string, readonly unknown[] | string>;

const t = (iso: string) => iso;

/** A small, hand-written import folder covering every file of the format. */
export function sampleFiles(): Record<ImportFileName, unknown[]> {
  return {
    'competitions.ndjson': [
      {
        id: 1,
        code: 'E0',
        nameEn: 'Premier League',
        nameZhCn: '英格兰超级联赛',
        nameZhHk: '英格蘭超級聯賽',
        nameOriginal: 'E0',
        region: 'Europe',
        country: 'England',
      },
    ],
    'teams.ndjson': [
      { id: 10, nameOriginal: 'Man United', nameEn: 'Manchester United' },
      { id: 11, nameOriginal: 'Fulham', nameEn: 'Fulham', nameZhHk: '富咸', country: 'England' },
    ],
    'players.ndjson': [
      {
        id: 500,
        nameEn: 'Joshua Zirkzee',
        nameOriginal: 'Joshua Zirkzee',
        teamId: 10,
        position: 'Forward',
        nationality: 'Netherlands',
        birthDate: '2001-05-22',
      },
      { id: 501, nameEn: 'Alejandro Garnacho' },
    ],
    'bookmakers.ndjson': [
      { id: 1, name: 'Bet365', nameEn: 'Bet365', isAggregate: false },
      { id: 2, name: '澳*', nameEn: 'Macau', isAggregate: false },
      { id: 100, name: 'Max', nameEn: 'Market maximum', isAggregate: true },
    ],
    'matches.ndjson': [
      {
        id: 1000,
        competitionId: 1,
        homeTeamId: 10,
        awayTeamId: 11,
        status: 'finished',
        kickoffUtc: t('2024-08-16T19:00:00Z'),
        season: '2024-25',
        homeScore: 1,
        awayScore: 0,
        htHomeScore: 0,
        htAwayScore: 0,
        homeCorners: 7,
        awayCorners: 8,
        homeYellow: 2,
        homeRed: 0,
        awayYellow: 3,
        awayRed: 0,
      },
      {
        id: 1001,
        competitionId: 1,
        homeTeamId: 11,
        awayTeamId: 10,
        status: 'live',
        minute: '45+2',
        kickoffUtc: t('2025-01-04T15:00:00.000Z'),
        homeScore: null,
      },
    ],
    'events.ndjson': [
      {
        matchId: 1000,
        seq: 0,
        minute: 87,
        type: 'goal',
        side: 'home',
        player: 'J. Zirkzee',
        relatedPlayer: 'A. Garnacho',
        playerId: 500,
        relatedPlayerId: 501,
      },
      {
        matchId: 1000,
        seq: 1,
        minute: 90,
        extraMinute: 2,
        type: 'yellow',
        side: 'away',
        player: null,
      },
    ],
    'statistics.ndjson': [
      { matchId: 1000, type: 'shots', home: 14, away: 10, sort: 1 },
      { matchId: 1000, type: 'possession', home: 55.5, away: 44.5 },
    ],
    'lineups.ndjson': [
      {
        matchId: 1000,
        side: 'home',
        published: true,
        formation: '4-2-3-1',
        coach: 'E. ten Hag',
        players: [
          { name: 'A. Onana', shirtNumber: 24, position: 'GK', x: 5, y: 50, starter: true },
          { name: 'B. Fernandes', shirtNumber: 8, starter: true, captain: true, rating: 7.4 },
          {
            name: 'J. Zirkzee',
            shirtNumber: 11,
            starter: false,
            goals: 1,
            subInMinute: 61,
            playerId: 500,
          },
        ],
      },
      { matchId: 1000, side: 'away', published: false, players: [] },
    ],
    'odds.ndjson': [
      {
        matchId: 1000,
        bookmakerId: 1,
        market: 'had',
        open: { home: 1.6, draw: 4.2, away: 5.25 },
        close: { home: 1.67, draw: 4.1, away: 5, at: '2024-08-16T19:00:00Z' },
      },
      {
        matchId: 1000,
        bookmakerId: 1,
        market: 'hdp',
        open: { line: -1, home: 2.05, away: 1.88 },
        close: { line: -0.75, home: 1.86, away: 2.07 },
      },
      {
        matchId: 1000,
        bookmakerId: 100,
        market: 'hilo',
        open: { line: 2.5, over: 1.57, under: 2.6 },
        close: null,
      },
    ],
    'movements.ndjson': [
      {
        matchId: 1000,
        market: 'had',
        bookmakerId: 1,
        seq: 0,
        changedAt: '2024-08-14T10:00:00Z',
        home: 1.6,
        draw: 4.2,
        away: 5.25,
      },
      {
        matchId: 1000,
        market: 'had',
        bookmakerId: 1,
        seq: 1,
        changedAt: '2024-08-16T19:00:00Z',
        home: 1.67,
        draw: 4.1,
        away: 5,
      },
      {
        matchId: 1000,
        market: 'hdp',
        bookmakerId: 2,
        seq: 0,
        changedAt: '2024-08-16T19:30:00Z',
        line: -0.5,
        home: 1.9,
        away: 1.95,
        liveScore: '0-0',
        liveMinute: '30',
      },
    ],
    'exchange.ndjson': [
      {
        matchId: 1000,
        payload: '{"market":"1x2","runners":[1.62,4.3,5.4]}',
        receivedAt: '2024-08-16T18:55:00Z',
      },
      { matchId: 1001, payload: 'not json at all' },
    ],
    'regional.ndjson': [
      {
        matchId: 1000,
        operator: 'HKJC',
        reference: 'FRI 12',
        pools: [
          { pool: 'HAD', home: 1.62, draw: 3.9, away: 4.6 },
          { pool: 'HIL', line: 2.5, over: 1.7, under: 2.05, sellingStatus: 'closed' },
        ],
      },
      { matchId: 1001, operator: 'HKJC', pools: [] },
    ],
    'ai-reports.ndjson': [
      {
        matchId: 1000,
        kind: 'basic',
        language: 'en',
        published: true,
        text: 'United edge it.',
        publishedAt: '2024-08-16T12:00:00Z',
      },
      { matchId: 1000, kind: 'basic', language: 'zh-HK', published: true, text: '曼聯小勝。' },
    ],
    'tips.ndjson': [
      {
        matchId: 1000,
        seq: 0,
        betType: 'had',
        selection: 'home',
        placedAt: '2024-08-15T08:00:00Z',
      },
      {
        matchId: 1000,
        seq: 1,
        betType: 'hilo',
        line: 2.5,
        selection: 'over',
        placedAt: '2024-08-15T09:00:00Z',
      },
    ],
  };
}

export const MANIFEST = { format: 'touchline-import', version: 1, source: 'test' };

/** Writes a folder: arrays become NDJSON (one JSON per line); strings are written verbatim. */
export async function writeFolder(files: Files, manifest: unknown = MANIFEST): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'touchline-import-'));
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest));
  for (const [name, content] of Object.entries(files)) {
    const text =
      typeof content === 'string' ? content : content.map((r) => JSON.stringify(r)).join('\n');
    await writeFile(join(dir, name), `${text}\n`);
  }
  return dir;
}
