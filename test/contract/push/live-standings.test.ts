import { afterAll, beforeAll, expect, it } from 'vitest';
import { evictedBy } from '../../../src/changes/change-summary.js';
import { applyChanges } from '../../../src/ingest/changes/apply.js';
import { checkChange } from '../../../src/ingest/changes/format.js';
import { summarizeChanges } from '../../../src/ingest/changes/summary.js';
import { createAccountWithKey } from '../../helpers/access.js';
import { buildTestApp } from '../../helpers/app.js';
import { createFakeClock } from '../../helpers/clock.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { listening } from '../../helpers/push.js';
import { openSse, type SseEvent } from '../../helpers/sse.js';
import { auth, type TestApp } from '../rest/matches-fixture.js';

/**
 * Issue 49, done when: during a replayed live round the live table reorders on each goal and a
 * stream client receives each change (SSE `competitionId=`, the GraphQL `standings`
 * subscription), and a score change leaves the competitions catalogue as it was.
 */

const NOW = '2025-03-01T12:00:00Z';
const LEAGUE = 601;
const TEAMS = ['Ayr', 'Bury', 'Cork', 'Deal'].map((name, i) => ({
  id: 6101 + i,
  nameEn: name,
  nameOriginal: name,
}));
const [A, B, C, D] = TEAMS.map((t) => t.id) as [number, number, number, number];

type Row = Record<string, unknown>;
const base = (id: number, home: number, away: number, kickoff: string): Row => ({
  id,
  competitionId: LEAGUE,
  homeTeamId: home,
  awayTeamId: away,
  kickoffUtc: kickoff,
  season: '2024-25',
});
// Played: Ayr 2-0 Cork, Bury 1-0 Deal. The live round: Ayr v Deal, Bury v Cork.
const AD = { ...base(6011, A, D, '2025-03-01T11:30:00Z'), status: 'live', minute: '60' };
const BC = { ...base(6012, B, C, '2025-03-01T11:30:00Z'), status: 'live', minute: '60' };

async function fixture(app: TestApp) {
  const prisma = app.deps.database.prisma;
  await prisma.competition.create({
    data: { id: LEAGUE, code: 'TST-LIVE', nameEn: 'Live League', region: 'Europe' },
  });
  await prisma.team.createMany({ data: TEAMS });
  const played = [
    { ...base(6001, A, C, '2024-09-01T15:00:00Z'), status: 'finished', homeScore: 2, awayScore: 0 },
    { ...base(6002, B, D, '2024-09-01T15:00:00Z'), status: 'finished', homeScore: 1, awayScore: 0 },
    { ...AD, homeScore: 0, awayScore: 0 },
    { ...BC, homeScore: 0, awayScore: 0 },
  ];
  await write(app, played);
}

/** What the live feed does: the records through the one writer, then the data-changed event. */
async function write(app: TestApp, records: Row[]) {
  const batch = records.map((record, i) => ({
    line: i + 1,
    change: checkChange({ op: 'upsert', resource: 'matches', record }, i + 1, 'test'),
  }));
  const logged = await applyChanges(app.deps.database.prisma, batch, 'test', new Date());
  const changes = await summarizeChanges(app.deps.database.prisma, logged);
  await app.deps.events.publish({ type: 'data-changed', changes });
  return { logged, changes };
}

const order = (data: unknown) =>
  (data as { standings: { type: string; table: { team: { name: string } }[] }[] }).standings
    .find((s) => s.type.toLowerCase() === 'total')
    ?.table.map((r) => r.team.name);

