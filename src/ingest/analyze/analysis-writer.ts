import type { AnalysisMarket } from '../../analysis/market-types.js';
import type { PrismaClient } from '../../db/generated/client.js';

/** Rows per INSERT and payload characters per INSERT, whichever is reached first. */
const MAX_ROWS = 500;
const MAX_CHARS = 4_000_000;

type Table = 'market' | 'corner';

interface Pending {
  /** `(id columns...` of each row, without the payload and the closing parenthesis. */
  keys: string[];
  payloads: string[];
  chars: number;
}

const TABLES: Record<Table, { insert: string; conflict: string; table: string }> = {
  market: {
    table: 'market_analyses',
    insert: 'INSERT INTO "market_analyses" ("match_id", "market", "payload", "computed_at")',
    conflict: '("match_id", "market")',
  },
  corner: {
    table: 'corner_analyses',
    insert: 'INSERT INTO "corner_analyses" ("match_id", "payload", "computed_at")',
    conflict: '("match_id")',
  },
};

/**
 * One multi-row upsert; payloads are text parameters (no JSON parsing in the database). An
 * unchanged payload is not rewritten (`IS DISTINCT FROM`): a re-run updates no row and keeps
 * `computed_at`, the time the document last changed.
 */
function upsertSql(which: Table, keys: readonly string[], stamp: string): string {
  const { insert, conflict, table } = TABLES[which];
  const values = keys.map((k, n) => `${k}, $${n + 1}::text, ${stamp})`).join(', ');
  return `${insert} VALUES ${values} ON CONFLICT ${conflict} DO UPDATE SET "payload" = EXCLUDED."payload", "computed_at" = EXCLUDED."computed_at" WHERE "${table}"."payload" IS DISTINCT FROM EXCLUDED."payload" RETURNING "match_id"`;
}

/**
 * Batched, idempotent upserts of analysis documents (JSON text). One batch is written while the
 * next is computed; `close()` resolves with the number of rows inserted or changed.
 */
export function createAnalysisWriter(db: PrismaClient, computedAt: Date) {
  const stamp = `'${computedAt.toISOString()}'::timestamptz`;
  const empty = (): Pending => ({ keys: [], payloads: [], chars: 0 });
  const pending: Record<Table, Pending> = { market: empty(), corner: empty() };
  let inFlight: Promise<void> = Promise.resolve();
  let failure: unknown;
  let written = 0;
  const changed = new Set<number>();

  async function settled(): Promise<void> {
    await inFlight;
    if (failure !== undefined) {
      throw failure;
    }
  }

  async function flush(which: Table): Promise<void> {
    const batch = pending[which];
    if (batch.keys.length === 0) {
      return;
    }
    pending[which] = empty();
    await settled();
    // Attach the handlers now: a PrismaPromise runs only once `then` is called, and a failure
    // must surface at the next flush rather than as an unhandled rejection.
    inFlight = db
      .$queryRawUnsafe<{ match_id: number }[]>(
        upsertSql(which, batch.keys, stamp),
        ...batch.payloads,
      )
      .then(
        (rows) => {
          written += rows.length;
          for (const r of rows) {
            changed.add(r.match_id);
          }
        },
        (error: unknown) => {
          failure = error;
        },
      );
  }

  async function add(which: Table, keys: string, payload: string): Promise<void> {
    const batch = pending[which];
    batch.keys.push(keys);
    batch.payloads.push(payload);
    batch.chars += payload.length;
    if (batch.keys.length >= MAX_ROWS || batch.chars >= MAX_CHARS) {
      await flush(which);
    }
  }

  return {
    /** `payload`: the document's JSON text, stored and served as it is. */
    addMarket(matchId: number, market: AnalysisMarket, payload: string) {
      return add('market', `(${int(matchId)}, '${market}'::"AnalysisMarket"`, payload);
    },
    addCorner(matchId: number, payload: string) {
      return add('corner', `(${int(matchId)}`, payload);
    },
    /** Resolves with the rows inserted or changed and the matches they belong to. */
    async close(): Promise<{ written: number; matches: Set<number> }> {
      await flush('market');
      await flush('corner');
      await settled();
      return { written, matches: changed };
    },
  };
}

/** Ids are interpolated into SQL: only integers get there. */
function int(value: number): string {
  if (!Number.isSafeInteger(value)) {
    throw new Error(`not an integer id: ${value}`);
  }
  return String(value);
}

/**
 * Drops the stored `market` analyses of `matchIds`: matches analysed by the run that got no
 * document for that market (no real bookmaker has odds for it any more).
 */
export async function deleteMarketAnalyses(
  db: PrismaClient,
  market: AnalysisMarket,
  matchIds: readonly number[],
): Promise<number[]> {
  const deleted: number[] = [];
  for (let k = 0; k < matchIds.length; k += 10_000) {
    const ids = matchIds
      .slice(k, k + 10_000)
      .map(int)
      .join(', ');
    const rows = await db.$queryRawUnsafe<{ match_id: number }[]>(
      `DELETE FROM "market_analyses" WHERE "market" = '${market}' AND "match_id" IN (${ids}) RETURNING "match_id"`,
    );
    deleted.push(...rows.map((r) => r.match_id));
  }
  return deleted;
}
