import type { TLocalizedValidationError } from 'typebox/error';
import { STORABLE_TEXT, TIMESTAMP_YEARS } from '../format-fields.js';

/** The format's shared patterns, said in words (a regular expression is no reason to a person). */
const PATTERN_REASONS: Readonly<Record<string, string>> = {
  [STORABLE_TEXT]:
    'must not contain a NUL character or a lone surrogate (the database refuses them)',
  [TIMESTAMP_YEARS]: 'must be a date-time in the years 1800 to 2999',
};

/** The first error of a failed schema check, as a JSON pointer and a readable reason. */
interface SchemaProblem {
  field: string;
  reason: string;
}

/**
 * TypeBox reports every failing branch of a union. Optional fields are `T | null` and enums
 * are unions of literals, so the raw first error is often "must be null" or "must be equal to
 * constant"; this picks the error a person wants to read.
 */
export function describeSchemaErrors(errors: readonly TLocalizedValidationError[]): SchemaProblem {
  for (const e of errors) {
    const said = e.keyword === 'pattern' ? PATTERN_REASONS[String(e.params.pattern)] : undefined;
    if (said) {
      return { field: e.instancePath, reason: said };
    }
    if (e.keyword === 'additionalProperties') {
      const name = e.params.additionalProperties[0] ?? '';
      return { field: `${e.instancePath}/${name}`, reason: 'is not a field of this file' };
    }
    if (e.keyword === 'required') {
      const name = e.params.requiredProperties[0] ?? '';
      return { field: `${e.instancePath}/${name}`, reason: 'is required' };
    }
  }
  const first = errors.find((e) => e.keyword !== 'boolean');
  if (first?.keyword === 'enum') {
    const list = first.params.allowedValues.map((v) => JSON.stringify(v)).join(', ');
    return { field: first.instancePath, reason: `must be one of ${list}` };
  }
  if (!first) {
    return { field: '', reason: 'does not match the schema' };
  }
  const atPath = errors.filter((e) => e.instancePath === first.instancePath);
  const allowed = atPath.flatMap((e) => (e.keyword === 'const' ? [e.params.allowedValue] : []));
  const onlyEnum = atPath.every((e) => ['const', 'anyOf', 'type'].includes(e.keyword));
  if (allowed.length > 1 && onlyEnum) {
    const list = allowed.filter((v) => v !== null).map((v) => JSON.stringify(v));
    return { field: first.instancePath, reason: `must be one of ${list.join(', ')}` };
  }
  return { field: first.instancePath, reason: first.message };
}
