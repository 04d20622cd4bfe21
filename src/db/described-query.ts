import pg from 'pg';
import { prepareValue } from 'pg/lib/utils.js';

/**
 * A named statement's read without asking PostgreSQL to describe its result again
 * (docs/performance-miss-path.md "Row descriptions"). `pg` sends Describe with every execution
 * of a prepared statement, so the server sends the RowDescription every time, and `pg` parses it
 * and builds the row template and one type parser per column again: a fifth of the server's CPU
 * on a cache-off match detail (33 columns). A statement's columns are fixed once it is prepared
 * (PostgreSQL refuses to run a prepared statement whose result type changed), so the first
 * description of each statement name is kept and reused on every connection that has prepared
 * the statement; an error forgets it, and the next execution describes again.
 */

/** What `pg`'s Result builds from a RowDescription (its fields, parsers and row template). */
interface Description {
  fields: unknown[];
  parsers: unknown[];
  emptyRow: Record<string, null>;
}

/** The parts of `pg`'s Query and Result this module uses (not in @types/pg). */
interface QueryInternals {
  name?: string;
  portal: string;
  values?: unknown[];
  binary?: boolean;
  rows?: number;
  callback?: unknown;
  _accumulateRows: boolean;
  _result: {
    fields: unknown[];
    _parsers: unknown[] | undefined;
    _prebuiltEmptyResultObject: Record<string, null> | null;
  };
  hasBeenParsed(connection: unknown): boolean;
  listeners(event: string): unknown[];
  handleError(error: unknown, connection: unknown): void;
  _getRows(connection: unknown, rows: number | undefined): void;
}

interface ConnectionInternals {
  bind(message: Record<string, unknown>): void;
  close(message: { type: 'S'; name: string | undefined }): void;
  sync(): void;
}

const descriptions = new Map<string, Description>();

const PgQuery = pg.Query as unknown as new (config: pg.QueryConfig) => object;

export class DescribedQuery extends PgQuery {
  // pg's prepare() minus Describe, when this connection has the statement and we know its result.
  prepare(connection: ConnectionInternals): void {
    const self = this as unknown as QueryInternals;
    const known = self.name ? descriptions.get(self.name) : undefined;
    if (!known || !self.hasBeenParsed(connection)) {
      (PgQuery.prototype as { prepare(c: unknown): void }).prepare.call(this, connection);
      return;
    }
    try {
      connection.bind({
        portal: self.portal,
        statement: self.name,
        values: self.values,
        binary: self.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      connection.close({ type: 'S', name: self.name });
      connection.sync();
      self.handleError(error, connection);
      return;
    }
    self._result.fields = known.fields;
    self._result._parsers = known.parsers;
    self._result._prebuiltEmptyResultObject = known.emptyRow;
    self._accumulateRows = Boolean(self.callback) || self.listeners('row').length === 0;
    self._getRows(connection, self.rows);
  }

  handleRowDescription(message: unknown): void {
    (PgQuery.prototype as { handleRowDescription(m: unknown): void }).handleRowDescription.call(
      this,
      message,
    );
    const self = this as unknown as QueryInternals;
    const { fields, _parsers, _prebuiltEmptyResultObject } = self._result;
    if (self.name && _parsers && _prebuiltEmptyResultObject) {
      descriptions.set(self.name, {
        fields,
        parsers: _parsers,
        emptyRow: _prebuiltEmptyResultObject,
      });
    }
  }

  handleError(error: unknown, connection: unknown): void {
    const self = this as unknown as QueryInternals;
    if (self.name) {
      descriptions.delete(self.name);
    }
    (PgQuery.prototype as { handleError(e: unknown, c: unknown): void }).handleError.call(
      this,
      error,
      connection,
    );
  }
}
