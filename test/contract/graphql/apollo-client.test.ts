import {
  ApolloClient,
  ApolloLink,
  gql,
  HttpLink,
  InMemoryCache,
  type ObservableQuery,
  type TypedDocumentNode,
} from '@apollo/client/core';
import { Defer20220824Handler } from '@apollo/client/incremental';
import { tap } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithKey } from '../../helpers/access.js';
import { type GraphqlDemoServer, startGraphqlDemoServer } from '../../helpers/graphql-server.js';

/**
 * /graphql driven by Apollo Client 4 (core only: ApolloClient, InMemoryCache, HttpLink; no React)
 * over real HTTP, as a frontend team would use it (docs/graphql.md "Apollo Client"): two different
 * queries that return the same team share one normalised cache entry, and a deferred fragment
 * reaches the client after the initial payload, through the incremental handler that reads
 * yoga's format (the 2022-08-24 draft: `incremental`, `hasNext`).
 */

interface TeamRef {
  id: number;
  name: string;
}

const MATCH: TypedDocumentNode<{ match: { id: number; home: TeamRef } | null }, { id: number }> =
  gql`
  query MatchHome($id: Int!) {
    match(id: $id) { id home { id name } }
  }
`;

const DAY: TypedDocumentNode<
  { matches: { items: Array<{ id: number; home: TeamRef & { logo: string } }> } },
  { date: string }
> = gql`
  query DayHomes($date: String!) {
    matches(date: $date, pageSize: 25) { items { id home { id name logo } } }
  }
`;

interface DeferredMatch {
  match: {
    id: number;
    status: string;
    events?: Array<{ type: string; minute: string }>;
  } | null;
}

const DEFERRED: TypedDocumentNode<DeferredMatch, { id: number }> = gql`
  query MatchLater($id: Int!) {
    match(id: $id) {
      id
      status
      ... @defer {
        events { type minute }
      }
    }
  }
`;

type Emission = ObservableQuery.Result<DeferredMatch>;

describe('/graphql through Apollo Client [pglite]', () => {
  let server: GraphqlDemoServer;
  let key: string;

  /**
   * A client as a frontend would set one up for this API, its cache, and the `extensions` of each
   * result the server sent, as a link sees them (query results do not carry them).
   */
  const clientFor = () => {
    const cache = new InMemoryCache();
    const extensions: Array<Record<string, unknown> | undefined> = [];
    const recordExtensions = new ApolloLink((operation, forward) =>
      forward(operation).pipe(tap((result) => extensions.push(result.extensions))),
    );
    const client = new ApolloClient({
      link: ApolloLink.from([
        recordExtensions,
        new HttpLink({ uri: server.endpoint, headers: { authorization: `Bearer ${key}` } }),
      ]),
      cache,
      // Yoga's defer-stream plugin answers in the 2022-08-24 draft's format.
      incrementalHandler: new Defer20220824Handler(),
    });
    return { client, cache, extensions };
  };

  beforeAll(async () => {
    server = await startGraphqlDemoServer();
    ({ key } = await createAccountWithKey(server.database, 'Pro'));
  }, 300_000);
  afterAll(async () => {
    await server?.close();
  });

  it('two different queries that return the same team normalise to one cache entry', async () => {
    const { client, cache } = clientFor();
    const { date, matchIds } = server.cases.today;
    const id = matchIds[0] as number;
    const one = await client.query({ query: MATCH, variables: { id } });
    const day = await client.query({ query: DAY, variables: { date } });
    const team = one.data?.match?.home;
    expect(team).toEqual({ __typename: 'Team', id: expect.any(Number), name: expect.any(String) });
    const onDay = day.data?.matches.items.find((m) => m.id === id);
    expect(onDay?.home).toMatchObject({ id: team?.id, name: team?.name });

    const entries = cache.extract();
    const teamKey = `Team:${team?.id}`;
    // The team is stored once, with the fields of both queries, and nowhere inline.
    const stored = JSON.stringify(entries).match(/"__typename":"Team"/g) ?? [];
    expect(Object.keys(entries).filter((k) => k.startsWith('Team:'))).toContain(teamKey);
    expect(stored).toHaveLength(Object.keys(entries).filter((k) => k.startsWith('Team:')).length);
    expect(entries[teamKey]).toEqual({
      __typename: 'Team',
      id: team?.id,
      name: team?.name,
      logo: onDay?.home.logo,
    });
    expect(entries[`Match:${id}`]?.['home']).toEqual({ __ref: teamKey });

    // Both queries read the team from that one entry: a change to it shows in both.
    cache.modify({ id: teamKey, fields: { name: () => 'Renamed FC' } });
    const fromMatch = client.readQuery({ query: MATCH, variables: { id } });
    const fromDay = client.readQuery({ query: DAY, variables: { date } });
    expect(fromMatch?.match?.home.name).toBe('Renamed FC');
    expect(fromDay?.matches.items.find((m) => m.id === id)?.home.name).toBe('Renamed FC');
  });

  it('a deferred fragment arrives after the initial payload', async () => {
    const { client, cache, extensions } = clientFor();
    const id = server.cases.finishedMatchId;
    // The server holds the deferred read back until the client has shown the initial payload,
    // so "after" is the order of events, not of bytes in one buffer.
    const { matchEvents } = server.app.deps.services;
    const original = matchEvents.eventsForMatches;
    // No read of them kept in the shared read cache: the events read reaches the service.
    await server.app.deps.events.publish({ type: 'data-changed' });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let readsStarted = 0;
    matchEvents.eventsForMatches = async (ids) => {
      readsStarted++;
      await held;
      return original(ids);
    };
    const emissions: Emission[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        const subscription = client
          .watchQuery({ query: DEFERRED, variables: { id }, fetchPolicy: 'network-only' })
          .subscribe({
            next: (result) => {
              emissions.push(result);
              if (result.dataState === 'streaming') {
                release();
              }
              if (result.dataState === 'complete') {
                subscription.unsubscribe();
                resolve();
              }
            },
            error: reject,
          });
      });
    } finally {
      release();
      matchEvents.eventsForMatches = original;
    }

    const withData = emissions.filter((e) => e.data !== undefined);
    expect(withData.map((e) => e.dataState)).toEqual(['streaming', 'complete']);
    const [initial, full] = withData;
    expect(initial?.data).toEqual({ match: { __typename: 'Match', id, status: 'FINISHED' } });
    expect(initial?.loading).toBe(true);
    expect(full?.loading).toBe(false);
    expect(full?.data?.match).toMatchObject({ id, status: 'FINISHED' });
    expect(full?.data?.match?.events?.length).toBeGreaterThan(0);
    expect(readsStarted).toBe(1);
    expect(cache.extract()[`Match:${id}`]).toHaveProperty('events');
    // The cost comes with the last payload, as with a single answer: the detail and events routes.
    expect(extensions).toEqual([
      undefined,
      { cost: expect.objectContaining({ requested: 2, actual: 2, refunded: 0 }) },
    ]);
  });
});
