/**
 * The backfill row (issue 47, docs/benchmarks.md "Sync"): the recorded season through
 * `touchline sync --once` from the provider stand-in, against `touchline import` of the same
 * facts as an import folder. Each side is timed as a user meets it (the CLI processes from
 * spawn to exit) on a fresh, migrated store, the two sides in interleaved rounds; the row's
 * ratio is the median of the rounds' import time / sync time (>= 0.5: the sync at least half as
 * fast as the import).
 */
import { join } from 'node:path';
import type { ProviderStandIn } from '../../scripts/provider-stand-in.js';
import { log } from '../processes.js';
import { roundOrder } from '../rounds.js';
import { median, round, significant } from '../stats.js';
import { exportFolder, firstDifference } from './export-folder.js';
import { ODDS_API_KEY, SPORT } from './odds-api-session.js';
import { SEASON_YEAR, SPORTMONKS_LEAGUE } from './season.js';
import { SPORTMONKS_TOKEN } from './sportmonks-session.js';
import { type CliRun, freshStore, type Store, type StoreKind, touchlineOk } from './stores.js';

export const BACKFILL_TARGET = 0.5;

/** The two sides, in the order `roundOrder` numbers them. */
const SIDES = ['sync', 'import'] as const;
type Side = (typeof SIDES)[number];

interface BackfillRound {
  /** Both sync commands, end to end. */
  syncMs: number;
  sportmonksMs: number;
  oddsMs: number;
  importMs: number;
  /** importMs / syncMs. */
  ratio: number;
}

export interface BackfillResult {
  config: StoreKind;
  records: Record<string, number>;
  rounds: BackfillRound[];
  syncMs: number;
  importMs: number;
  ratio: number;
  met: boolean;
  /** The first round's stores, exported again, hold the folder's facts byte for byte. */
  sameFacts: boolean;
  problems: string[];
}

interface BackfillSetup {
  tmp: string;
  pg: { url: string; prefix: string };
  sportmonks: ProviderStandIn;
  oddsApi: ProviderStandIn;
}

interface PassLine {
  source: string;
  ok: boolean;
  changes: number;
  unmatched: number;
}

/** The pass line `--json` printed; fails unless the pass wrote and matched everything. */
function checkPass(run: CliRun, source: string): void {
  const line = run.stdout.split('\n').find((l) => l.includes('"kind":"full"'));
  const pass = line ? (JSON.parse(line) as PassLine) : undefined;
  if (!pass?.ok || pass.changes === 0 || pass.unmatched > 0) {
    throw new Error(`sync ${source}: ${line ?? run.stdout} ${run.stderr}`);
  }
}

/** The sync side: the season's fixtures and their details, then its prices. */
async function syncSeason(store: Store, setup: BackfillSetup) {
  const env = {
    ...store.env,
    SPORTMONKS_URL: setup.sportmonks.url,
    SPORTMONKS_TOKEN,
    ODDS_API_URL: setup.oddsApi.url,
    ODDS_API_KEY,
  };
  const fixtures = await touchlineOk(
    ['sync', 'sportmonks', '--once', '--season', String(SEASON_YEAR)].concat([
      '--competitions',
      SPORTMONKS_LEAGUE,
      '--json',
    ]),
    env,
  );
  checkPass(fixtures, 'sportmonks');
  const prices = await touchlineOk(
    ['sync', 'the-odds-api', '--once', '--competitions', SPORT, '--json'],
    env,
  );
  checkPass(prices, 'the-odds-api');
  return { sportmonksMs: fixtures.ms, oddsMs: prices.ms };
}

/** A scratch store synced once and exported: the import side's folder. */
export async function prepareFolder(kind: StoreKind, setup: BackfillSetup) {
  const store = await freshStore(kind, setup.tmp, setup.pg);
  try {
    await syncSeason(store, setup);
    const folder = join(setup.tmp, 'season-folder');
    return { folder, records: await exportFolder(store, folder) };
  } finally {
    await store.drop();
  }
}

async function holdsFolder(store: Store, folder: string, side: Side): Promise<string | null> {
  const again = join(store.dataDir, '..', `${store.kind}-${side}-export`);
  await exportFolder(store, again);
  return firstDifference(folder, again);
}

/** One side of a round on a fresh store: its times; the first round also checks its facts. */
async function measureSide(
  side: Side,
  kind: StoreKind,
  setup: BackfillSetup,
  folder: string,
  problems: string[] | null,
): Promise<Partial<BackfillRound>> {
  const store = await freshStore(kind, setup.tmp, setup.pg);
  try {
    let times: Partial<BackfillRound>;
    if (side === 'sync') {
      const { sportmonksMs, oddsMs } = await syncSeason(store, setup);
      times = { sportmonksMs, oddsMs, syncMs: sportmonksMs + oddsMs };
    } else {
      times = { importMs: (await touchlineOk(['import', folder, '--json'], store.env)).ms };
    }
    const differs = problems ? await holdsFolder(store, folder, side) : null;
    if (differs) {
      problems?.push(`the ${side} store differs from the folder in ${differs}`);
    }
    return times;
  } finally {
    await store.drop();
  }
}

export async function measureBackfill(
  kind: StoreKind,
  setup: BackfillSetup,
  prepared: { folder: string; records: Record<string, number> },
  rounds: number,
): Promise<BackfillResult> {
  const result: BackfillRound[] = [];
  const problems: string[] = [];
  for (let r = 0; r < rounds; r++) {
    let times: Partial<BackfillRound> = {};
    for (const i of roundOrder(SIDES.length, r)) {
      const side = SIDES[i] ?? 'sync';
      const check = r === 0 ? problems : null;
      times = { ...times, ...(await measureSide(side, kind, setup, prepared.folder, check)) };
    }
    const row = times as Omit<BackfillRound, 'ratio'>;
    result.push({ ...row, ratio: significant(row.importMs / row.syncMs) });
    log(
      `backfill ${kind} round ${r + 1}: sync ${round(row.syncMs, 0)} ms, import ${round(row.importMs, 0)} ms`,
    );
  }
  const ratio = significant(median(result.map((x) => x.ratio)));
  return {
    config: kind,
    records: prepared.records,
    rounds: result,
    syncMs: round(median(result.map((x) => x.syncMs)), 0),
    importMs: round(median(result.map((x) => x.importMs)), 0),
    ratio,
    met: problems.length === 0 && ratio >= BACKFILL_TARGET,
    sameFacts: problems.length === 0,
    problems,
  };
}
