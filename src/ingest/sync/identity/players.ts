import type { Side } from '../../../football/vocabulary.js';
import type { Tx } from '../../import/upsert.js';
import type { SourceFacts } from '../facts.js';
import { nameKey } from './name-key.js';
import { allocateIds } from './named.js';
import { type ExternalRow, loadExternalIds } from './store.js';

/**
 * Players of a pass (docs/sources.md "Players"): the source's player ids named by events and
 * team sheets become players (`external_ids` kind `player`). A source id seen before leads to
 * its player; a new one to the one stored player of its team with the same name, else to a new
 * player the source owns. Two source ids are never merged by name inside a pass: one source's
 * ids are distinct people.
 */

/** A player as one event or sheet names it; `side` is the player's own team in the match. */
interface PlayerRef {
  sourceId: string;
  name: string;
  match: string;
  side: Side;
  /** Sheets give full names and positions; events often initials ("M. Salah"). */
  fromSheet: boolean;
  position?: string | null | undefined;
}

const otherSide = (side: Side): Side => (side === 'home' ? 'away' : 'home');

/** Every player reference of a pass's events and sheets. */
function playerRefs(facts: SourceFacts): PlayerRef[] {
  const refs: PlayerRef[] = [];
  for (const { match, events } of facts.events ?? []) {
    for (const e of events) {
      // An own goal is listed for the side credited; its scorer plays for the other one.
      const own = e.type === 'own_goal' ? otherSide(e.side) : e.side;
      if (e.playerSourceId && e.player) {
        refs.push({
          sourceId: e.playerSourceId,
          name: e.player,
          match,
          side: own,
          fromSheet: false,
        });
      }
      if (e.relatedPlayerSourceId && e.relatedPlayer) {
        const name = e.relatedPlayer;
        refs.push({ sourceId: e.relatedPlayerSourceId, name, match, side: own, fromSheet: false });
      }
    }
  }
  for (const { match, side, players } of facts.lineups ?? []) {
    for (const p of players) {
      if (p.playerSourceId) {
        const { name, position } = p;
        refs.push({ sourceId: p.playerSourceId, name, match, side, fromSheet: true, position });
      }
    }
  }
  return refs;
}

/** The best of a player's references: a sheet's over an event's, else the first. */
function bestRefs(refs: readonly PlayerRef[]): Map<string, PlayerRef> {
  const best = new Map<string, PlayerRef>();
  for (const ref of refs) {
    const known = best.get(ref.sourceId);
    if (!known || (ref.fromSheet && !known.fromSheet)) {
      best.set(ref.sourceId, ref);
    }
  }
  return best;
}

export interface PlayerResolution {
  ids: Map<string, number>;
  added: ExternalRow[];
  /** `players` records of the players this source owns, written before the events naming them. */
  records: object[];
}

/** Stored players of these teams by name key: the candidates of a new source id. */
async function storedByTeamAndName(tx: Tx, teamIds: readonly number[]) {
  const out = new Map<string, number[]>();
  if (teamIds.length === 0) {
    return out;
  }
  const rows = await tx.$queryRawUnsafe<{ id: number; name: string; team: number }[]>(
    'SELECT id, name_en AS name, team_id AS team FROM players WHERE team_id = ANY($1::int[])',
    [...new Set(teamIds)],
  );
  for (const r of rows) {
    const key = `${r.team}|${nameKey(r.name)}`;
    out.set(key, [...(out.get(key) ?? []), r.id]);
  }
  return out;
}

/**
 * Resolves the players a pass names. `teamOf` gives a match's team on a side (touchline ids);
 * a player without a known team is still made (its club unknown), but never matched by name.
 */
