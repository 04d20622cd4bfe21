/** What a steady client load saw: answers by status, failures by their cause. */
export interface LoadTally {
  sent: number;
  ok: number;
  /** Non-2xx answers by status (and 200s with GraphQL errors as `graphql-errors`). */
  refused: Record<string, number>;
  /** Requests that got no answer at all (reset, closed, refused), by error code. */
  errors: Record<string, number>;
}

const GRAPHQL_BODY = JSON.stringify({ query: '{ bookmakers { id } }' });

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

/**
 * `clients` loops, each sending one request after another (keep-alive), alternating the REST
 * bookmakers route and the same read through GraphQL (a POST), until `stop()` is called.
 */
export function startLoad(base: string, key: string, clients: number) {
  const tally: LoadTally = { sent: 0, ok: 0, refused: {}, errors: {} };
  let running = true;
  const count = (map: Record<string, number>, what: string) => {
    map[what] = (map[what] ?? 0) + 1;
  };
  async function one(graphql: boolean): Promise<void> {
    tally.sent += 1;
    try {
      const res = graphql
        ? await fetch(`${base}/graphql`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body: GRAPHQL_BODY,
          })
        : await fetch(`${base}/v1/football/odds/bookmakers`, { headers: { 'x-api-key': key } });
      const text = await res.text();
      if (res.status !== 200) {
        count(tally.refused, String(res.status));
      } else if (graphql && text.includes('"errors"')) {
        count(tally.refused, 'graphql-errors');
      } else {
        tally.ok += 1;
      }
    } catch (error) {
      count(tally.errors, causeOf(error));
    }
  }
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let i = 0; running; i++) {
      await one((client + i) % 2 === 1);
    }
  });
  return {
    tally,
    async stop(): Promise<LoadTally> {
      running = false;
      await Promise.all(loops);
      return tally;
    },
  };
}
