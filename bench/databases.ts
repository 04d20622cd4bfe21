import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createWebSessionsService } from '../src/accounts/web-sessions.js';
import { openDatabase } from '../src/db/database.js';
import { MATCH_QUERY } from './graphql-queries.js';
import { touchlineCli } from './processes.js';

/** What the load scenarios need from one bench database. */
export interface BenchData {
  key: string;
  accountId: number;
  /** `tl_session=<token>`: the bench account's owner signed in on the web (the dashboard row). */
  sessionCookie: string;
  /** A finished match with odds, movement, published lineups and a corner analysis. */
  matchId: number;
  market: string;
  bookmakerId: number;
  movementChanges: number;
  /** The Hong Kong day (the list's default tz) with the most matches. */
  day: string;
  dayMatches: number;
  /** Issue 49: the team with the most finished matches (its last 10). */
  teamId: number;
  /** Issue 49: the competition with the most matches in the 31 Hong Kong days around `day`. */
  competitionId: number;
  rangeFrom: string;
  rangeTo: string;
  /** Issue 49: what a search box sends after four letters: the start of that team's name. */
  searchTerm: string;
}

/** Far above what a few seconds of load can draw (the columns are int4). */
const BENCH_LIMIT = 1_000_000_000;

const withDatabaseName = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database `name` on the server; its URL. */
export async function createPgDatabase(serverUrl: string, name: string): Promise<string> {
  await admin(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  return withDatabaseName(serverUrl, name);
}

export async function dropPgDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

/**
 * Removes the run's counters (REDIS_PREFIX is unique per run): the prefix's keys and the
 * account-tagged ones (`{prefix:acct:N}:...`, src/counters/redis/redis-keys.ts), which a match on the
 * prefix alone missed, leaving each run's day counters until they expired.
 */
export async function dropRedisPrefix(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let removed = 0;
  try {
    for (const match of [`${prefix}:*`, `{${prefix}:*`]) {
      for await (const keys of redis.scanStream({ match, count: 500 })) {
        const batch = keys as string[];
        if (batch.length > 0) {
          removed += await redis.unlink(...batch);
        }
      }
    }
  } finally {
    redis.disconnect();
  }
  return removed;
}

/** `touchline demo` (imports and analyzes) and a Pro account with a key, through the CLI. */
export async function loadDemoAndKey(
  env: NodeJS.ProcessEnv,
  matches: number,
): Promise<{ key: string; accountId: number }> {
  await touchlineCli(['demo', '--matches', String(matches)], env);
  const account = await touchlineCli<{ id: number }>(
    ['accounts', 'create', '--tier', 'Pro', '--name', 'bench'],
    env,
  );
  const key = await touchlineCli<{ key: string }>(
    ['keys', 'create', '--account', String(account.id)],
    env,
  );
  return { key: key.key, accountId: account.id };
}

/**
 * The trusted documents of the persisted-query rows, registered as users do (`touchline documents
 * add`) in a manifest under `tmp`; its path, for TRUSTED_DOCUMENTS.
 */
export async function registerBenchDocuments(tmp: string): Promise<string> {
  const dir = join(tmp, 'documents');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'match.graphql'), MATCH_QUERY);
  const manifest = join(tmp, 'trusted-documents.json');
  await touchlineCli(['documents', 'add', dir], { ...process.env, TRUSTED_DOCUMENTS: manifest });
  return manifest;
}

const PICK_MATCH = `
  SELECT om.match_id AS "matchId", om.market::text AS market, om.bookmaker_id AS "bookmakerId",
         count(*)::int AS changes
    FROM odds_movements om
    JOIN matches m ON m.id = om.match_id AND m.status = 'finished'
   WHERE EXISTS (SELECT 1 FROM corner_analyses ca WHERE ca.match_id = om.match_id)
     AND EXISTS (SELECT 1 FROM odds o WHERE o.match_id = om.match_id)
     AND (SELECT count(*) FROM lineup_teams lt WHERE lt.match_id = om.match_id AND lt.published) = 2
   GROUP BY 1, 2, 3
   ORDER BY 4 DESC, 1
   LIMIT 1`;

