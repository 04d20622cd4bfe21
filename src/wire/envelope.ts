import Type, { type TSchema } from 'typebox';

/** Spec 2.1: `{ data }`, plus `meta` on the paginated list only. */
export const envelope = <T>(data: T) => ({ data });

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ data }, { additionalProperties: false });

/** Splices stored JSON text into the envelope unparsed: the bytes of `JSON.stringify({ data })`. */
export const envelopeText = (json: string): string => `{"data":${json}}`;
