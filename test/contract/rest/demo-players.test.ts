import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.js';
import { withDemoApp } from '../../helpers/demo-app.js';
import { graphql } from '../../helpers/graphql.js';

/**
 * Issue 49: the demo has players (players.ndjson): its events and team sheets name them by id,
 * a scorer's page answers, and a competition's scorers come out of the demo's goals.
 */
describeEachDatabase('demo players', ({ db }) => {
  const demo = withDemoApp(db);

  const get = async (path: string, language = 'en') => {
    const res = await demo.app.inject({
      url: `/v1/football${path}`,
      headers: { 'x-api-key': demo.key, 'accept-language': language },
    });
    expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    return (res.json() as { data: unknown }).data;
  };

  it("a demo goal's scorer has a page, and the competition's scorers count the goal", async () => {
    const goal = await db().prisma.matchEvent.findFirstOrThrow({
      where: { type: 'goal', match: { status: 'finished', season: { not: null } } },
      include: { match: true },
      orderBy: [{ matchId: 'asc' }, { seq: 'asc' }],
    });
    expect(goal.playerId).not.toBeNull();
    const events = (await get(`/matches/${goal.matchId}/events`)) as {
      seq: number;
      playerId?: number;
    }[];
    expect(events.find((e) => e.seq === goal.seq)?.playerId).toBe(goal.playerId);
    const player = (await get(`/players/${goal.playerId}`)) as {
      id: number;
      name: string;
      team?: { id: number };
      position?: string;
    };
    expect(player.name).toBe(goal.player);
    expect([goal.match.homeTeamId, goal.match.awayTeamId]).toContain(player.team?.id);
    expect(player.position).toMatch(/^(Defender|Midfielder|Forward)$/);
    const lineups = (await get(`/matches/${goal.matchId}/lineups`)) as Record<
      'home' | 'away',
      { starters: { playerId?: number }[]; substitutes: { playerId?: number }[] }
    >;
    const sheetIds = [lineups.home, lineups.away].flatMap((s) =>
      [...s.starters, ...s.substitutes].map((p) => p.playerId),
    );
    expect(sheetIds).toContain(goal.playerId);
    expect(sheetIds.every((id) => typeof id === 'number')).toBe(true);
    const season = Number(goal.match.season?.slice(0, 4));
    const scorers = (await get(
      `/competitions/${goal.match.competitionId}/scorers?season=${season}`,
    )) as { scorers: { player: { id: number }; goals: number }[] };
    const line = scorers.scorers.find((l) => l.player.id === goal.playerId);
    expect(line?.goals).toBeGreaterThan(0);
    const res = await graphql(demo.app, `{ player(id: ${goal.playerId}) { name } }`, {
      key: demo.key,
    });
    expect(res.body.errors).toBeUndefined();
  });

  it("a Chinese club's player has Chinese names", async () => {
    const player = await db().prisma.player.findFirstOrThrow({
      where: { nameZhHk: { not: null } },
      orderBy: { id: 'asc' },
    });
    expect(((await get(`/players/${player.id}`, 'zh-HK')) as { name: string }).name).toBe(
      player.nameZhHk,
    );
    expect(((await get(`/players/${player.id}`, 'zh-CN')) as { name: string }).name).toBe(
      player.nameZhCn,
    );
  });
});
