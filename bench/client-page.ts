import { graphqlBody, PAGE_QUERY } from './graphql-queries.js';
import type { PageResult, PageSide, PageTask } from './load-protocol.js';
import { median, percentile, round } from './stats.js';

/** The children a match card needs, one REST call each. Lineups and analysis may be 404. */
const CHILDREN = ['odds', 'lineups', 'analysis/corners'] as const;

interface Tally {
  statusCodes: Record<string, number>;
  failures: number;
}

const count = (tally: Tally, status: number, ok: boolean) => {
  tally.statusCodes[status] = (tally.statusCodes[status] ?? 0) + 1;
  if (!ok) {
    tally.failures += 1;
  }
};

/** Runs `jobs` with at most `limit` in flight. */
async function inFlight(jobs: (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      await job?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, jobs.length) }, lane));
}

/** GET list, then every child of every item with `concurrency` requests in flight. */
async function restPage(
  task: PageTask,
  tally: Tally,
): Promise<{ matches: number; requests: number }> {
  const headers = { 'x-api-key': task.key };
  const base = `${task.baseUrl}/v1/football`;
  const list = await fetch(`${base}/matches?date=${task.day}&pageSize=${task.pageSize}`, {
    headers,
  });
  count(tally, list.status, list.status === 200);
  const page = (await list.json()) as { data?: { id: number }[] };
  const ids = (page.data ?? []).map((m) => m.id);
  const jobs = ids.flatMap((id) =>
    CHILDREN.map((child) => async () => {
      const response = await fetch(`${base}/matches/${id}/${child}`, { headers });
      await response.arrayBuffer();
      count(
        tally,
        response.status,
        response.status === 200 || (child !== 'odds' && response.status === 404),
      );
    }),
  );
  await inFlight(jobs, task.concurrency);
  return { matches: ids.length, requests: 1 + jobs.length };
}

async function graphqlPage(task: PageTask, tally: Tally): Promise<number> {
  const response = await fetch(`${task.baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'x-api-key': task.key, 'content-type': 'application/json' },
    body: graphqlBody(PAGE_QUERY, { date: task.day, pageSize: task.pageSize }),
  });
  const body = (await response.json()) as {
    errors?: unknown[];
    data?: { matches?: { items?: unknown[] } };
  };
  count(tally, response.status, response.status === 200 && !body.errors);
  return body.data?.matches?.items?.length ?? 0;
}

const side = (ms: number[], requests: number, tally: Tally): PageSide => ({
  medianMs: round(median(ms)),
  p90Ms: round(percentile(ms, 90)),
  requests,
  ...tally,
});

/**
 * The time a client needs for one page of match cards: over REST (list + 3 children per match)
 * and over GraphQL (one request). Alternating, after one discarded round of each.
 */
export async function clientPage(task: PageTask): Promise<PageResult> {
  const discard: Tally = { statusCodes: {}, failures: 0 };
  await restPage(task, discard);
  await graphqlPage(task, discard);
  const restTally: Tally = { statusCodes: {}, failures: 0 };
  const graphqlTally: Tally = { statusCodes: {}, failures: 0 };
  const restMs: number[] = [];
  const graphqlMs: number[] = [];
  let matches = 0;
  let requests = 0;
  for (let i = 0; i < task.runs; i++) {
    let started = performance.now();
    ({ matches, requests } = await restPage(task, restTally));
    restMs.push(performance.now() - started);
    started = performance.now();
    const items = await graphqlPage(task, graphqlTally);
    graphqlMs.push(performance.now() - started);
    if (items !== matches) {
      graphqlTally.failures += 1;
    }
  }
  return {
    matches,
    rest: side(restMs, requests, restTally),
    graphql: side(graphqlMs, 1, graphqlTally),
  };
}
