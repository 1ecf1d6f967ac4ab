/** Bitget's per-user (or per-IP for public calls) request limits: a token bucket per key and path. */
import { EX_CODES } from "../../../protocol/bitget.ts";
import { GatewayError } from "../../envelope.ts";
import { TokenBuckets } from "../../security/limits.ts";

export class RateLimiter {
  /** One set of buckets per rate (a handful: Bitget's limits per path), keyed by caller and path. */
  private readonly byRate = new Map<number, TokenBuckets>();
  constructor(private readonly enabled: boolean) {}

  /** Takes one request from the `perSecond` budget of `key`, or throws Bitget's 429. */
  take(key: string, perSecond: number): void {
    if (!this.enabled) return;
    let buckets = this.byRate.get(perSecond);
    if (!buckets) {
      buckets = new TokenBuckets({ burst: perSecond, perMs: 1000 });
      this.byRate.set(perSecond, buckets);
    }
    if (buckets.take(key) > 0) throw new GatewayError(EX_CODES.tooManyRequests, "Too Many Requests", 429);
  }
}
