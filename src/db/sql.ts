import { createHash } from 'node:crypto';

/** A statement: Prisma's `Prisma.sql` tag makes one, or write `{ text, values }` by hand. */
export interface SqlStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

export type SqlRead = <T>(sql: SqlStatement) => Promise<T[]>;

const statementNames = new Map<string, string>();

/**
 * A name per statement text: `pg` prepares a named statement once per connection, and PostgreSQL
 * then plans it once instead of on every read (planning a four-table join costs more than running
 * it by primary key). The texts are the services' own, so there are few.
 */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `tl_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}
