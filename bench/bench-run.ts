import type { BenchData } from './databases.js';
import type { Visibility } from './live.js';
import type { PageResult } from './load-protocol.js';
import type { ServerMemory } from './memory.js';
import type { BenchOptions } from './options.js';
import type { Measurement } from './scenarios.js';

export interface Machine {
  nproc: number;
  cpu: string;
  node: string;
  platform: string;
  loadavgStart: number[];
  loadavgEnd: number[];
}

export interface BenchRun {
  startedAt: string;
  finishedAt: string;
  seconds: number;
  machine: Machine;
  options: Omit<BenchOptions, 'pgUrl' | 'redisUrl'>;
  data: Record<string, Omit<BenchData, 'key'>>;
  measurements: Measurement[];
  pages: { config: string; result: PageResult }[];
  /** Issue 13: how soon a change written on one instance shows on another. */
  visibility?: Visibility[];
  /** Change records a second the live writer really wrote, per configuration. */
  liveRate?: Record<string, number>;
  /** Issue 20: each touchline process's RSS after start-up and before it stopped. */
  memory?: ServerMemory[];
  /** Configurations skipped and why. */
  notes: string[];
}
