import type { ImportFileName } from '../../format.js';
import type { SqlExecutor } from '../reader.js';
import { stageSource, upsertRows } from '../upsert.js';
import { staleStagedChildrenSql, writeNestedBatch } from '../write-nested.js';
import { type Dropped, dropForLoad, emptyTables, q } from './dropped-constraints.js';
import { type BulkTable, bulkFile, type EncodedBatch, RowEncoder, tablesOf } from './plan.js';
import type { BulkSession, BulkTarget } from './target.js';

export interface WriteCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

type Progress = (message: string) => void;

const SLOW_RESTORE_MS = 1_000;
const plural = (n: number, what: 'index' | 'foreign key') =>
  `${n} ${what}${n === 1 ? '' : what === 'index' ? 'es' : 's'}`;
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/**
 * The bulk write pass: one transaction on one connection (a connection of PostgreSQL's pool, or
 * embedded PGlite's only one; bulk/target.ts), rows sent with `COPY ... FROM STDIN`.
 *
 * - A file whose tables are all EMPTY when the transaction has locked them is loaded straight
 *   into them: their indexes, primary keys and the foreign keys to and from them are dropped,
 *   the tables truncated (still empty; it lets COPY write frozen, all-visible rows), the rows
 *   copied in, and everything is put back from its own definition (`pg_get_indexdef`,
 *   `pg_get_constraintdef`) before COMMIT: building an index once beats maintaining it row by
 *   row, and re-adding a foreign key checks every row in one join instead of one lookup each.
 * - Any other file is copied into a temporary staging table, batch by batch, and upserted from
 *   it with the same statements as the JSON pass (ON CONFLICT ... DO UPDATE ... WHERE the row
 *   differs), so counts, `updated_at` and re-imports behave exactly alike.
 *
 * Writers of the import tables wait for the transaction (SHARE ROW EXCLUSIVE); readers of a
 * table loaded directly wait too (its DDL takes ACCESS EXCLUSIVE): that only happens to empty
 * tables. Nothing is visible to anyone before COMMIT, and ROLLBACK undoes all of it, DDL
 * included.
 */
export class BulkLoad {
  readonly #session: BulkSession;
  readonly #target: BulkTarget;
  readonly #progress: Progress;
  readonly #direct: ReadonlySet<ImportFileName>;
  readonly #dropped: readonly Dropped[];
  readonly #stages = new Set<string>();
  readonly #written = new Set<string>();
  /** The transaction's timestamp as PostgreSQL prints it (what `now()` defaults store). */
  readonly now: string;
  #open = true;

  private constructor(init: {
    session: BulkSession;
    target: BulkTarget;
    progress: Progress;
    direct: ReadonlySet<ImportFileName>;
    dropped: readonly Dropped[];
    now: string;
  }) {
    this.#session = init.session;
    this.#target = init.target;
    this.#progress = init.progress;
    this.#direct = init.direct;
    this.#dropped = init.dropped;
    this.now = init.now;
  }

  /** Opens the transaction, locks the tables of `files` and prepares the empty ones. */
  static async begin(
    target: BulkTarget,
    files: readonly ImportFileName[],
    progress: Progress,
  ): Promise<BulkLoad> {
    const session = await target.begin();
    try {
      // One long transaction: index builds take minutes on millions of rows, and the
      // connection waits between batches while the next one is prepared.
      await session.query(
        `SET LOCAL maintenance_work_mem = '256MB'; SET LOCAL statement_timeout = 0; SET LOCAL idle_in_transaction_session_timeout = 0`,
      );
      const tables = tablesOf(files);
      await session.query(`LOCK TABLE ${tables.map(q).join(', ')} IN SHARE ROW EXCLUSIVE MODE`);
      const empty = await emptyTables(session, tables);
      let direct = files.filter((f) => bulkFile(f).tables.every((t) => empty.has(t.table)));
      let dropped: Dropped[] = [];
      if (direct.length > 0) {
        const fresh = tablesOf(direct);
        const done = await dropForLoad(session, fresh);
        if (done) {
          dropped = done;
          progress(`bulk: empty tables, loaded directly: ${fresh.join(', ')}`);
        } else {
          direct = [];
        }
      }
      const { rows } = await session.query<{ now: string }>('SELECT now()::text AS now');
      return new BulkLoad({
        session,
        target,
        progress,
        direct: new Set(direct),
        dropped,
        now: rows[0]?.now ?? '',
      });
    } catch (error) {
      await session.rollback();
      throw error;
    }
  }

  /** Whether `file` goes straight into its (empty) tables. */
  isDirect(file: ImportFileName): boolean {
    return this.#direct.has(file);
  }

  /** An encoder whose rows fit how `file` is written. */
  encoder(file: ImportFileName): RowEncoder {
    return new RowEncoder(file, this.isDirect(file) ? this.now : null);
  }

