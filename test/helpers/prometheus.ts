/** One sample of a Prometheus text exposition (format 0.0.4), as a scraper reads it. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

const unescapeLabel = (value: string) =>
  value.replace(/\\(["\\n])/g, (_m, c: string) => (c === 'n' ? '\n' : c));

/**
 * The samples of an exposition, and the `# TYPE` of each metric family. Throws on a line that
 * is neither a comment nor a sample: a scraper would refuse it too.
 */
export function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') {
      continue;
    }
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type) {
        types.set(type[1] as string, type[2] as string);
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) {
      throw new Error(`not a Prometheus sample line: ${line}`);
    }
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL)) {
      labels[name as string] = unescapeLabel(value as string);
    }
    samples.push({ name: match[1] as string, labels, value: Number(match[3]) });
  }
  return { samples, types };
}

/** The samples named `name` whose labels include `labels`. */
export const samplesOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );

/** The sum of those samples (0 when there is none). */
export const sumOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samplesOf(samples, name, labels).reduce((sum, s) => sum + s.value, 0);
