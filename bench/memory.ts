/**
 * Issue 20: a touchline server's resident memory after the bench's load against right after
 * start-up (VmRSS from /proc/<pid>/status, so Linux only). Target: at most 1.5x, judged on RSS
 * after a full garbage collection at both ends (bench/collected-rss.ts) where the server allows
 * it, as read otherwise; both readings are reported.
 *
 * The collection at start-up is made in a twin: the same server started on the same data,
 * read and stopped before the measured one starts. A server collected that way (V8's
 * low-memory notification) stayed about 15 % slower on the cached detail for as long as it
 * was watched (docs/benchmarks.md, eighteenth session), and the rows it serves would pay for
 * the instrument; at the end nothing is measured after the reading.
 */
import { readFileSync } from 'node:fs';
import { collectGarbage } from './collected-rss.js';
import type { Server } from './processes.js';

export const RSS_GROWTH_TARGET = 1.5;

export interface ServerMemory {
  config: string;
  server: string;
  /** Resident set right after the server answered /readyz, in kB. */
  startKb: number;
  /** Resident set right before it was stopped, in kB (absent if it could not be read). */
  endKb?: number;
  /** The same two right after a full garbage collection (absent where it could not be had). */
  startCollectedKb?: number;
  endCollectedKb?: number;
}

/** VmRSS of a process in kB; undefined without /proc or once it has exited. */
function rssKb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

const ratio = (start: number | undefined, end: number | undefined) =>
  start === undefined || end === undefined || start <= 0 ? undefined : end / start;

/** RSS as read before stopping over RSS as read after start-up. */
export const rssGrowthAsRead = (m: ServerMemory): number | undefined => ratio(m.startKb, m.endKb);

/** The growth the target is judged on: after full collections when both were had, else as read. */
export const rssGrowth = (m: ServerMemory): number | undefined =>
  m.startCollectedKb !== undefined && m.endCollectedKb !== undefined
    ? ratio(m.startCollectedKb, m.endCollectedKb)
    : rssGrowthAsRead(m);

/** RSS as read, then after a full collection in the process (the server's inspector). */
async function readings(pid: number, inspectPort: number | undefined) {
  const asRead = rssKb(pid);
  const collected = (await collectGarbage(pid, inspectPort)) ? rssKb(pid) : undefined;
  return { asRead, collected };
}

/** Every touchline process of a run: RSS when it is ready and when it is about to stop. */
export class MemoryLog {
  readonly servers: ServerMemory[] = [];

  /**
   * Starts the server `start` makes, twice: the twin is read after a full collection and
   * stopped, then the server is started, read as it is, and returned with its `stop()` reading
   * it again (as read, then collected) first; `role` names it.
   */
  async watch(config: string, start: () => Promise<Server>, role: string): Promise<Server> {
    const twin = await start();
    let startCollectedKb: number | undefined;
    try {
      startCollectedKb = (await readings(twin.pid, twin.inspectPort)).collected;
    } finally {
      await twin.stop();
    }
    const server = await start();
    const process = { name: role, pid: server.pid, inspectPort: server.inspectPort };
    const entries = this.record(config, [process]);
    const [entry] = entries;
    if (entry && startCollectedKb !== undefined) {
      entry.entry.startCollectedKb = startCollectedKb;
    }
    return { ...server, stop: this.readingAtStop(entries, () => server.stop()) };
  }

  /**
   * Records the RSS of processes started elsewhere (a cluster's instances) as read now;
   * returns `stop` wrapped to read them again first.
   */
  watchAll(
    config: string,
    processes: readonly { name: string; pid: number; inspectPort?: number | undefined }[],
    stop: () => Promise<void>,
  ): () => Promise<void> {
    return this.readingAtStop(this.record(config, processes), stop);
  }

  private record(
    config: string,
    processes: readonly { name: string; pid: number; inspectPort?: number | undefined }[],
  ) {
    const entries: { pid: number; inspectPort: number | undefined; entry: ServerMemory }[] = [];
    for (const { name, pid, inspectPort } of processes) {
      const asRead = rssKb(pid);
      if (asRead !== undefined) {
        const entry: ServerMemory = { config, server: name, startKb: asRead };
        this.servers.push(entry);
        entries.push({ pid, inspectPort, entry });
      }
    }
    return entries;
  }

  private readingAtStop(
    entries: readonly { pid: number; inspectPort: number | undefined; entry: ServerMemory }[],
    stop: () => Promise<void>,
  ): () => Promise<void> {
    return async () => {
      for (const { pid, inspectPort, entry } of entries) {
        const { asRead, collected } = await readings(pid, inspectPort);
        if (asRead !== undefined) {
          entry.endKb = asRead;
        }
        if (collected !== undefined) {
          entry.endCollectedKb = collected;
        }
      }
      await stop();
    };
  }
}

/** Per configuration, the touchline process whose RSS grew the most (issue 20's row). */
export function worstGrowthByConfig(servers: readonly ServerMemory[]): ServerMemory[] {
  // A process whose end could not be read (it died first) counts as the worst.
  const growth = (m: ServerMemory) => rssGrowth(m) ?? Number.POSITIVE_INFINITY;
  const worst = new Map<string, ServerMemory>();
  for (const m of servers) {
    const current = worst.get(m.config);
    if (!current || growth(m) > growth(current)) {
      worst.set(m.config, m);
    }
  }
  return [...worst.values()];
}
