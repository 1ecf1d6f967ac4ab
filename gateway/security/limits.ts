import { CODES } from "../../protocol/codes.ts";
import { GatewayError } from "../envelope.ts";

/** A budget: `burst` calls at once, refilled at `burst` per `perMs` (docs/decisions/012). */
export interface LimitRule {
  burst: number;
  perMs: number;
}

interface Bucket {
  tokens: number;
  last: number;
}

/**
 * Token buckets by key, in memory. Memory stays bounded: past `maxKeys` the full buckets (keys
 * that have not spent anything lately) are dropped first, then the oldest.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly rule: LimitRule,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  /** Spends `cost` of `key`'s budget: 0 when allowed, else the milliseconds until it would be. */
  take(key: string, cost = 1): number {
    const at = this.now();
    const { burst, perMs } = this.rule;
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size >= this.maxKeys) this.evict(at);
      b = { tokens: burst, last: at };
      this.buckets.set(key, b);
    } else {
      b.tokens = Math.min(burst, b.tokens + ((at - b.last) * burst) / perMs);
      b.last = at;
    }
    if (b.tokens >= cost) {
      b.tokens -= cost;
      return 0;
    }
    return Math.max(1, Math.ceil(((cost - b.tokens) * perMs) / burst));
  }

  private evict(at: number): void {
    for (const [k, b] of this.buckets) {
      if (b.tokens + ((at - b.last) * this.rule.burst) / this.rule.perMs >= this.rule.burst) this.buckets.delete(k);
    }
    // Still full of spenders: forget the oldest half (they regain at most one burst each).
    if (this.buckets.size >= this.maxKeys) {
      let drop = Math.ceil(this.buckets.size / 2);
      for (const k of this.buckets.keys()) {
        if (drop-- <= 0) break;
        this.buckets.delete(k);
      }
    }
  }
}

/** The refusal of a spent budget: HTTP 429, `retry-after` in seconds and `data.retryAfterMs`. */
export function tooManyRequests(retryAfterMs: number, msg = "Too many requests; try again later"): GatewayError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new GatewayError(
    CODES.tooManyRequests,
    `${msg} (retry in ${seconds} s)`,
    429,
    { "retry-after": String(seconds) },
    { retryAfterMs },
  );
}

/** Charges every keyed budget (a refused call still counts) and throws {@link tooManyRequests} when any is spent. */
export function spend(checks: Array<[TokenBuckets, string]>, msg?: string): void {
  let wait = 0;
  for (const [buckets, key] of checks) wait = Math.max(wait, buckets.take(key));
  if (wait > 0) throw tooManyRequests(wait, msg);
}

/**
 * At most `max` runs of an expensive piece of work at once (RSA decryption, password hashing),
 * with at most `queue` waiting; past that the caller is refused at once with a retry time.
 */
export class ConcurrencyCap {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly max: number,
    private readonly queue: number,
    private readonly retryAfterMs = 1000,
  ) {}

  async run<T>(work: () => T | Promise<T>): Promise<T> {
    if (this.running >= this.max) {
      if (this.waiting.length >= this.queue) throw tooManyRequests(this.retryAfterMs, "The service is busy; try again shortly");
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // A waiter takes over this slot; otherwise it is freed.
      if (next) next();
      else this.running -= 1;
    }
  }
}
