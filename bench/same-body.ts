import type { Server } from './processes.js';
import type { Scenario } from './scenarios.js';

/**
 * Byte-for-byte comparison of two response bodies (a baseline must answer what touchline
 * answers): undefined when equal, else where they part, with some text of each around it.
 */
export function bodyDifference(expected: string, actual: string): string | undefined {
  if (expected === actual) {
    return undefined;
  }
  let at = 0;
  while (at < expected.length && expected[at] === actual[at]) {
    at += 1;
  }
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 40), at + 40));
  return (
    `bodies differ at character ${at} (lengths ${expected.length} and ${actual.length}): ` +
    `touchline ${around(expected)}, baseline ${around(actual)}`
  );
}

/**
 * One request of each (touchline's row and its baseline's): undefined when both answer 200 with
 * the same body, else what differs.
 */
export async function sameAnswer(
  ours: Server,
  row: Scenario,
  theirs: Server,
  baseline: Scenario,
): Promise<string | undefined> {
  const [a, b] = await Promise.all([
    fetch(`${ours.url}${row.path}`, { headers: row.headers }),
    fetch(`${theirs.url}${baseline.path}`, { headers: baseline.headers }),
  ]);
  if (a.status !== 200 || b.status !== 200) {
    return `statuses ${a.status} and ${b.status}`;
  }
  return bodyDifference(await a.text(), await b.text());
}
