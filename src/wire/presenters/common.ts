/** Spec 2 rule 1: an optional property whose value is null is omitted. Spread the result. */
export function optional<K extends string, V>(
  key: K,
  value: V | null | undefined,
): { [P in K]?: V } {
  return value === null || value === undefined ? {} : ({ [key]: value } as { [P in K]?: V });
}
