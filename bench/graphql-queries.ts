import { parse, print } from 'graphql';
import { documentHash } from '../src/graphql/documents/trusted-documents.js';

/** GraphQL operations selecting what the REST routes they are compared with return. */

/** The fields of GET /v1/football/matches/{id} (homeLogo/awayLogo are `home.logo`/`away.logo`). */
const MATCH_FIELDS = `
  id
  competition { name nameOriginal }
  home { name logo }
  away { name logo }
  status
  minute
  kickoffUtc
  score { current halfTime }
  corners
  cards { home { yellow red } away { yellow red } }
  round
  venue`;

const PRICES = {
  had: 'at home draw away',
  hdp: 'at line home away',
  hilo: 'at line over under',
};

const market = (name: keyof typeof PRICES) =>
  `${name} { opening { ${PRICES[name]} } closing { ${PRICES[name]} } }`;

const PLAYER = `name shirtNumber position x y rating captain goals cards { yellow red }
  subbedInMinute subbedOutMinute`;

const SIDE = `formation coach starters { ${PLAYER} } substitutes { ${PLAYER} }`;

export const MATCH_QUERY = `query Match($id: Int!) { match(id: $id) { ${MATCH_FIELDS} } }`;

/** One page with every item's odds (GET .../odds), lineups and corner analysis. */
export const PAGE_QUERY = `query Page($date: String!, $pageSize: Int!) {
  matches(date: $date, pageSize: $pageSize) {
    pageInfo { page pageSize total totalPages }
    items {
      ${MATCH_FIELDS}
      odds { bookmakers { bookmaker { id name nameEn isAggregate } ${market('had')} ${market('hdp')} ${market('hilo')} } }
      lineups { home { ${SIDE} } away { ${SIDE} } }
      analysis { corners }
    }
  }
}`;

export const graphqlBody = (query: string, variables: Record<string, unknown>) =>
  JSON.stringify({ query, variables });

/**
 * A registered document requested by hash over GET, as urql's persistedExchange and Apollo's
 * PersistedQueryLink send it (docs/graphql.md "Trusted documents"): the hash is the one `touchline
 * documents add` stores the document under.
 */
export function persistedGetPath(
  query: string,
  operationName: string,
  variables: Record<string, unknown>,
): string {
  const sha256Hash = documentHash(print(parse(query)));
  const search = new URLSearchParams({
    operationName,
    variables: JSON.stringify(variables),
    extensions: JSON.stringify({ persistedQuery: { version: 1, sha256Hash } }),
  });
  return `/graphql?${search}`;
}
