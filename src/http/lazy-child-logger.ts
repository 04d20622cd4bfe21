import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

/** The parent's side: Fastify's logger is pino's, which says whether a level is written. */
type Parent = FastifyBaseLogger & { isLevelEnabled(level: LevelWithSilentOrString): boolean };

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that makes pino's child (which serialises the request id's binding and
 * builds a logger object) only when a line is written: at `LOG_LEVEL=warn` and above most
 * requests write none, and the child was about 2 % of a cached answer's profile samples
 * (docs/benchmarks.md, "The instrument's own cost, and the ceiling beside the detail"). Lines come
 * out exactly as the child's.
 */
class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.child$().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.child$().child(bindings, options);
  }

  private child$(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings);
    return this.#child;
  }

  private write(level: Level, args: unknown[]): void {
    if (this.#child || this.parent.isLevelEnabled(level)) {
      (this.child$()[level] as (...line: unknown[]) => void)(...args);
    }
  }
}

/**
 * Fastify's `childLoggerFactory`: lazy for requests that inherit the server's level and
 * serializers (every route here), pino's own child otherwise.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  // Its methods take what pino's take and hand it on as it came.
  return new LazyChildLogger(logger as Parent, bindings) as unknown as FastifyBaseLogger;
}
