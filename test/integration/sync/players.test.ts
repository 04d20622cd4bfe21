import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { SourceAdapter } from '../../../src/ingest/sync/adapter.js';
import { apiFootballSource } from '../../../src/ingest/sync/sources/api-football/index.js';
import { SportmonksSource } from '../../../src/ingest/sync/sources/sportmonks/index.js';
import type { TestApp } from '../../contract/rest/matches-fixture.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { describeEachDatabase } from '../../helpers/db.js';
import type { ProviderStandIn } from '../../helpers/provider-stand-in.js';
import { startStandIn } from '../../helpers/provider-stand-in.js';
import { entityOf, syncRunner, truncateSyncTables } from '../../helpers/sync.js';
import { apiFootballLiveDay, sportmonksLiveDay } from '../../helpers/sync-sessions.js';

/**
 * Issue 49: the sources' player ids become players. A live match synced to full time from the
 * api-football and Sportmonks stand-ins has events and team sheets naming players by
 * touchline id, a player page for the scorer, and the competition's scorers count the goals.
 */

interface Case {
  name: string;
  source: () => SourceAdapter;
  session: () => ReturnType<typeof apiFootballLiveDay>;
  scope: { competitions: string[]; from?: string; to?: string; paths: string[] };
  match: string;
  /** The full pass before the live ones. */
  morning: string;
  /** The step names and times of the live passes, the last at full time. */
  steps: readonly (readonly [string, string])[];
  /** A goal's scorer and assisting player as the sheets name them. */
  scorer: string;
  assist: string;
}

const CASES: Case[] = [
  {
    name: 'api-football',
    source: () => apiFootballSource,
    session: apiFootballLiveDay,
    scope: { competitions: ['PL'], paths: [] },
    match: '1208029',
    morning: '2024-08-18T10:00:00Z',
    steps: [
      ['kick-off', '2024-08-18T15:31:30Z'],
      ['full-time', '2024-08-18T17:27:00Z'],
    ],
    scorer: 'E. Haaland',
    assist: 'J. Doku',
  },
  {
    name: 'sportmonks',
    source: () => new SportmonksSource(),
    session: sportmonksLiveDay,
    scope: { competitions: ['8'], from: '2024-10-27', to: '2024-10-27', paths: [] },
    match: '19134520',
    morning: '2024-10-27T10:00:00Z',
    steps: [
      ['kick-off', '2024-10-27T16:31:00Z'],
      ['full-time', '2024-10-27T18:25:00Z'],
    ],
    scorer: 'Bukayo Saka',
    assist: 'Ben White',
  },
];

describeEachDatabase('sync: players from the sources', ({ db }) => {
  let standIn: ProviderStandIn | undefined;
  let app: TestApp;
  let key: string;
  const prisma = () => db().prisma;
  beforeAll(async () => {
    app = (await buildTestApp(db(), { env: { RESPONSE_CACHE: 'off' } })) as TestApp;
  }, 180_000);
  afterAll(() => app?.close());
  beforeEach(async () => {
    await truncateSyncTables(prisma());
    key = (await createAccountWithKey(db(), 'Pro')).key;
  });
  afterEach(async () => {
    await standIn?.stop();
  });

  for (const c of CASES) {
    it(`${c.name}: events and sheets name players by id; the scorer has a page`, async () => {
      standIn = await startStandIn(c.session());
      const source = c.source();
      const run = (at: string) =>
        syncRunner(prisma(), source, {
          standIn: standIn as ProviderStandIn,
          lines: [],
          scope: c.scope,
          now: () => new Date(at),
        });
      expect((await run(c.morning).pass('full')).ok).toBe(true);
      for (const [step, at] of c.steps) {
        standIn.step(step);
        const report = await run(at).pass('live');
        expect(report.ok, `${step}: ${report.error}`).toBe(true);
        expect((await run(at).pass('live')).changes, `${step} again`).toBe(0);
      }
      const matchId = await entityOf(prisma(), c.name, 'match', c.match);
      const goal = await prisma().matchEvent.findFirstOrThrow({
        where: { matchId, type: 'goal', player: c.scorer },
      });
      expect(goal.playerId).not.toBeNull();
      expect(goal.relatedPlayerId).not.toBeNull();
      const scorer = await prisma().player.findUniqueOrThrow({
        where: { id: goal.playerId as number },
      });
      const sheet = await prisma().lineupPlayer.findFirst({
        where: { matchId, playerId: scorer.id },
      });
      expect(sheet, 'the sheet names the scorer by the same id').not.toBeNull();
      const withIds = await prisma().lineupPlayer.count({
        where: { matchId, playerId: { not: null } },
      });
      expect(withIds).toBeGreaterThan(20);
      const assist = await prisma().player.findUniqueOrThrow({
        where: { id: goal.relatedPlayerId as number },
      });
      const assistSheet = await prisma().lineupPlayer.findFirst({
        where: { matchId, playerId: assist.id },
      });
      expect(assist.nameEn).toBe(assistSheet?.name ?? c.assist);
      const page = await app.inject({
        url: `/v1/football/players/${scorer.id}`,
        headers: { 'x-api-key': key },
      });
      expect(page.statusCode, page.body).toBe(200);
      const data = (page.json() as { data: { name: string; team?: { id: number } } }).data;
      expect(data.name).toBe(sheet?.name);
      const match = await prisma().match.findUniqueOrThrow({ where: { id: matchId } });
      expect([match.homeTeamId, match.awayTeamId]).toContain(data.team?.id);
      const events = await app.inject({
        url: `/v1/football/matches/${matchId}/events`,
        headers: { 'x-api-key': key },
      });
      expect(events.body).toContain(`"playerId":${scorer.id}`);
      // The sync ran in another "process": tell this app's caches, as the feed's event would.
      await app.deps.events.publish({
        type: 'data-changed',
        changes: { seq: '0', reference: true, matches: [] },
      });
      const scorers = await app.inject({
        url: `/v1/football/competitions/${match.competitionId}/scorers?season=2024`,
        headers: { 'x-api-key': key },
      });
      expect(scorers.statusCode, scorers.body).toBe(200);
      const lines = (scorers.json() as { data: { scorers: { player: { id: number } }[] } }).data
        .scorers;
      expect(lines.map((l) => l.player.id)).toContain(scorer.id);
    });
  }
});
