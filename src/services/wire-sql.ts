/**
 * `to_char` format of a UTC instant as JavaScript's `toISOString` writes it (millisecond
 * precision, `Z`), for JSON that PostgreSQL builds in the wire shape (odds-wire.ts). Use on
 * `timestamptz AT TIME ZONE 'UTC'`.
 */
export const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