describeEachDatabase('live standings push (issue 49)', ({ db }) => {
  let app: TestApp;
  let url: string;
  let key: string;
  const closing: Array<() => void> = [];
  beforeAll(async () => {
    app = (await buildTestApp(db(), {
      clock: createFakeClock(NOW),
      // The streams stay open for the whole round (the helper's default ends them at 250 ms).
      env: { STREAM_MAX_MS: '600000' },
    })) as TestApp;
    await fixture(app);
    url = await listening(app);
    key = (await createAccountWithKey(db(), 'Pro')).key;
  }, 180_000);
  afterAll(async () => {
    for (const close of closing) {
      close();
    }
    await app?.close();
  });

  const stream = async (query: string, headers: Record<string, string> = {}) => {
    const sse = await openSse(`${url}/v1/football/stream${query}`, auth(key, headers));
    closing.push(sse.close);
    return sse;
  };
  const isStandings = (e: SseEvent) => e.event === 'standings';
  const score = (match: Row, home: number, away: number) =>
    write(app, [{ ...match, homeScore: home, awayScore: away }]);

  it('the live table reorders on each goal and the SSE client receives each change', async () => {
    const sse = await stream(`?competitionId=${LEAGUE}`);
    expect(sse.response.status).toBe(200);
    // On opening: the live table as it is (both live matches 0-0).
    const first = await sse.next(isStandings);
    expect(JSON.parse(first.data)).toMatchObject({ competitionId: LEAGUE, live: true });
    expect(order(JSON.parse(first.data))).toEqual(['Ayr', 'Bury', 'Deal', 'Cork']);
    const rest = await app.inject({
      url: `/v1/football/competitions/${LEAGUE}/standings?live=true`,
      headers: auth(key),
    });
    expect(JSON.parse(first.data)).toEqual(rest.json().data);

    const goals: [Row, number, number, string[]][] = [
      [BC, 1, 0, ['Bury', 'Ayr', 'Deal', 'Cork']], // Bury overtakes Ayr
      [AD, 1, 0, ['Ayr', 'Bury', 'Deal', 'Cork']], // Ayr back on top on goal difference
      [BC, 1, 1, ['Ayr', 'Bury', 'Cork', 'Deal']], // Cork's draw lifts it over Deal
    ];
    for (const [match, home, away, expected] of goals) {
      const { logged } = await score(match, home, away);
      const seq = String(logged[0]?.seq);
      const change = await sse.next((e) => e.event === 'change');
      expect(JSON.parse(change.data)).toMatchObject({
        seq,
        matchId: match['id'],
        resource: 'detail',
      });
      const table = await sse.next();
      expect(table.event).toBe('standings');
      expect(table.id).toBe(seq);
      expect(order(JSON.parse(table.data))).toEqual(expected);
    }

    // The clock moving changes no table: its change comes alone (a table would follow it in
    // the same write), and the next goal's change is next.
    const { logged: clock } = await write(app, [
      { ...BC, homeScore: 1, awayScore: 1, minute: '75' },
    ]);
    const clockChange = await sse.next();
    expect([clockChange.event, clockChange.id]).toEqual(['change', String(clock[0]?.seq)]);
    await score(AD, 2, 0);
    expect((await sse.next()).event).toBe('change');
    expect(order(JSON.parse((await sse.next()).data))).toEqual(['Ayr', 'Bury', 'Cork', 'Deal']);
    const standingsSeen = sse.events.filter(isStandings).length;

    // Resumed: the missed goals' changes, then the current table once.
    sse.close();
    const last = sse.events.at(-1)?.id as string;
    await score(BC, 1, 2);
    await score(BC, 1, 3);
    const resumed = await stream(`?competitionId=${LEAGUE}`, { 'last-event-id': last });
    expect((await resumed.next()).event).toBe('change');
    expect((await resumed.next()).event).toBe('change');
    const current = await resumed.next();
    expect(current.event).toBe('standings');
    expect(order(JSON.parse(current.data))).toEqual(['Ayr', 'Cork', 'Bury', 'Deal']);
    expect(standingsSeen).toBe(5);
  });

  it('refuses an unknown competition with 400 invalid_parameter naming competitionId', async () => {
    const res = await app.inject({
      url: '/v1/football/stream?competitionId=999999',
      headers: auth(key),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_parameter', parameter: 'competitionId' });
  });

  it('the GraphQL subscription yields the live standings on each goal', async () => {
    const query = `subscription ($id: ID!) {
      standings(competitionId: $id) { competitionId live standings { type table { team { name } points goalsAgainst } } }
    }`;
    const qs = `?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ id: String(LEAGUE) }))}`;
    const sse = await openSse(`${url}/graphql${qs}`, auth(key, { accept: 'text/event-stream' }));
    closing.push(sse.close);
    expect(sse.response.status).toBe(200);
    await write(app, [{ ...AD, homeScore: 2, awayScore: 0, minute: '80' }]);
    await score(AD, 2, 1);
    const next = await sse.next((e) => e.event === 'next');
    const data = JSON.parse(next.data).data.standings;
    expect(data).toMatchObject({ competitionId: LEAGUE, live: true });
    expect(order(data)).toEqual(['Ayr', 'Cork', 'Bury', 'Deal']);
    // The goal's table, not the clock's (Ayr has conceded now).
    expect(data.standings[0].table[0]).toEqual({
      team: { name: 'Ayr' },
      points: 6,
      goalsAgainst: 1,
    });

    const bad = await openSse(
      `${url}/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent('{"id":"999999"}')}`,
      auth(key, { accept: 'text/event-stream' }),
    );
    closing.push(bad.close);
    expect(bad.response.status).toBe(400);
  });

  it('a score change leaves the competitions catalogue; a re-dated match does not', async () => {
    const { changes } = await score(AD, 3, 1);
    expect(changes.matches[0]?.samePlace).toBe(true);
    expect(evictedBy(changes)).not.toContain('catalogue');
    expect(evictedBy(changes)).toContain(`c:${LEAGUE}`);
    const moved = await write(app, [
      { ...AD, kickoffUtc: '2025-03-01T11:45:00Z', homeScore: 3, awayScore: 1 },
    ]);
    expect(moved.changes.matches[0]?.samePlace).toBeUndefined();
    expect(evictedBy(moved.changes)).toContain('catalogue');
  });
});
