import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { operations, paths } from './generated/rest.js';

export type { operations, paths } from './generated/rest.js';

export interface RestClientOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`; every path starts with `/v1`. */
  baseUrl: string;
  /**
   * Sent as `X-Api-Key` (spec 5.1: a header, never the URL). Leave it out for the keyless
   * `/v1/football/meta` routes.
   */
  apiKey?: string | undefined;
  /** More headers for every request (`Accept-Language`, tracing ...). */
  headers?: Record<string, string> | undefined;
  /** Another fetch (tests, instrumentation, a polyfill); the global one by default. */
  fetch?: ClientOptions['fetch'];
}

/** An openapi-fetch client over the served document's paths: `GET(path, { params })`. */
export type RestClient = Client<paths>;

/**
 * A typed REST client: paths, parameters and bodies come from the server's OpenAPI document
 * (`npm run client:types`), so a wrong path or parameter does not compile.
 */
export function createRestClient(options: RestClientOptions): RestClient {
  const headers = {
    ...options.headers,
    ...(options.apiKey ? { 'X-Api-Key': options.apiKey } : {}),
  };
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** The JSON body of an operation's 200 answer, by its `operationId`. */
export type RestBody<Id extends keyof operations> = operations[Id] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** A page of `GET /v1/football/matches` (`data` and `meta`). */
export type MatchListPage = RestBody<'listMatches'>;
/** One entry of a match list. */
export type MatchListItem = MatchListPage['data'][number];
/** `GET /v1/football/matches/{matchId}`'s match. */
export type Match = RestBody<'getMatch'>['data'];
/** One competition of `GET /v1/football/competitions` (issue 49). */
export type Competition = RestBody<'listCompetitions'>['data'][number];
/** `GET /v1/football/competitions/{competitionId}/standings`'s season tables. */
export type CompetitionStandings = RestBody<'getStandings'>['data'];
/** `GET /v1/football/teams/{teamId}`'s team (issue 49). */
export type Team = RestBody<'getTeam'>['data'];
/** A page of `GET /v1/football/teams/{teamId}/matches` (`data` and `meta`). */
export type TeamMatchesPage = RestBody<'listTeamMatches'>;
/** `GET /v1/football/players/{playerId}`'s player (issue 49). */
export type Player = RestBody<'getPlayer'>['data'];
/** `GET /v1/football/competitions/{competitionId}/scorers`'s season list (issue 49). */
export type CompetitionScorers = RestBody<'listScorers'>['data'];
/** One result of `GET /v1/football/search` (issue 49). */
export type SearchResult = RestBody<'search'>['data'][number];
/** The `application/problem+json` body of every error answer (spec 7). */
export type Problem = operations['getMatch'] extends {
  responses: { 404: { content: { 'application/problem+json': infer Body } } };
}
  ? Body
  : never;
