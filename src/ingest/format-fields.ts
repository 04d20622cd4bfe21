import Type, { type TSchema } from 'typebox';

/** The import format's field types (docs/import-format.md), shared by its record schemas. */

/** An optional property that may also be sent as `null` (both mean "not reported"). */
export const opt = <T extends TSchema>(schema: T) =>
  Type.Optional(Type.Union([schema, Type.Null()]));

/**
 * Text the database can store: no NUL and no lone UTF-16 surrogate. JSON carries both
 * (`\u0000`, `\ud800`), but PostgreSQL refuses them, and with them the whole batch. One rule for
 * every free text field (issue 46); fields with a pattern of their own allow neither already.
 */
export const STORABLE_TEXT = '^(?:[^\\u0000\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$';
/** Years 1800 to 2999 (docs/decisions.md): PostgreSQL refuses year 0000, and no match is older. */
export const TIMESTAMP_YEARS = '^(1[89][0-9]{2}|2[0-9]{3})-';

export const Text = (length: { minLength?: number; maxLength: number }) =>
  Type.String({ ...length, pattern: STORABLE_TEXT });

export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const Seq = Type.Integer({ minimum: 0, maximum: 2147483647 });
export const Count = Type.Integer({ minimum: 0, maximum: 1000 });
export const Name = Text({ minLength: 1, maxLength: 200 });
export const Timestamp = Type.String({ format: 'date-time', pattern: TIMESTAMP_YEARS });
/** A calendar day, YYYY-MM-DD. */
export const Day = Type.String({
  format: 'date',
  pattern: '^(1[89][0-9]{2}|2[0-9]{3})-[0-9]{2}-[0-9]{2}$',
});
export const Price = Type.Number({ exclusiveMinimum: 1, maximum: 1000 });
/** Handicap or goal line in quarter steps (e.g. -0.75, 2.5). */
export const Line = Type.Number({ minimum: -20, maximum: 30, multipleOf: 0.25 });
export const Side = Type.Union([Type.Literal('home'), Type.Literal('away')]);
export const Market = Type.Union([Type.Literal('had'), Type.Literal('hdp'), Type.Literal('hilo')]);
export const Language = Type.Union([
  Type.Literal('en'),
  Type.Literal('zh-CN'),
  Type.Literal('zh-HK'),
]);
/** One of a fixed list of strings (JSON Schema `enum`; `Static` is the literal union). */
export const literals = <const T extends readonly string[]>(values: T) => Type.Enum(values);
