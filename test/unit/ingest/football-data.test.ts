import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Match, Odds, Statistic, Team } from '../../../src/ingest/format.js';
import { convertFootballData } from '../../../src/ingest/sources/football-data.js';
import { ukLocalToUtc } from '../../../src/ingest/sources/uk-time.js';
import {
  HAS_REAL_DATA,
  num,
  REAL_DATA_DIR,
  spotChecks,
} from '../../integration/ingest/real-data.js';

async function readNdjson<T>(dir: string, file: string): Promise<T[]> {
  const text = await readFile(join(dir, file), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as T);
}

describe.skipIf(!HAS_REAL_DATA)('convertFootballData on the spot-check rows', () => {
  it('converts every spot-check row as published', async () => {
    const checks = spotChecks();
    const files = [...new Set(checks.map((c) => c.file))].map((f) => resolve(REAL_DATA_DIR, f));
    const out = await mkdtemp(join(tmpdir(), 'fd-'));
    await convertFootballData(files, out);
    const teams = new Map(
      (await readNdjson<Team>(out, 'teams.ndjson')).map((t) => [t.id, t.nameOriginal]),
    );
    const matches = await readNdjson<Match>(out, 'matches.ndjson');
    const odds = await readNdjson<Odds>(out, 'odds.ndjson');
    const stats = await readNdjson<Statistic>(out, 'statistics.ndjson');
    for (const { row, file } of checks) {
      const home = row['HomeTeam'] ?? row['Home'];
      const away = row['AwayTeam'] ?? row['Away'];
      const kickoff = ukLocalToUtc(row['Date'] ?? '', row['Time'] ?? '');
      const match = matches.find(
        (m) =>
          teams.get(m.homeTeamId) === home &&
          teams.get(m.awayTeamId) === away &&
          m.kickoffUtc === kickoff,
      );
      expect(match, `${file} ${home}-${away}`).toBeDefined();
      if (!match) {
        continue;
      }
      expect([match.homeScore, match.awayScore]).toEqual([
        num(row['FTHG'] ?? row['HG']),
        num(row['FTAG'] ?? row['AG']),
      ]);
      if ('HC' in row) {
        expect([match.homeCorners, match.awayCorners, match.homeYellow, match.awayRed]).toEqual([
          num(row['HC']),
          num(row['AC']),
          num(row['HY']),
          num(row['AR']),
        ]);
        const shots = stats.find((s) => s.matchId === match.id && s.type === 'shots');
        expect(shots ? [shots.home, shots.away] : [null, null]).toEqual([
          num(row['HS']),
          num(row['AS']),
        ]);
      }
      const pinnacle = odds.find(
        (o) => o.matchId === match.id && o.bookmakerId === 35 && o.market === 'had',
      );
      expect(pinnacle?.close?.home ?? null).toBe(num(row['PSCH']));
      if ('AHh' in row) {
        const ah = odds.find(
          (o) => o.matchId === match.id && o.bookmakerId === 8 && o.market === 'hdp',
        );
        expect([ah?.open?.line, ah?.open?.home, ah?.close?.line, ah?.close?.away]).toEqual([
          num(row['AHh']),
          num(row['B365AHH']),
          num(row['AHCh']),
          num(row['B365CAHA']),
        ]);
      }
    }
  });
});
