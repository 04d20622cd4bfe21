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
