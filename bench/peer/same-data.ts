import type { Server } from '../processes.js';
import { differences } from './equivalence.js';
import { OPERATIONS, type PeerData, type PeerServer } from './operations.js';

/** How many of a row's bodies in turn are compared (its first ones). */
const COMPARED_BODIES = 10;

async function answer(server: Server, kind: PeerServer, data: PeerData, index: number) {
  const operation = OPERATIONS[index];
  if (!operation) {
    throw new Error(`no operation ${index}`);
  }
  const s = operation.scenario(kind, data);
  const summaries = [];
  for (const body of s.bodies?.slice(0, COMPARED_BODIES) ?? [s.body]) {
    const response = await fetch(`${server.url}${s.path}`, {
      method: s.method,
      headers: s.headers,
      ...(body === undefined ? {} : { body }),
    });
    if (response.status !== 200) {
      throw new Error(`${server.name} ${operation.id}: status ${response.status}`);
    }
    summaries.push(...operation.summarise(kind, await response.json()));
  }
  return summaries;
}

/**
 * Once per run, before measuring: every touchline server and PostGraphile answer each operation
 * with the same matches, odds rows and lineup players; fails loudly otherwise. Returns what was
 * compared, for the report.
 */
export async function checkSameData(
  touchlines: readonly Server[],
  postgraphile: Server,
  data: PeerData,
): Promise<string[]> {
  const checked: string[] = [];
  for (const [index, operation] of OPERATIONS.entries()) {
    const peer = await answer(postgraphile, 'postgraphile', data, index);
    for (const touchline of touchlines) {
      const found = differences(await answer(touchline, 'touchline', data, index), peer);
      if (found.length > 0) {
        throw new Error(
          `${operation.id}: ${touchline.name} and PostGraphile answer different data:\n  ${found.join('\n  ')}`,
        );
      }
    }
    const sum = (key: 'oddsRows' | 'lineupPlayers') => peer.reduce((n, m) => n + m[key], 0);
    checked.push(
      `${operation.id}: ${peer.length} match(es), ${sum('oddsRows')} odds rows, ${sum('lineupPlayers')} lineup players`,
    );
  }
  return checked;
}
