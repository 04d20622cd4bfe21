/** A configuration the process cannot start with; every problem listed (kept apart from config.ts,
 * which loads the schema library, so the CLI can report it without loading that). */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
  }
}