  /** Reads through the transaction's own connection (it holds locks others would wait for). */
  get reader(): SqlExecutor {
    const session = this.#session;
    return {
      $queryRawUnsafe: async <T>(sql: string, ...values: unknown[]) =>
        (await session.query(sql, values)).rows as T,
      $executeRawUnsafe: async (sql: string, ...values: unknown[]) =>
        (await session.query(sql, values)).rowCount,
    };
  }

  /** Writes one encoded batch; the counts are those of the JSON pass for the same records. */
  async write(batch: EncodedBatch): Promise<WriteCounts> {
    if (batch.records === 0) {
      return { inserted: 0, updated: 0, unchanged: 0 };
    }
    for (const { table } of batch.tables) {
      this.#written.add(table.table);
    }
    if (this.isDirect(batch.file)) {
      for (const { table, pieces } of batch.tables) {
        await this.#copy(table.table, table, pieces, true);
      }
      return { inserted: batch.records, updated: 0, unchanged: 0 };
    }
    const stages: string[] = [];
    for (const { table, pieces } of batch.tables) {
      const stage = await this.#stage(table);
      await this.#session.query(`TRUNCATE ${q(stage)}`);
      await this.#copy(stage, table, pieces, false);
      stages.push(stage);
    }
    return this.#upsert(batch, stages);
  }

  async #upsert(batch: EncodedBatch, stages: string[]): Promise<WriteCounts> {
    const plan = bulkFile(batch.file);
    const [parentStage = '', childStage = ''] = stages;
    if (plan.nested) {
      const nested = plan.nested.spec;
      const changed = await writeNestedBatch(
        this.reader,
        nested,
        {
          parent: stageSource(nested.parent, parentStage),
          child: stageSource(nested.child, childStage),
          stale: staleStagedChildrenSql(nested, parentStage, childStage),
        },
        [],
      );
      return {
        ...changed,
        unchanged: batch.records - changed.inserted - changed.updated,
      };
    }
    let inserted = 0;
    let changed = 0;
    for (const spec of plan.tables[0]?.specs ?? []) {
      const counts = await upsertRows(this.reader, spec, stageSource(spec, parentStage), []);
      inserted += counts.inserted;
      changed += counts.changed;
    }
    return { inserted, updated: changed - inserted, unchanged: batch.records - changed };
  }

  async #stage(table: BulkTable): Promise<string> {
    const stage = `_bulk_${table.table}`;
    if (!this.#stages.has(stage)) {
      // No constraints: a column the record leaves NULL is decided by the upsert.
      await this.#session.query(
        `CREATE TEMPORARY TABLE ${q(stage)} ON COMMIT DROP AS SELECT ${table.columns.map((c) => q(c.name)).join(', ')} FROM ${q(table.table)} WITH NO DATA`,
      );
      this.#stages.add(stage);
    }
    return stage;
  }

  async #copy(target: string, table: BulkTable, pieces: Buffer[], freeze: boolean) {
    if (pieces.length === 0) {
      return;
    }
    const columns = table.columns.map((c) => q(c.name)).join(', ');
    const options = freeze ? ' WITH (FREEZE)' : '';
    await this.#session.copyIn(`COPY ${q(target)} (${columns}) FROM STDIN${options}`, pieces);
  }

  /**
   * Puts back what was dropped for the load, indexes (primary keys among them) before the
   * foreign keys that need them, and commits.
   */
  async commit(): Promise<void> {
    const restoring = performance.now();
    for (const kind of ['index', 'foreign key'] as const) {
      const byTable = new Map<string, Dropped[]>();
      for (const d of this.#dropped.filter((x) => x.kind === kind)) {
        byTable.set(d.table, [...(byTable.get(d.table) ?? []), d]);
      }
      for (const [table, dropped] of byTable) {
        const started = performance.now();
        for (const d of dropped) {
          await this.#session.query(d.restore);
        }
        // Only the slow ones are worth a line: millions of rows take minutes.
        if (performance.now() - started >= SLOW_RESTORE_MS) {
          this.#progress(
            `bulk: ${table}: ${plural(dropped.length, kind)} restored in ${seconds(started)}`,
          );
        }
      }
    }
    if (this.#dropped.length > 0) {
      const indexes = this.#dropped.filter((d) => d.kind === 'index').length;
      this.#progress(
        `bulk: ${plural(indexes, 'index')} and ${plural(this.#dropped.length - indexes, 'foreign key')} restored in ${seconds(restoring)}`,
      );
    }
    const started = performance.now();
    await this.#session.commit();
    this.#open = false;
    this.#progress(`bulk: committed in ${seconds(started)}`);
  }

  async rollback(): Promise<void> {
    if (!this.#open) {
      return;
    }
    this.#open = false;
    await this.#session.rollback();
  }

  /** After COMMIT: fresh planner statistics for every table written. */
  async analyze(): Promise<void> {
    const tables = [...this.#written];
    if (tables.length === 0) {
      return;
    }
    const started = performance.now();
    await this.#target.run(`ANALYZE ${tables.map(q).join(', ')}`);
    this.#progress(`bulk: analyzed ${tables.length} tables in ${seconds(started)}`);
  }
}
