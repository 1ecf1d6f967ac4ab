/** Bitget's per-user (or per-IP for public calls) request limits: a token bucket per key and path. */
import { EX_CODES } from "../../../protocol/bitget.ts";
import { GatewayError } from "../../envelope.ts";

interface Bucket {
  tokens: number;
  last: number;
}

const MAX_BUCKETS = 100_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  constructor(private readonly enabled: boolean) {}

  /** Takes one request from the `perSecond` budget of `key`, or throws 429. */
  take(key: string, perSecond: number, now = Date.now()): void {
    if (!this.enabled) return;
    let b = this.buckets.get(key);
    if (!b) {
      // memory stays bounded: dropping all buckets only forgives a second of history
      if (this.buckets.size >= MAX_BUCKETS) this.buckets.clear();
      b = { tokens: perSecond, last: now };
      this.buckets.set(key, b);
    }
    b.tokens = Math.min(perSecond, b.tokens + ((now - b.last) / 1000) * perSecond);
    b.last = now;
    if (b.tokens < 1) throw new GatewayError(EX_CODES.tooManyRequests, "Too Many Requests", 429);
    b.tokens -= 1;
  }
}
