import type { ChangeRecord } from '../../changes/format.js';
import type { Tx } from '../../import/upsert.js';
import type { BookmakerFact, SourceFacts } from '../facts.js';
import { observePrices } from '../odds-observer.js';
import { eventChanges, exchangeChanges } from './match-children.js';
import { type MatchProbe, matchRecord, resolveMatches, storedMatches } from './matches.js';
import { keysOf, type NamedFact, type NamedKind, resolveNamed } from './named.js';
import { aliasRows, bookmakerRecords, competitionRecords, teamRecords } from './named-records.js';
import { matchTeams, resolvePlayers, sheetWithPlayerIds } from './players.js';
import {
  type AliasRow,
  type EntityKind,
  type ExternalRow,
  groupNames,
  type UnmatchedRow,
  withEarlier,
} from './store.js';

/** Who writes: a source's name, its role and its terms (stored per competition). */
export interface PassSource {
  name: string;
  role: 'fixtures' | 'odds';
  licence: string;
}

/** What a pass amounts to once its source ids are resolved. */
export interface PassIdentity {
  changes: ChangeRecord[];
  added: Map<EntityKind, ExternalRow[]>;
  aliases: AliasRow[];
  unmatched: UnmatchedRow[];
  /** [competition id, resource] pairs this source brings data for. */
  competitionSources: [number, string][];
  licence: string;
}

/**
 * A bookmaker is matched by its English name: the everyday one is ambiguous across sources (The
 * Odds API titles the Betfair exchange "Betfair", football-data.co.uk the Betfair sportsbook).
 */
const byEnglishName = (b: BookmakerFact): NamedFact => ({
  sourceId: b.sourceId,
  name: b.nameEn ?? b.name,
});

const upserts = <R extends ChangeRecord['resource']>(resource: R, records: readonly object[]) =>
  records.map((record) => ({ op: 'upsert', resource, record }) as ChangeRecord);

class PassResolver {
  readonly result: PassIdentity;

  constructor(
    private readonly tx: Tx,
    private readonly source: PassSource,
  ) {
    this.result = {
      changes: [],
      added: new Map(),
      aliases: [],
      unmatched: [],
      competitionSources: [],
      licence: source.licence,
    };
  }

  private note(
    kind: EntityKind,
    added: readonly ExternalRow[],
    unmatched: readonly UnmatchedRow[],
  ) {
    this.result.added.set(kind, [...(this.result.added.get(kind) ?? []), ...added]);
    this.result.unmatched.push(...unmatched);
  }

  /** Competitions, teams or bookmakers: ids, the owned ones' records and their aliases. */
  async named(kind: NamedKind, facts: readonly NamedFact[], create: boolean) {
    const resolution = await resolveNamed(this.tx, this.source.name, kind, facts, create);
    this.note(kind, resolution.added, resolution.unmatched);
    const groups =
      kind === 'bookmaker' ? new Map() : await groupNames(this.tx, kind, facts.flatMap(keysOf));
    const linked = new Set(resolution.added.map((r) => r.entityId));
    this.result.aliases.push(
      ...aliasRows(
        kind,
        facts.filter((f) => linked.has(resolution.ids.get(f.sourceId) ?? 0)),
        resolution.ids,
        resolution.created,
        groups,
        this.source.name,
      ),
    );
    return { ...resolution, groups };
  }

  async run(facts: SourceFacts): Promise<PassIdentity> {
    const { tx, source } = this;
    const create = source.role === 'fixtures';
    const competitions = await this.named('competition', facts.competitions ?? [], create);
    const teams = await this.named('team', facts.teams ?? [], create);
    const bookmakers = await this.named(
      'bookmaker',
      (facts.bookmakers ?? []).map(byEnglishName),
      true,
    );
    this.result.changes.push(
      ...upserts(
        'competitions',
        await competitionRecords(
          tx,
          facts.competitions ?? [],
          competitions.ids,
          competitions.owned,
          competitions.groups,
        ),
      ),
      ...upserts(
        'teams',
        await teamRecords(tx, facts.teams ?? [], teams.ids, teams.owned, teams.groups),
      ),
      ...upserts(
        'bookmakers',
        await bookmakerRecords(tx, facts.bookmakers ?? [], bookmakers.ids, bookmakers.owned),
      ),
    );
    const matchIds = await this.matches(facts, competitions.ids, teams.ids);
    const players = await resolvePlayers(
      tx,
      source.name,
      facts,
      await matchTeams(tx, facts, matchIds, teams.ids),
      create,
    );
    this.note('player', players.added, []);
    this.result.changes.push(...upserts('players', players.records));
    await this.children(facts, matchIds, bookmakers.ids, players.ids);
    return this.result;
  }

