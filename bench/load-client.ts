import { type ChildProcess, fork } from 'node:child_process';
import type {
  CannonResult,
  CannonTask,
  LoadReply,
  LoadRequest,
  PageResult,
  PageTask,
} from './load-protocol.js';
import { NODE_TS, ROOT } from './processes.js';

/** The bench's handle on its load-generator process. */
export class LoadGenerator {
  private readonly child: ChildProcess;
  private nextId = 1;
  private readonly pending = new Map<number, (reply: LoadReply) => void>();

  constructor() {
    this.child = fork(new URL('./load-worker.ts', import.meta.url).pathname, [], {
      cwd: ROOT,
      execArgv: NODE_TS,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (reply: LoadReply) => {
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
    this.child.on('exit', (code) => {
      for (const [id, settle] of this.pending) {
        settle({ id, ok: false, error: `load generator exited (${code})` });
      }
      this.pending.clear();
    });
  }

  private send(task: CannonTask | PageTask): Promise<CannonResult | PageResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) =>
        reply.ok ? resolve(reply.result) : reject(new Error(reply.error)),
      );
      this.child.send({ id, task } satisfies LoadRequest);
    });
  }

  cannon(task: Omit<CannonTask, 'kind'>): Promise<CannonResult> {
    return this.send({ kind: 'cannon', ...task }) as Promise<CannonResult>;
  }

  page(task: Omit<PageTask, 'kind'>): Promise<PageResult> {
    return this.send({ kind: 'page', ...task }) as Promise<PageResult>;
  }

  close(): void {
    if (this.child.connected) {
      this.child.disconnect();
    }
  }
}
