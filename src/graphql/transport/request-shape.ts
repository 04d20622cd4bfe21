import { ApiError } from '../../errors/api-error.js';

/**
 * How deeply `variables` and `extensions` may nest. The schema's deepest input is a list of
 * scalars (depth 2 inside the variables object); 32 leaves room for any client's envelope while
 * refusing the thousands of levels that overflow the stack of whatever walks them next.
 */
export const MAX_JSON_DEPTH = 32;

/** True when a parsed JSON value nests deeper than `max` (iterative: safe at any depth). */
export function nestsDeeper(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== 'object') {
      continue;
    }
    if (depth > max) {
      return true;
    }
    for (const child of Object.values(current)) {
      stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** The same for JSON text (a GET's `variables`): brackets outside strings, in one pass. */
export function textNestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') {
        i++;
      } else if (c === '"') {
        inString = false;
      }
    } else if (c === '"') {
      inString = true;
    } else if (c === '{' || c === '[') {
      depth++;
      if (depth > max) {
        return true;
      }
    } else if (c === '}' || c === ']') {
      depth--;
    }
  }
  return false;
}

const tooDeep = (value: unknown) =>
  typeof value === 'string'
    ? textNestsDeeper(value, MAX_JSON_DEPTH)
    : nestsDeeper(value, MAX_JSON_DEPTH);

/**
 * 400 `invalid_parameter` before any other work (cache key, parse, cost) when the operation's
 * `variables` or `extensions` nest deeper than MAX_JSON_DEPTH (docs/graphql.md "Limits").
 */
export function checkOperationShape(source: unknown): void {
  if (!source || typeof source !== 'object') {
    return;
  }
  for (const parameter of ['variables', 'extensions'] as const) {
    if (tooDeep((source as Record<string, unknown>)[parameter])) {
      throw new ApiError(
        'invalid_parameter',
        `'${parameter}' nests deeper than ${MAX_JSON_DEPTH} levels`,
        { parameter },
      );
    }
  }
}
