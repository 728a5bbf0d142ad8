/** The pino logger, with secrets redacted, and Fastify's per-request child of it. */
import pino, { type Bindings, type ChildLoggerOptions, type Level, type Logger } from 'pino';

/** Structured JSON logs. Authorization headers and anything named like a secret are redacted. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', '*.token', '*.secret', '*.password', 'headers.authorization'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

type LogMethod = (...args: unknown[]) => void;

/**
 * A request's logger (`request.log`) that becomes pino's child with the request id only when a line is
 * actually written. Fastify builds a child for every request; with the level above `info` (request lines off)
 * most requests write nothing, and building the child (its serialised bindings, the redaction set-up) was a
 * measurable part of a small request's cost (BENCHMARKS.md, HTTP pipeline). Lines, bindings and levels are
 * those of the child it stands for.
 */
export class RequestLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  get #logger(): Logger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  #write(level: Level, args: unknown[]): void {
    if (this.#child ? this.#child.isLevelEnabled(level) : this.#parent.isLevelEnabled(level))
      (this.#logger[level] as LogMethod)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#logger.level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): Logger {
    return this.#logger.child(bindings, options);
  }
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}
}

/**
 * Fastify's `childLoggerFactory`: a lazy child, or pino's own child when the route asks for another level or
 * serialisers (none of ours does).
 */
export function requestLogger(
  logger: Logger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): RequestLogger | Logger {
  if (options.level !== undefined || options.serializers !== undefined)
    return logger.child(bindings, options);
  return new RequestLogger(logger, bindings);
}
