/** `pg`'s own value mapping for bound parameters (pg/lib/utils.js; not in @types/pg). */
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): unknown;
}
