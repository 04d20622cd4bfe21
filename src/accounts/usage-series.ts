import type { QuotaStore } from '../counters/quota-store.js';
import { hkDayNumber, hkDayOfNumber, hkDayStart, nextHkMidnight } from '../counters/windows.js';
import type { PrismaClient } from '../db/generated/client.js';
import { ApiError } from '../errors/api-error.js';
import type { SubscriptionsService } from './subscriptions/subscriptions.js';
import type { TierName } from './tiers.js';

export const MAX_SERIES_DAYS = 90;
const HOUR_MS = 60 * 60 * 1000;

interface DayUsage {
  /** Hong Kong day, `YYYY-MM-DD`. */
  day: string;
  /** Plan-quota requests of the day, all keys (revoked ones included). */
  plan: number;
  /** Free match-list requests of the day, all keys. */
  freeMatches: number;
}

export interface DailySeries {
  accountId: number;
  tier: TierName;
  /** The tier's daily quota and free match-list allowance as of today (no plan history kept). */
  quota: number;
  freeMatchesQuota: number;
  /** Where today's figures come from: the live counters, or what the recorder flushed. */
  todaySource: 'counters' | 'daily_usage';
  /** Oldest first, the last day being today; days without requests are zeros. */
  days: DayUsage[];
}

interface MinuteCount {
  /** The calendar minute's start (UTC, ISO 8601). */
  minute: string;
  /** Requests counted on the per-minute limit, all keys. */
  requests: number;
}

interface HourPeak {
  /** The hour's start (UTC, ISO 8601); Hong Kong hours are whole UTC hours. */
  hour: string;
  /** Its busiest minute's requests; 0 and `minute: null` for an hour without requests. */
  peak: number;
  minute: string | null;
}

export interface MinuteSeries {
  accountId: number;
  tier: TierName;
  /** The Hong Kong day covered: from its 00:00 to now. */
  day: string;
  /** The key's per-minute limit on the account's tier today. */
  ratePerMinute: number;
  /** Only minutes with requests, oldest first. */
  minutes: MinuteCount[];
  /** Every hour of the day up to the current one, oldest first: each hour's busiest minute. */
  hours: HourPeak[];
  /** The day's busiest minute (the earliest of equals); null when there was no request. */
  peak: MinuteCount | null;
}

interface UsageSeriesDeps {
  db: PrismaClient;
  subscriptions: Pick<SubscriptionsService, 'getAccountAccess'>;
  quotaStore?: (() => Pick<QuotaStore, 'usageByKey'> | undefined) | undefined;
  now: () => Date;
}

function checkSeriesDays(days: number): number {
  if (!Number.isInteger(days) || days < 1 || days > MAX_SERIES_DAYS) {
    throw new ApiError(
      'invalid_parameter',
      `days must be a whole number from 1 to ${MAX_SERIES_DAYS}, got ${days}`,
      { parameter: 'days' },
    );
  }
  return days;
}

/** Each hour from `start` up to the one holding `now`, with its busiest minute. */
function hourPeaks(start: Date, now: Date, minutes: readonly MinuteCount[]): HourPeak[] {
  const hours: HourPeak[] = [];
  for (let at = start.getTime(); at <= now.getTime(); at += HOUR_MS) {
    hours.push({ hour: new Date(at).toISOString(), peak: 0, minute: null });
  }
  for (const m of minutes) {
    const hour = hours[Math.floor((Date.parse(m.minute) - start.getTime()) / HOUR_MS)];
    if (hour && m.requests > hour.peak) {
      hour.peak = m.requests;
      hour.minute = m.minute;
    }
  }
  return hours;
}

const busiest = (minutes: readonly MinuteCount[]) =>
  minutes.reduce<MinuteCount | null>(
    (top, m) => (top && top.requests >= m.requests ? top : m),
    null,
  );

/**
 * The usage history the dashboard's charts and `touchline usage --days/--minutes` read: per Hong
 * Kong day from `daily_usage` (today from the live counters when this process sees them, as
 * `usage()` does, so today's bar matches the response headers), and today's minutes from
 * `minute_usage` (written every few seconds by the usage recorder).
 */
export function createUsageSeries({ db, subscriptions, quotaStore, now: clock }: UsageSeriesDeps) {
  async function liveToday(accountId: number, now: Date) {
    const store = quotaStore?.();
    if (!store) {
      return undefined;
    }
    const counts = [...(await store.usageByKey(accountId, now)).values()];
    return {
      plan: counts.reduce((sum, c) => sum + c.plan, 0),
      freeMatches: counts.reduce((sum, c) => sum + c.free, 0),
    };
  }

  async function recordedDays(accountId: number, first: string, last: string) {
    const rows = await db.dailyUsage.groupBy({
      by: ['day'],
      where: {
        accountId,
        day: { gte: new Date(`${first}T00:00:00Z`), lte: new Date(`${last}T00:00:00Z`) },
      },
      _sum: { planRequests: true, freeMatchRequests: true },
    });
    return new Map(
      rows.map((r) => [
        r.day.toISOString().slice(0, 10),
        { plan: r._sum.planRequests ?? 0, freeMatches: r._sum.freeMatchRequests ?? 0 },
      ]),
    );
  }

  async function dailySeries(
    accountId: number,
    options: { days?: number; now?: Date } = {},
  ): Promise<DailySeries> {
    const count = checkSeriesDays(options.days ?? 30);
    const now = options.now ?? clock();
    const { tier, limits } = await subscriptions.getAccountAccess(accountId, now);
    const today = hkDayNumber(now);
    const names = Array.from({ length: count }, (_, i) => hkDayOfNumber(today - count + 1 + i));
    const todayName = hkDayOfNumber(today);
    const [recorded, live] = await Promise.all([
      recordedDays(accountId, names[0] ?? todayName, todayName),
      liveToday(accountId, now),
    ]);
    if (live) {
      recorded.set(todayName, live);
    }
    return {
      accountId,
      tier,
      quota: limits.dailyQuota,
      freeMatchesQuota: limits.freeMatchesDailyQuota,
      todaySource: live ? 'counters' : 'daily_usage',
      days: names.map((day) => ({ day, plan: 0, freeMatches: 0, ...recorded.get(day) })),
    };
  }

  async function minuteSeries(
    accountId: number,
    options: { now?: Date } = {},
  ): Promise<MinuteSeries> {
    const now = options.now ?? clock();
    const { tier, limits } = await subscriptions.getAccountAccess(accountId, now);
    const start = hkDayStart(now);
    // Primary key (account_id, minute, key_id): one index range for the account's day.
    const rows = await db.minuteUsage.groupBy({
      by: ['minute'],
      where: { accountId, minute: { gte: start, lt: nextHkMidnight(now) } },
      _sum: { requests: true },
      orderBy: { minute: 'asc' },
    });
    const minutes = rows.map((r) => ({
      minute: r.minute.toISOString(),
      requests: r._sum.requests ?? 0,
    }));
    return {
      accountId,
      tier,
      day: hkDayOfNumber(hkDayNumber(now)),
      ratePerMinute: limits.ratePerMinute,
      minutes,
      hours: hourPeaks(start, now, minutes),
      peak: busiest(minutes),
    };
  }

  return { dailySeries, minuteSeries };
}
