/**
 * COPY ... FROM STDIN text format: one line per row, columns separated by tabs, `\N` for NULL,
 * and backslash, newline, carriage return and tab escaped in values.
 */

const SPECIAL = /[\\\n\r\t]/;
const SPECIAL_ALL = /[\\\n\r\t]/g;
const ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

export const NULL_CELL = '\\N';

function escapeText(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ESCAPES[c] ?? c) : value;
}

/**
 * One value as PostgreSQL reads it back to what the JSON write pass stores: numbers in their
 * shortest round-trip form (`-0` kept), booleans `t`/`f`, objects and arrays as JSON text.
 */
export function copyCell(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return escapeText(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'undefined':
      return NULL_CELL;
    default:
      return value === null ? NULL_CELL : escapeText(JSON.stringify(value));
  }
}
