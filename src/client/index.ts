/**
 * `touchline/client`: what a frontend needs to call a touchline server, typed from the server's
 * own OpenAPI document and GraphQL schema. It imports nothing of the server (dependency-cruiser
 * rule `client-stands-alone`); at run time it needs openapi-fetch only.
 */
export * from './graphql.js';
export * from './rest.js';
