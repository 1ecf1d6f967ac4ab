/**
 * Fastify's request logger made on first use (issue 31, decision 355 round 4). Fastify builds a
 * child logger for every request (`logger.child({ reqId })`: an object, its bindings serialised to
 * JSON); a request that logs nothing — every request when the per-request lines are off
 * (REQUEST_LOG=off) or below the level — paid for it anyway. The stand-in makes the same child,
 * with the same bindings, the first time a line at an enabled level is written through it, so the
 * lines are unchanged; a line below the level is dropped as pino drops it.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";
import type { Bindings, ChildLoggerOptions } from "pino";

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

class LazyChild {
  private made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
  ) {}
  /** The real child, made once. */
  real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }
  private write(level: Level, args: unknown[]): void {
    if (this.made === undefined && !enabled(this.parent, level)) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }
  fatal(...args: unknown[]) {
    this.write("fatal", args);
  }
  error(...args: unknown[]) {
    this.write("error", args);
  }
  warn(...args: unknown[]) {
    this.write("warn", args);
  }
  info(...args: unknown[]) {
    this.write("info", args);
  }
  debug(...args: unknown[]) {
    this.write("debug", args);
  }
  trace(...args: unknown[]) {
    this.write("trace", args);
  }
  silent() {}
  child(bindings: Bindings, opts?: ChildLoggerOptions) {
    return this.real().child(bindings, opts);
  }
  get level(): string {
    return this.made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.real().level = level;
  }
}

function enabled(logger: FastifyBaseLogger, level: Level): boolean {
  const check = (logger as { isLevelEnabled?: (l: string) => boolean }).isLevelEnabled;
  return check ? check.call(logger, level) : true;
}

/**
 * The gateway's `childLoggerFactory`: eager when the request lines will be written (each request
 * logs through its child anyway), or when the route sets its own level or serialisers; lazy otherwise.
 */
export function requestChildLogger(requestLines: boolean): NonNullable<FastifyServerOptions["childLoggerFactory"]> {
  return function (logger, bindings, opts) {
    if ((requestLines && enabled(logger, "info")) || opts.level !== undefined || opts.serializers !== undefined) {
      return logger.child(bindings, opts);
    }
    return new LazyChild(logger, bindings) as unknown as FastifyBaseLogger;
  };
}