  private async matches(
    facts: SourceFacts,
    competitionIds: Map<string, number>,
    teamIds: Map<string, number>,
  ): Promise<Map<string, number>> {
    const { tx, source } = this;
    const fixtures = facts.matches ?? [];
    const links = facts.links ?? [];
    await withEarlier(
      tx,
      source.name,
      'competition',
      competitionIds,
      fixtures.map((m) => m.competition),
    );
    await withEarlier(
      tx,
      source.name,
      'team',
      teamIds,
      [...fixtures, ...links].flatMap((m) => [m.home, m.away]),
    );
    // Teams by name where the pass names them (Betfair's source ids are selection ids).
    const teamNames = new Map((facts.teams ?? []).map((t) => [t.sourceId, t.name]));
    const teamName = (sourceId: string) => teamNames.get(sourceId) ?? sourceId;
    const probes: MatchProbe[] = [];
    for (const m of [...fixtures, ...links]) {
      const homeTeamId = teamIds.get(m.home);
      const awayTeamId = teamIds.get(m.away);
      const name = `${teamName(m.home)} v ${teamName(m.away)} at ${m.kickoffUtc}`;
      if (homeTeamId === undefined || awayTeamId === undefined) {
        this.result.unmatched.push({
          kind: 'match',
          sourceId: m.sourceId,
          name,
          detail: `team not matched: ${teamName(homeTeamId === undefined ? m.home : m.away)}`,
          candidates: [],
        });
        continue;
      }
      probes.push({ sourceId: m.sourceId, name, homeTeamId, awayTeamId, kickoffUtc: m.kickoffUtc });
    }
    const resolution = await resolveMatches(tx, source.name, probes, source.role === 'fixtures');
    this.note('match', resolution.added, resolution.unmatched);
    const stored = await storedMatches(tx, [...resolution.owned]);
    for (const fact of fixtures) {
      const id = resolution.ids.get(fact.sourceId);
      const competitionId = competitionIds.get(fact.competition);
      if (id === undefined || !resolution.owned.has(id) || competitionId === undefined) {
        continue;
      }
      const ids = {
        id,
        competitionId,
        homeTeamId: teamIds.get(fact.home) as number,
        awayTeamId: teamIds.get(fact.away) as number,
      };
      this.result.changes.push(...upserts('matches', [matchRecord(fact, ids, stored.get(id))]));
      this.result.competitionSources.push([competitionId, 'fixtures']);
    }
    const referred = [
      ...(facts.events ?? []),
      ...(facts.statistics ?? []),
      ...(facts.lineups ?? []),
      ...(facts.prices ?? []),
      ...(facts.exchange ?? []),
    ].map((f) => f.match);
    return withEarlier(tx, source.name, 'match', resolution.ids, referred);
  }

  private async children(
    facts: SourceFacts,
    matchIds: ReadonlyMap<string, number>,
    bookmakerIds: Map<string, number>,
    playerIds: ReadonlyMap<string, number>,
  ) {
    const { tx, source } = this;
    const events = await eventChanges(tx, source.name, facts.events ?? [], matchIds, playerIds);
    this.note('event', events.added, []);
    this.result.changes.push(...events.changes);
    for (const s of facts.statistics ?? []) {
      const matchId = matchIds.get(s.match);
      if (matchId !== undefined) {
        this.result.changes.push(
          ...upserts(
            'statistics',
            s.rows.map((row) => ({ ...row, matchId })),
          ),
        );
      }
    }
    for (const { match, ...lineup } of facts.lineups ?? []) {
      const matchId = matchIds.get(match);
      if (matchId !== undefined) {
        const players = sheetWithPlayerIds(lineup.players, playerIds);
        this.result.changes.push(...upserts('lineups', [{ ...lineup, players, matchId }]));
      }
    }
    await withEarlier(
      tx,
      source.name,
      'bookmaker',
      bookmakerIds,
      (facts.prices ?? []).map((p) => p.bookmaker),
    );
    const observed = (facts.prices ?? []).flatMap(({ match, bookmaker, ...price }) => {
      const matchId = matchIds.get(match);
      const bookmakerId = bookmakerIds.get(bookmaker);
      return matchId === undefined || bookmakerId === undefined
        ? []
        : [{ ...price, matchId, bookmakerId }];
    });
    const { odds, movements } = await observePrices(tx, observed);
    const exchange = await exchangeChanges(tx, facts.exchange ?? [], matchIds);
    this.result.changes.push(
      ...upserts('odds', odds),
      ...upserts('movements', movements),
      ...exchange,
    );
    await this.brings(
      'odds',
      observed.map((o) => o.matchId),
    );
    await this.brings(
      'exchange',
      exchange.flatMap((e) =>
        e.op === 'upsert' ? [(e.record as { matchId: number }).matchId] : [],
      ),
    );
  }

  /** The competitions this source brings `resource` for (its terms are stored with them). */
  private async brings(resource: string, matchIds: readonly number[]) {
    if (matchIds.length === 0) {
      return;
    }
    const rows = await this.tx.$queryRawUnsafe<{ id: number }[]>(
      'SELECT DISTINCT competition_id AS id FROM matches WHERE id = ANY($1::int[])',
      [...new Set(matchIds)],
    );
    this.result.competitionSources.push(...rows.map((r): [number, string] => [r.id, resource]));
  }
}

/** Resolves every source id of a pass and builds its change records (nothing written yet). */
export async function resolvePass(
  tx: Tx,
  source: PassSource,
  facts: SourceFacts,
): Promise<PassIdentity> {
  return new PassResolver(tx, source).run(facts);
}
