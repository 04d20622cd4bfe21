/**
 * The pieces every subject's part of the environment is written with: JSON Schema fragments that
 * Ajv checks (config.ts compiles them into one schema), the typed values they give, and what a
 * subject answers: its problems, and its part of `Config` once there are none.
 */
export const integer = (minimum: number, maximum: number) =>
  ({ type: 'integer', minimum, maximum }) as const;
export const text = (constraint: { minLength: number } | { pattern: string }) =>
  ({ type: 'string', ...constraint }) as const;
export const oneOf = <const T extends readonly string[]>(values: T) =>
  ({ type: 'string', enum: values }) as const;

type EnvValue<S> = S extends { enum: readonly (infer V)[] }
  ? V
  : S extends { type: 'integer' }
    ? number
    : string;

/** The checked values of a subject's variables (absent when unset or empty). */
export type EnvOf<P> = { -readonly [K in keyof P]?: EnvValue<P[K]> };

/** A subject's reading of the environment: its problems, and its part of `Config` when none. */
export interface Reading<C> {
  problems: readonly string[];
  config(): C;
}

export const trimSlash = (url: string) => url.replace(/\/+$/, '');
