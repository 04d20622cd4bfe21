import Type, { type TSchema } from 'typebox';

/** Spec 2.1: `{ data }`, plus `meta` on the paginated list only. */
export const envelope = <T>(data: T) => ({ data });

export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ data }, { additionalProperties: false });
