import type { FastifyInstance } from 'fastify';
import { primaryReads } from '../../src/db/data-reads.js';
import type { Database } from '../../src/db/database.js';
import { PrismaClient } from '../../src/db/generated/client.js';

export interface GraphqlResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{
      message: string;
      path?: (string | number)[];
      extensions?: Record<string, unknown>;
    }>;
    extensions?: { cost?: Record<string, unknown> } & Record<string, unknown>;
  };
}

export interface GraphqlRequest {
  key?: string;
  variables?: Record<string, unknown>;
  headers?: Record<string, string>;
  operationName?: string;
}

/** POST /graphql in process, as a client would send it. */
export async function graphql(
  app: FastifyInstance,
  query: string,
  request: GraphqlRequest = {},
): Promise<GraphqlResponse> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: {
      'content-type': 'application/json',
      ...(request.key ? { authorization: `Bearer ${request.key}` } : {}),
      ...request.headers,
    },
    payload: {
      query,
      ...(request.variables ? { variables: request.variables } : {}),
      ...(request.operationName ? { operationName: request.operationName } : {}),
    },
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

/** The error codes of a response, in order. */
export const errorCodes = (response: GraphqlResponse) =>
  (response.body.errors ?? []).map((e) => e.extensions?.['code']);

/**
 * The same database seen through a Prisma client that reports every SQL statement it sends
 * (Prisma's `$on('query')`, which works with the driver adapters).
 */
export function countingDatabase(database: Database) {
  const statements: string[] = [];
  const prisma = new PrismaClient({
    adapter: database.adapter,
    log: [{ emit: 'event', level: 'query' }],
  });
  prisma.$on('query', (event) => {
    statements.push(event.query);
  });
  const read: Database['read'] = (sql) => {
    // The sources' freshness state is read at most once a second by whichever request comes
    // (src/freshness): bookkeeping of the instance, not a read of the operation counted.
    if (!/\bsource_(state|resource_state)\b/.test(sql.text)) {
      statements.push(sql.text);
    }
    return database.read(sql);
  };
  const counted: Database = {
    ...database,
    prisma,
    read,
    data: primaryReads(prisma, read),
    close: () => prisma.$disconnect(),
  };
  return { database: counted, statements };
}

/** A root field of the response's data, which must be there. */
export function dataField<T>(response: GraphqlResponse, name: string): T {
  const value = response.body.data?.[name];
  if (value === undefined || value === null) {
    throw new Error(`no ${name} in ${JSON.stringify(response.body).slice(0, 500)}`);
  }
  return value as T;
}
