import ky, { HTTPError, type KyResponse, TimeoutError } from 'ky';
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { describeSchemaErrors } from '../import/schema-errors.js';
import {
  type Credentials,
  type ProviderFailure,
  type ProviderHttp,
  type ProviderRequest,
  SourceRefusal,
  SourceUnavailable,
} from './adapter.js';
import type { RequestBudget } from './budget.js';

interface ProviderClientOptions {
  source: string;
  baseUrl: string;
  credentials: Credentials;
  budget: RequestBudget;
  /** One request's time limit. */
  timeoutMs: number;
  /** Retries of a request after a 5xx, a timeout or a 429 (each one taken from the budget). */
  retries: number;
  /** The longest `Retry-After` waited out within a pass; a longer one ends the pass. */
  maxRetryAfterMs: number;
  signal?: AbortSignal | undefined;
  /** The adapter's reading of documented error answers. */
  failureOf?: ((status: number, body: unknown) => ProviderFailure | undefined) | undefined;
  /** Before each attempt is sent (retries included), once its budget was taken. */
  onRequest?: () => void;
  /** After each answer, before the adapter sees it: its resource, for health. */
  onAnswer?: (
    resource: ProviderRequest<TSchema>['resource'],
    refused: SourceRefusal | null,
  ) => Promise<void>;
}

/** The longest answer read (a season of fixtures with events is a few MB). */
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
const RETRIED_STATUSES = [408, 429, 500, 502, 503, 504];

/** A 429 whose `Retry-After` is longer than a pass may wait: when the source may be asked again. */
export class RetryLater extends SourceUnavailable {
  constructor(
    source: string,
    address: string,
    readonly retryAt: Date,
    said = 'rate limited (429)',
  ) {
    super(source, address, `${said}; asked again after ${retryAt.toISOString()}`);
  }
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function retryAfterMs(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (!value) {
    return null;
  }
  const seconds = Number(value);
  return Number.isFinite(seconds) ? seconds * 1000 : Math.max(0, Date.parse(value) - Date.now());
}

/** Provider text without the credentials, on one line, at most 200 characters. */
function cleanText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) {
      out = out.split(secret).join('[credential]');
    }
  }
  return out.replace(/\s+/g, ' ').trim().slice(0, 200);
}

/**
 * The kit's `ProviderHttp` (docs/sources.md "The kit"): every request takes a unit of the
 * source's budget first; 5xx, 408 and timeouts are retried with jittered backoff, a 429 after its
 * `Retry-After`; a GET that was answered with an `ETag` or `Last-Modified` is asked again
 * conditionally (304: nothing new); an answer must parse and match its schema and the adapter's
 * documented rules, else it is refused. Credentials never appear in an address or a message.
 */
export class ProviderClient implements ProviderHttp {
  private readonly validators = new WeakMap<TSchema, ReturnType<typeof Compile>>();
  private readonly validatorsByText = new Map<string, ReturnType<typeof Compile>>();
  private readonly conditions = new Map<string, { etag?: string; modified?: string }>();
  private readonly secrets: string[];

  constructor(private readonly options: ProviderClientOptions) {
    this.secrets = [
      ...Object.values(options.credentials.headers),
      ...Object.values(options.credentials.query),
    ];
  }

  private url(request: ProviderRequest<TSchema>): { url: URL; address: string } {
    const base = `${this.options.baseUrl.replace(/\/+$/, '')}/`;
    const url = new URL(request.path.replace(/^\/+/, ''), base);
    for (const [k, v] of Object.entries(request.query ?? {})) {
      if (v !== undefined) {
        url.searchParams.set(k, String(v));
      }
    }
    const address = `${url.origin}${url.pathname}${url.search}`;
    for (const [k, v] of Object.entries(this.options.credentials.query)) {
      url.searchParams.set(k, v);
    }
    return { url, address };
  }

  private validator(schema: TSchema) {
    let check = this.validators.get(schema);
    if (!check) {
      const text = JSON.stringify(schema);
      check = this.validatorsByText.get(text) ?? Compile(schema);
      this.validatorsByText.set(text, check);
      this.validators.set(schema, check);
    }
    return check;
  }

