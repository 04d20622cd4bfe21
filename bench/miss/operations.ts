import { graphqlBody, MATCH_QUERY, PAGE_QUERY } from '../graphql-queries.js';

/** What the miss-path measurements need from bench/miss/setup-db.ts's output. */
export interface MissData {
  key: string;
  matchId: number;
  day: string;
}

export interface Operation {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  graphql?: boolean;
}

/** The day page as the lead's target names it: competition, teams, odds per bookmaker, lineups. */
const DAY_PAGE_QUERY = PAGE_QUERY.replace('analysis { corners }', '');

/** The operations of issue 20, by name. */
export function missOperations(d: MissData): Operation[] {
  const gql = (name: string, query: string, variables: Record<string, unknown>): Operation => ({
    name,
    method: 'POST',
    path: '/graphql',
    body: graphqlBody(query, variables),
    graphql: true,
  });
  const rest = (name: string, path: string): Operation => ({ name, method: 'GET', path });
  return [
    gql('graphql-page', DAY_PAGE_QUERY, { date: d.day, pageSize: 25 }),
    gql('graphql-page+corners', PAGE_QUERY, { date: d.day, pageSize: 25 }),
    gql('graphql-detail', MATCH_QUERY, { id: d.matchId }),
    {
      name: 'graphql-detail-get',
      method: 'GET',
      path: `/graphql?${new URLSearchParams({ query: MATCH_QUERY, variables: JSON.stringify({ id: d.matchId }) })}`,
      graphql: true,
    },
    rest('rest-list', `/v1/football/matches?date=${d.day}&pageSize=25`),
    rest('rest-detail', `/v1/football/matches/${d.matchId}`),
    rest('rest-odds', `/v1/football/matches/${d.matchId}/odds`),
    rest('rest-lineups', `/v1/football/matches/${d.matchId}/lineups`),
    rest('rest-events', `/v1/football/matches/${d.matchId}/events`),
    rest('rest-statistics', `/v1/football/matches/${d.matchId}/statistics`),
    rest('raw-detail', `/matches/${d.matchId}`),
    rest('raw-list', `/matches?date=${d.day}&pageSize=25`),
  ];
}
