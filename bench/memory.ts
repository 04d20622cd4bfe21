/**
 * Issue 20: a touchline server's resident memory after the bench's load against right after
 * start-up (VmRSS from /proc/<pid>/status, so Linux only). Target: at most 1.5x.
 */
import { readFileSync } from 'node:fs';
import type { Server } from './processes.js';

export const RSS_GROWTH_TARGET = 1.5;

export interface ServerMemory {
  config: string;
  server: string;
  /** Resident set right after the server answered /readyz, in kB. */
  startKb: number;
  /** Resident set right before it was stopped, in kB (absent if it could not be read). */
  endKb?: number;
}

/** VmRSS of a process in kB; undefined without /proc or once it has exited. */
export function rssKb(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

export const rssGrowth = (m: ServerMemory): number | undefined =>
  m.endKb === undefined || m.startKb <= 0 ? undefined : m.endKb / m.startKb;

/** Every touchline process of a run: RSS when it is ready and when it is about to stop. */
export class MemoryLog {
  readonly servers: ServerMemory[] = [];

  /** Records `server`'s RSS now, and again when its `stop()` is called; `role` names it. */
  watch(config: string, server: Server, role: string): Server {
    const process = { name: role, pid: server.pid };
    return { ...server, stop: this.watchAll(config, [process], () => server.stop()) };
  }

  /**
   * Records the RSS of every process now; returns `stop` wrapped to record them again first
   * (a cluster's instances stop together).
   */
  watchAll(
    config: string,
    processes: readonly { name: string; pid: number }[],
    stop: () => Promise<void>,
  ): () => Promise<void> {
    const entries: { pid: number; entry: ServerMemory }[] = [];
    for (const { name, pid } of processes) {
      const startKb = rssKb(pid);
      if (startKb !== undefined) {
        const entry: ServerMemory = { config, server: name, startKb };
        this.servers.push(entry);
        entries.push({ pid, entry });
      }
    }
    return async () => {
      for (const { pid, entry } of entries) {
        const endKb = rssKb(pid);
        if (endKb !== undefined) {
          entry.endKb = endKb;
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