  private async send(request: ProviderRequest<TSchema>, url: URL, address: string) {
    const { options } = this;
    const condition = request.method === 'POST' ? undefined : this.conditions.get(url.href);
    try {
      return await ky(url, {
        method: request.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...options.credentials.headers,
          ...(condition?.etag ? { 'if-none-match': condition.etag } : {}),
          ...(condition?.modified ? { 'if-modified-since': condition.modified } : {}),
        },
        ...(request.body === undefined ? {} : { json: request.body }),
        timeout: options.timeoutMs,
        throwHttpErrors: (status) => status !== 304,
        retry: {
          limit: options.retries,
          methods: ['get', 'post'],
          statusCodes: RETRIED_STATUSES,
          afterStatusCodes: [429, 503],
          maxRetryAfter: options.maxRetryAfterMs,
          backoffLimit: 30_000,
          jitter: true,
          retryOnTimeout: true,
          shouldRetry: ({ error }) => {
            const wait = error instanceof HTTPError ? retryAfterMs(error.response) : null;
            return wait !== null && wait > options.maxRetryAfterMs ? false : undefined;
          },
        },
        hooks: {
          beforeRequest: [
            async () => {
              await options.budget.take(request.cost ?? 1);
              options.onRequest?.();
            },
          ],
        },
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      throw await this.unavailable(error, address);
    }
  }

  private async unavailable(error: unknown, address: string): Promise<Error> {
    const source = this.options.source;
    if (error instanceof HTTPError) {
      const { status } = error.response;
      const text = await error.response.text().catch(() => '');
      const failure = this.options.failureOf?.(status, parseOrText(text));
      if (failure) {
        return this.failed(failure, address);
      }
      const wait = retryAfterMs(error.response);
      if (status === 429 && wait !== null) {
        return new RetryLater(source, address, new Date(Date.now() + wait));
      }
      const said = cleanText(text, this.secrets);
      const reason = `HTTP ${status}${said ? `: ${said}` : ''}`;
      return new SourceUnavailable(source, address, reason, status === 401 || status === 403);
    }
    if (error instanceof TimeoutError) {
      return new SourceUnavailable(
        source,
        address,
        `no answer within ${this.options.timeoutMs} ms`,
      );
    }
    if (error instanceof Error && !(error instanceof TypeError)) {
      return error;
    }
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return new SourceUnavailable(source, address, `unreachable${cause ? ` (${cause})` : ''}`);
  }

  private failed(failure: ProviderFailure, address: string): SourceUnavailable {
    const { source } = this.options;
    if (failure.retryAfterMs !== undefined) {
      return new RetryLater(
        source,
        address,
        new Date(Date.now() + failure.retryAfterMs),
        cleanText(failure.reason, this.secrets),
      );
    }
    return new SourceUnavailable(
      source,
      address,
      cleanText(failure.reason, this.secrets),
      failure.credentialsRefused ?? false,
    );
  }

  private remember(url: URL, response: KyResponse) {
    const etag = response.headers.get('etag');
    const modified = response.headers.get('last-modified');
    if (etag || modified) {
      this.conditions.set(url.href, {
        ...(etag ? { etag } : {}),
        ...(modified ? { modified } : {}),
      });
    }
  }

  /** After a pass that wrote nothing: ask for everything again (never a 304 for lost data). */
  forgetConditions(): void {
    this.conditions.clear();
  }

  async get<S extends TSchema>(request: ProviderRequest<S>): Promise<Static<S> | null> {
    const { url, address } = this.url(request);
    const response = await this.send(request, url, address);
    if (response.status === 304) {
      await this.options.onAnswer?.(request.resource, null);
      return null;
    }
    const refuse = async (reason: string) => {
      const refusal = new SourceRefusal(this.options.source, request.resource, address, reason);
      await this.options.onAnswer?.(request.resource, refusal);
      return refusal;
    };
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_ANSWER_BYTES) {
      throw await refuse(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    }
    let answer: unknown;
    try {
      answer = JSON.parse(await response.text());
    } catch {
      throw await refuse('not valid JSON');
    }
    const failure = this.options.failureOf?.(response.status, answer);
    if (failure) {
      throw this.failed(failure, address);
    }
    const check = this.validator(request.schema);
    if (!check.Check(answer)) {
      const problem = describeSchemaErrors(check.Errors(answer));
      throw await refuse(`${problem.field || '/'}: ${cleanText(problem.reason, this.secrets)}`);
    }
    const rule = request.refuse?.(answer as Static<S>);
    if (rule) {
      throw await refuse(cleanText(rule, this.secrets));
    }
    this.remember(url, response);
    await this.options.onAnswer?.(request.resource, null);
    return answer as Static<S>;
  }
}
