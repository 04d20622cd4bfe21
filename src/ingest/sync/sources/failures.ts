import { type ProviderFailure, SourceConfigError } from '../adapter.js';
import { windowOf } from '../budget.js';

/** Milliseconds until the next UTC day or month starts (when a daily or monthly quota renews). */
export function untilNext(period: 'day' | 'month', now = new Date()): number {
  return windowOf(period, now).end.getTime() - now.getTime();
}

/** A field of a JSON object, if the body is one. */
export function field(body: unknown, ...path: string[]): unknown {
  let value: unknown = body;
  for (const key of path) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return undefined;
    }
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

export const credentialsRefused = (reason: string): ProviderFailure => ({
  reason,
  credentialsRefused: true,
});

/**
 * The values of the variables a source's credentials are in; a missing one is a one-line
 * `SourceConfigError` naming it and saying where the value comes from.
 */
export function credentialValues(
  env: Readonly<Record<string, string | undefined>>,
  source: string,
  names: readonly string[],
  whereFrom: string,
): string[] {
  const missing = names.filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new SourceConfigError(`${source}: set ${missing.join(' and ')} (${whereFrom})`);
  }
  return names.map((name) => env[name] as string);
}