// The list's default tz is +480 minutes (Hong Kong, no daylight saving).
const PICK_DAY = `
  SELECT to_char((kickoff_utc AT TIME ZONE 'UTC') + interval '8 hours', 'YYYY-MM-DD') AS day,
         count(*)::int AS matches
    FROM matches
   GROUP BY 1
   ORDER BY 2 DESC, 1 DESC
   LIMIT 1`;

const PICK_TEAM = `
  SELECT t.id AS "teamId", lower(left(t.name_en, 4)) AS "searchTerm" FROM teams t JOIN (
    SELECT home_team_id AS team_id FROM matches WHERE status = 'finished'
    UNION ALL SELECT away_team_id FROM matches WHERE status = 'finished'
  ) m ON m.team_id = t.id GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`;

/** 31 days, `day` in the middle (from and to included, as the list's range is). */
const rangeAround = (day: string) => {
  const at = (offset: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  return { rangeFrom: at(-15), rangeTo: at(15) };
};

const PICK_COMPETITION = `
  SELECT competition_id AS "competitionId" FROM matches
   WHERE kickoff_utc >= $1::date - interval '8 hours'
     AND kickoff_utc < $2::date + interval '16 hours'
   GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`;

/** Gives the bench account a confirmed owner and a web session, as signing in would. */
async function signInOwner(
  db: Awaited<ReturnType<typeof openDatabase>>['prisma'],
  accountId: number,
): Promise<string> {
  const now = new Date();
  await db.account.update({
    where: { id: accountId },
    data: { email: 'bench@touchline.invalid', emailVerifiedAt: now },
  });
  const sessions = createWebSessionsService({ db, now: () => now });
  const token = await sessions.start(db, accountId, { address: null, userAgent: 'bench' });
  return `tl_session=${token}`;
}

/**
 * Raises the Pro tier's limits in this bench database only (the load generator must never meet
 * a 429) and picks real ids. Runs while no server holds the database.
 */
export async function raiseLimitsAndPick(
  target: { databaseUrl?: string; dataDir: string },
  account: { key: string; accountId: number },
): Promise<BenchData> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    const db = database.prisma;
    await db.tierLimit.update({
      where: { tier: 'Pro' },
      data: {
        dailyQuota: BENCH_LIMIT,
        ratePerMinute: BENCH_LIMIT,
        freeMatchesDailyQuota: BENCH_LIMIT,
      },
    });
    const sessionCookie = await signInOwner(db, account.accountId);
    const [match] =
      await db.$queryRawUnsafe<
        { matchId: number; market: string; bookmakerId: number; changes: number }[]
      >(PICK_MATCH);
    const [day] = await db.$queryRawUnsafe<{ day: string; matches: number }[]>(PICK_DAY);
    const [team] = await db.$queryRawUnsafe<{ teamId: number; searchTerm: string }[]>(PICK_TEAM);
    const range = rangeAround(day?.day ?? '');
    const [competition] = day
      ? await db.$queryRawUnsafe<{ competitionId: number }[]>(
          PICK_COMPETITION,
          range.rangeFrom,
          range.rangeTo,
        )
      : [];
    if (!match || !day || !team || !competition) {
      throw new Error('the bench database has no match with odds movement and analysis');
    }
    return {
      ...account,
      sessionCookie,
      matchId: match.matchId,
      market: match.market,
      bookmakerId: match.bookmakerId,
      movementChanges: match.changes,
      day: day.day,
      dayMatches: day.matches,
      teamId: team.teamId,
      searchTerm: team.searchTerm,
      competitionId: competition.competitionId,
      ...range,
    };
  } finally {
    await database.close();
  }
}
