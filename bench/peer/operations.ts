import { readFileSync } from 'node:fs';
import type { BenchData } from '../databases.js';
import type { Scenario } from '../scenarios.js';
import {
  type MatchSummary,
  summarisePostGraphileDay,
  summarisePostGraphileDetail,
  summariseTouchlineDay,
  summariseTouchlineDetail,
} from './equivalence.js';

/** The operations, each as touchline's and PostGraphile's document (bench/peer/queries/). */
export type OperationId = 'detail' | 'details' | 'day';
export type PeerServer = 'touchline' | 'postgraphile';

/** The bench data, and the matches the many-matches detail row asks for in turn. */
export interface PeerData extends BenchData {
  matchIds: readonly number[];
}

const query = (name: string) =>
  readFileSync(new URL(`./queries/${name}.graphql`, import.meta.url), 'utf8');

/** A Hong Kong day (UTC+8, no daylight saving) as the UTC range [from, to). */
export function hongKongDay(day: string): { from: string; to: string } {
  const from = new Date(`${day}T00:00:00+08:00`);
  const to = new Date(from.getTime() + 24 * 60 * 60 * 1000);
  return { from: from.toISOString(), to: to.toISOString() };
}

interface Operation {
  id: OperationId;
  label: string;
  scenario(server: PeerServer, data: PeerData): Scenario;
  summarise(server: PeerServer, answer: unknown): MatchSummary[];
}

function request(
  server: PeerServer,
  data: PeerData,
  document: string,
  variables: Record<string, unknown>,
) {
  return {
    method: 'POST' as const,
    path: '/graphql',
    headers: {
      'content-type': 'application/json',
      ...(server === 'touchline' ? { 'x-api-key': data.key } : {}),
    },
    body: requestBody(document, variables),
    graphql: true,
  };
}

const requestBody = (document: string, variables: Record<string, unknown>) =>
  JSON.stringify({ query: document, variables });

const summariseDetail = (server: PeerServer, answer: unknown) =>
  server === 'touchline' ? summariseTouchlineDetail(answer) : summarisePostGraphileDetail(answer);

const DOCUMENTS = {
  touchline: { detail: query('touchline-detail'), day: query('touchline-day') },
  postgraphile: { detail: query('postgraphile-detail'), day: query('postgraphile-day') },
};

export const OPERATIONS: readonly Operation[] = [
  {
    id: 'detail',
    label: 'GraphQL match detail',
    scenario: (server, data) => ({
      id: 'gql-match',
      label: `${server}: match detail`,
      ...request(server, data, DOCUMENTS[server].detail, { id: data.matchId }),
    }),
    summarise: summariseDetail,
  },
  {
    id: 'details',
    label: 'GraphQL match detail, many matches in turn',
    scenario: (server, data) => ({
      id: 'gql-match',
      label: `${server}: match detail, ${data.matchIds.length} matches in turn`,
      ...request(server, data, DOCUMENTS[server].detail, { id: data.matchIds[0] }),
      bodies: data.matchIds.map((id) => requestBody(DOCUMENTS[server].detail, { id })),
    }),
    summarise: summariseDetail,
  },
  {
    id: 'day',
    label: 'GraphQL Hong Kong day page',
    scenario: (server, data) => ({
      id: 'gql-page',
      label: `${server}: day page`,
      ...request(
        server,
        data,
        DOCUMENTS[server].day,
        server === 'touchline' ? { date: data.day } : hongKongDay(data.day),
      ),
      items: (answer) =>
        server === 'touchline'
          ? summariseTouchlineDay(answer).length
          : summarisePostGraphileDay(answer).length,
    }),
    summarise: (server, answer) =>
      server === 'touchline' ? summariseTouchlineDay(answer) : summarisePostGraphileDay(answer),
  },
];
