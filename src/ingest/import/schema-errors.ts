import type { TLocalizedValidationError } from 'typebox/error';

/** The first error of a failed schema check, as a JSON pointer and a readable reason. */
export interface SchemaProblem {
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
