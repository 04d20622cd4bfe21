import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A provider stand-in (docs/sources.md "Testing a source"): a local HTTP server that replays a
 * recorded session of a provider, written from the provider's published documentation and
 * examples (each session file cites them). No test reaches the internet. The tests
 * (test/helpers/provider-stand-in.ts loads their recorded sessions) and `npm run bench:sync`
 * (bench/sync/, sessions it generates) share it.
 *
 * A session is a list of steps. The stand-in serves the current step; an answer a step does not
 * list is served as the latest earlier step listed it, so a step holds only what changed (the
 * live match's fixture at minute 23, say). The test moves on with `step(name)`.
 */
export interface RecordedAnswer {
  method?: 'GET' | 'POST';
  /** Path after the provider's base address, without query: `/competitions/PL/matches`. */
  path: string;
  /** Query parameters the request must carry, with these values (others are ignored). */
  query?: Record<string, string>;
  /** For POST: a JSON body the request's body must contain (deep subset). */
  body?: unknown;
  status?: number;
  headers?: Record<string, string>;
  /** The JSON answer... */
  json?: unknown;
  /** ...or raw text (malformed JSON, an HTML error page). */
  text?: string;
  /** Hold the answer this long before sending (a timeout when longer than the client waits). */
  delayMs?: number;
}

export interface RecordedStep {
  name: string;
  /** What this step stands for, in words. */
  note?: string;
  answers: RecordedAnswer[];
}

export interface RecordedSession {
  provider: string;
  description: string;
  /** The published documents the answers were written from (addresses). */
  sources: string[];
  /** How the provider takes its key; a request without the right one gets `badKey`. */
  auth?: {
    header?: string;
    query?: string;
    value: string;
    /** The provider's documented answer to a missing or wrong key. */
    badKey: Omit<RecordedAnswer, 'path'>;
  };
  steps: RecordedStep[];
}

/** One request the stand-in received (credentials removed from the query). */
export interface ReceivedRequest {
  step: string;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  status: number;
}

function contains(whole: unknown, part: unknown): boolean {
  if (part === null || typeof part !== 'object') {
    return whole === part;
  }
  if (Array.isArray(part)) {
    return (
      Array.isArray(whole) &&
      part.length === whole.length &&
      part.every((p, i) => contains(whole[i], p))
    );
  }
  if (whole === null || typeof whole !== 'object') {
    return false;
  }
  return Object.entries(part).every(([k, v]) => contains((whole as Record<string, unknown>)[k], v));
}

function matches(
  answer: RecordedAnswer,
  method: string,
  path: string,
  query: Record<string, string>,
  body: unknown,
): boolean {
  if ((answer.method ?? 'GET') !== method || answer.path !== path) {
    return false;
  }
  if (answer.query && !Object.entries(answer.query).every(([k, v]) => query[k] === v)) {
    return false;
  }
  return answer.body === undefined || contains(body, answer.body);
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') {
    return undefined;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Answers with more query keys named win: `?status=LIVE` before the bare path. */
const specificity = (a: RecordedAnswer) =>
  Object.keys(a.query ?? {}).length + (a.body === undefined ? 0 : 1);

export class ProviderStandIn {
  readonly requests: ReceivedRequest[] = [];
  private current = 0;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private port = 0;
  /** Answers pushed by the test ahead of the session's: served once each, first in first out. */
  private readonly queued: RecordedAnswer[] = [];

  constructor(readonly session: RecordedSession) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get stepName(): string {
    return this.session.steps[this.current]?.name ?? '';
  }

  /** Starts (or restarts, on the same port) the server. */
  async start(): Promise<this> {
    const server = createServer((req, res) => {
      void this.answer(req, res);
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((done) => server.listen(this.port, '127.0.0.1', done));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Stops answering: the provider is unreachable until `start()` again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) {
      socket.destroy();
    }
    await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  }

  /** Moves to the named step (or the next one). */
  step(name?: string): void {
    const next =
      name === undefined ? this.current + 1 : this.session.steps.findIndex((s) => s.name === name);
    if (next < 0 || next >= this.session.steps.length) {
      throw new Error(`stand-in: no step ${name ?? next} in ${this.session.provider}`);
    }
    this.current = next;
  }

  /** The next requests, whatever they ask, get these answers (a 429, a 500, a timeout). */
  queue(...answers: Omit<RecordedAnswer, 'path'>[]): void {
    this.queued.push(...answers.map((a) => ({ path: '*', ...a })));
  }

  private find(method: string, path: string, query: Record<string, string>, body: unknown) {
    for (let i = this.current; i >= 0; i -= 1) {
      const candidates = (this.session.steps[i]?.answers ?? [])
        .filter((a) => matches(a, method, path, query, body))
        .sort((a, b) => specificity(b) - specificity(a));
      if (candidates[0]) {
        return candidates[0];
      }
    }
    return undefined;
  }

  private authorised(req: IncomingMessage, query: Record<string, string>): boolean {
    const auth = this.session.auth;
    if (!auth) {
      return true;
    }
    if (auth.header) {
      return req.headers[auth.header.toLowerCase()] === auth.value;
    }
    return auth.query !== undefined && query[auth.query] === auth.value;
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const query = Object.fromEntries(url.searchParams);
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    const authorised = this.authorised(req, query);
    const queued = this.queued.shift();
    const answer =
      queued ??
      (authorised
        ? this.find(method, url.pathname, query, body)
        : { path: url.pathname, ...this.session.auth?.badKey });
    const status = answer ? (answer.status ?? 200) : 404;
    const credentialQuery = this.session.auth?.query;
    if (credentialQuery) {
      delete query[credentialQuery];
    }
    this.requests.push({
      step: this.stepName,
      method,
      path: url.pathname,
      query,
      headers: req.headers,
      body,
      status,
    });
    if (answer?.delayMs) {
      await new Promise((done) => setTimeout(done, answer.delayMs));
      if (res.destroyed) {
        return;
      }
    }
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ message: `stand-in: nothing recorded for ${method} ${url.pathname}` }),
      );
      return;
    }
    const text = answer.text ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
    res.writeHead(status, {
      'content-type': answer.text === undefined ? 'application/json' : 'text/plain',
      ...answer.headers,
    });
    res.end(text);
  }
}

/** A stand-in of the session, listening. */
export async function startStandIn(session: RecordedSession): Promise<ProviderStandIn> {
  return new ProviderStandIn(session).start();
}