export async function resolvePlayers(
  tx: Tx,
  source: string,
  facts: SourceFacts,
  teamOf: (match: string, side: Side) => number | undefined,
  create: boolean,
): Promise<PlayerResolution> {
  const result: PlayerResolution = { ids: new Map(), added: [], records: [] };
  const refs = bestRefs(playerRefs(facts));
  if (refs.size === 0) {
    return result;
  }
  const known = await loadExternalIds(tx, source, 'player', [...refs.keys()]);
  const owned = new Set<number>();
  const created = new Set<number>();
  for (const [sourceId, row] of known) {
    result.ids.set(sourceId, row.entityId);
    if (row.owner) {
      owned.add(row.entityId);
    }
  }
  const rest = [...refs.values()].filter((r) => !known.has(r.sourceId));
  const teamIds = rest.flatMap((r) => teamOf(r.match, r.side) ?? []);
  const stored = await storedByTeamAndName(tx, teamIds);
  const toCreate: PlayerRef[] = [];
  for (const ref of rest) {
    const team = teamOf(ref.match, ref.side);
    const candidates = team === undefined ? [] : (stored.get(`${team}|${nameKey(ref.name)}`) ?? []);
    const [only] = candidates;
    if (candidates.length === 1 && only !== undefined) {
      result.ids.set(ref.sourceId, only);
      result.added.push({ sourceId: ref.sourceId, entityId: only, matchId: null, owner: false });
    } else if (create) {
      toCreate.push(ref);
    }
  }
  const ids = await allocateIds(
    tx,
    'player',
    toCreate.map((r) => `${source}|${r.sourceId}`),
  );
  toCreate.forEach((ref, i) => {
    const id = ids[i] as number;
    result.ids.set(ref.sourceId, id);
    owned.add(id);
    created.add(id);
    result.added.push({ sourceId: ref.sourceId, entityId: id, matchId: null, owner: true });
  });
  for (const ref of refs.values()) {
    const id = result.ids.get(ref.sourceId);
    // A known player is rewritten from a sheet only: an event's name may be initials.
    if (id === undefined || !owned.has(id) || !(created.has(id) || ref.fromSheet)) {
      continue;
    }
    const name = ref.name.slice(0, 100);
    const team = teamOf(ref.match, ref.side);
    result.records.push({
      id,
      nameEn: name,
      nameOriginal: name,
      ...(team === undefined ? {} : { teamId: team }),
      ...(ref.position ? { position: ref.position.slice(0, 40) } : {}),
    });
  }
  return result;
}

/** An event fact's record fields: the source's player ids swapped for touchline's. */
export function eventWithPlayerIds<
  E extends {
    playerSourceId?: string | null | undefined;
    relatedPlayerSourceId?: string | null | undefined;
  },
>(event: E, ids: ReadonlyMap<string, number>) {
  const { playerSourceId, relatedPlayerSourceId, ...rest } = event;
  const playerId = playerSourceId ? ids.get(playerSourceId) : undefined;
  const relatedPlayerId = relatedPlayerSourceId ? ids.get(relatedPlayerSourceId) : undefined;
  return {
    ...rest,
    ...(playerId === undefined ? {} : { playerId }),
    ...(relatedPlayerId === undefined ? {} : { relatedPlayerId }),
  };
}

/** A sheet's players with touchline's player ids. */
export function sheetWithPlayerIds<P extends { playerSourceId?: string | null | undefined }>(
  players: readonly P[],
  ids: ReadonlyMap<string, number>,
) {
  return players.map(({ playerSourceId, ...rest }) => {
    const playerId = playerSourceId ? ids.get(playerSourceId) : undefined;
    return playerId === undefined ? rest : { ...rest, playerId };
  });
}

/**
 * The teams of the pass's matches (touchline ids) by the match's source id: from the pass's
 * fixtures (a match created in this pass is not stored yet), else as stored.
 */
export async function matchTeams(
  tx: Tx,
  facts: SourceFacts,
  matchIds: ReadonlyMap<string, number>,
  teamIds: ReadonlyMap<string, number>,
): Promise<(match: string, side: Side) => number | undefined> {
  const teams = new Map<string, [number | undefined, number | undefined]>();
  for (const m of facts.matches ?? []) {
    teams.set(m.sourceId, [teamIds.get(m.home), teamIds.get(m.away)]);
  }
  const referred = [...(facts.events ?? []), ...(facts.lineups ?? [])]
    .map((f) => f.match)
    .filter((m) => !teams.has(m) && matchIds.has(m));
  if (referred.length > 0) {
    const rows = await tx.$queryRawUnsafe<{ id: number; home: number; away: number }[]>(
      'SELECT id, home_team_id AS home, away_team_id AS away FROM matches WHERE id = ANY($1::int[])',
      [...new Set(referred.map((m) => matchIds.get(m) as number))],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const m of referred) {
      const row = byId.get(matchIds.get(m) as number);
      if (row) {
        teams.set(m, [row.home, row.away]);
      }
    }
  }
  return (match, side) => teams.get(match)?.[side === 'home' ? 0 : 1];
}
