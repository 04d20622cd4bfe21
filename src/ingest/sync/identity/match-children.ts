import type { ChangeRecord } from '../../changes/format.js';
import type { Tx } from '../../import/upsert.js';
import type { ExchangeFact, MatchEventsFact } from '../facts.js';
import { eventWithPlayerIds } from './players.js';
import { type ExternalRow, lastEventSeqs, loadEventIds } from './store.js';

/** An event's external id: unique per source (`<match source id>/<event source id>`). */
const eventSourceId = (match: string, event: string) => `${match}/${event}`;

interface EventChanges {
  changes: ChangeRecord[];
  added: ExternalRow[];
}

/** Matches whose events another source already numbers (one source's events per match). */
async function eventsFromElsewhere(tx: Tx, source: string, matchIds: readonly number[]) {
  if (matchIds.length === 0) {
    return new Set<number>();
  }
  const rows = await tx.$queryRawUnsafe<{ id: number }[]>(
    `SELECT DISTINCT match_id AS id FROM external_ids
      WHERE kind = 'event' AND source <> $1 AND match_id = ANY($2::int[])`,
    source,
    [...matchIds],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * A match's events from one source: each event keeps the number it was first given (the
 * source's event id is the key), new ones are numbered after every stored one, and with a
 * complete list an event no longer listed (a goal withdrawn) is deleted. Its source id keeps its
 * number: it is never given to another event, and the same event sent again gets it back. A
 * match's events come
 * from the first source that sent them.
 */
export async function eventChanges(
  tx: Tx,
  source: string,
  facts: readonly MatchEventsFact[],
  matchIds: ReadonlyMap<string, number>,
  playerIds: ReadonlyMap<string, number> = new Map(),
): Promise<EventChanges> {
  const out: EventChanges = { changes: [], added: [] };
  const resolved = facts.filter((f) => matchIds.has(f.match));
  const ids = resolved.map((f) => matchIds.get(f.match) as number);
  const elsewhere = await eventsFromElsewhere(tx, source, ids);
  const known = new Map((await loadEventIds(tx, source, ids)).map((r) => [r.sourceId, r]));
  const next = await lastEventSeqs(tx, ids);
  for (const fact of resolved) {
    const matchId = matchIds.get(fact.match) as number;
    if (elsewhere.has(matchId)) {
      continue;
    }
    const listed = new Set<string>();
    for (const event of fact.events) {
      const sourceId = eventSourceId(fact.match, event.sourceId);
      if (listed.has(sourceId)) {
        continue;
      }
      listed.add(sourceId);
      let seq = known.get(sourceId)?.entityId;
      if (seq === undefined) {
        seq = (next.get(matchId) ?? -1) + 1;
        next.set(matchId, seq);
        out.added.push({ sourceId, entityId: seq, matchId, owner: true });
      }
      const { sourceId: _, ...record } = eventWithPlayerIds(event, playerIds);
      out.changes.push({
        op: 'upsert',
        resource: 'events',
        record: { ...record, matchId, seq } as never,
      });
    }
    if (!fact.complete) {
      continue;
    }
    for (const row of known.values()) {
      if (row.matchId === matchId && !listed.has(row.sourceId)) {
        out.changes.push({ op: 'delete', resource: 'events', key: { matchId, seq: row.entityId } });
      }
    }
  }
  return out;
}

/** Exchange documents that differ from the stored ones (the same document is not rewritten). */
export async function exchangeChanges(
  tx: Tx,
  facts: readonly ExchangeFact[],
  matchIds: ReadonlyMap<string, number>,
): Promise<ChangeRecord[]> {
  const resolved = facts.filter((f) => matchIds.has(f.match));
  if (resolved.length === 0) {
    return [];
  }
  const rows = await tx.$queryRawUnsafe<{ matchId: number; payload: string }[]>(
    'SELECT match_id AS "matchId", payload FROM exchange_odds WHERE match_id = ANY($1::int[])',
    resolved.map((f) => matchIds.get(f.match) as number),
  );
  const stored = new Map(rows.map((r) => [r.matchId, r.payload]));
  return resolved
    .map((f) => ({ ...f, matchId: matchIds.get(f.match) as number }))
    .filter((f) => stored.get(f.matchId) !== f.payload)
    .map((f) => ({
      op: 'upsert',
      resource: 'exchange',
      record: {
        matchId: f.matchId,
        payload: f.payload,
        receivedAt: new Date(f.receivedAt).toISOString(),
      },
    }));
}
