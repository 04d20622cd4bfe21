import Value from 'typebox/value';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Lineups, MatchEvent } from '../../../src/wire/schemas/match-details.js';
import { Player } from '../../../src/wire/schemas/players.js';
import { describeEachDatabase } from '../../helpers/db.js';
import { JACKSON, PALMER, seedPlayers } from '../../helpers/players-fixture.js';
import { auth, setUpMatches, type TestApp } from './matches-fixture.js';

describeEachDatabase(
  'GET /v1/football/players/{playerId}; player ids on events and lineups',
  ({ db }) => {
    let app: TestApp;
    let key: string;
    let matchId: number;
    let club: { id: number; nameEn: string; nameZhHk: string | null };

    beforeAll(async () => {
      ({ app, key } = await setUpMatches(db()));
      ({ matchId, club } = await seedPlayers(db()));
    }, 180_000);
    afterAll(() => app?.close());

    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ url: `/v1/football/${url}`, headers: auth(key, headers) });

    it('a player: name, club, position, nationality, birth date; one unit of the plan quota', async () => {
      const before = await get(`players/${JACKSON}`);
      const res = await get(`players/${PALMER}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: {
          id: PALMER,
          name: 'Cole Palmer',
          nameOriginal: 'Cole Palmer',
          team: { id: club.id, name: club.nameEn },
          position: 'Midfielder',
          nationality: 'England',
          birthDate: '2002-05-06',
        },
      });
      expect(Value.Check(Player, res.json().data)).toBe(true);
      expect(Number(res.headers['x-quota-remaining'])).toBe(
        Number(before.headers['x-quota-remaining']) - 1,
      );
      expect(res.headers['etag']).toBeDefined();
      const again = await get(`players/${PALMER}`, {
        'if-none-match': String(res.headers['etag']),
      });
      expect(again.statusCode).toBe(304);
      const modified = String(res.headers['last-modified']);
      expect(Date.parse(modified)).toBeGreaterThan(0);
      const unchanged = await get(`players/${PALMER}`, { 'if-modified-since': modified });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.headers['x-quota-remaining']).toBe(again.headers['x-quota-remaining']);
    });

    it('names follow Accept-Language; optionals a source did not give are omitted', async () => {
      const res = await get(`players/${PALMER}`, { 'accept-language': 'zh-HK' });
      expect(res.headers['content-language']).toBe('zh-HK');
      expect(res.json().data.name).toBe('帕爾馬');
      expect(res.json().data.team.name).toBe(club.nameZhHk ?? club.nameEn);
      expect((await get(`players/${JACKSON}`)).json()).toEqual({
        data: { id: JACKSON, name: 'Nicolas Jackson' },
      });
    });

    it('an unknown player is 404 not_found; a malformed id is 400 invalid_parameter', async () => {
      const unknown = await get('players/999999');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(unknown.json().code).toBe('not_found');
      for (const bad of ['abc', '0', '2147483648']) {
        const res = await get(`players/${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json().code).toBe('invalid_parameter');
      }
    });

    it('events and line-ups carry the player ids a source gave, and omit them otherwise', async () => {
      // The demo names its players by id (issue 49); one sheet player here has none.
      await db().prisma.lineupPlayer.updateMany({
        where: { matchId, side: 'home', seq: 1 },
        data: { playerId: null },
      });
      const events = (await get(`matches/${matchId}/events`)).json().data;
      const booked = events.find((e: { seq: number }) => e.seq === 900);
      expect(booked).toMatchObject({ playerId: PALMER, relatedPlayerId: JACKSON });
      for (const event of events) {
        expect(Value.Check(MatchEvent, event)).toBe(true);
        // An event naming no player (a corner, a VAR check) has no player id.
        expect(typeof event.playerId, JSON.stringify(event)).toBe(
          event.player ? 'number' : 'undefined',
        );
      }
      const lineups = (await get(`matches/${matchId}/lineups`)).json().data;
      expect(Value.Check(Lineups, lineups)).toBe(true);
      expect(lineups.home.starters[0].playerId).toBe(PALMER);
      expect(lineups.home.starters[1]).not.toHaveProperty('playerId');
      expect(typeof lineups.away.starters[0].playerId).toBe('number');
    });
  },
);
