/**
 * Fixed windows of request and event counts per client address and per device
 * (docs/decisions/404). A client over either limit is refused (403) until its window ends.
 */
export const THROTTLE = {
  windowMs: 10_000,
  perIp: { requests: 300, events: 10_000 },
  perDevice: { requests: 60, events: 2_000 },
  /** Keys followed per window at most; past it new keys are refused (memory stays bounded). */
  maxKeys: 100_000,
} as const;

interface Count {
  requests: number;
  events: number;
}

export class TrackingThrottle {
  private windowStart = 0;
  private readonly counts = new Map<string, Count>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one request carrying `events` events; false when the client is over a limit. */
  admit(ip: string, device: string | undefined, events: number): boolean {
    const now = this.now();
    if (now - this.windowStart >= THROTTLE.windowMs) {
      this.windowStart = now;
      this.counts.clear();
    }
    const byIp = this.add(`ip:${ip}`, events);
    const byDevice = device ? this.add(`dev:${device}`, events) : { requests: 0, events: 0 };
    if (!byIp || !byDevice) return false;
    return (
      byIp.requests <= THROTTLE.perIp.requests &&
      byIp.events <= THROTTLE.perIp.events &&
      byDevice.requests <= THROTTLE.perDevice.requests &&
      byDevice.events <= THROTTLE.perDevice.events
    );
  }

  private add(key: string, events: number): Count | undefined {
    let c = this.counts.get(key);
    if (!c) {
      if (this.counts.size >= THROTTLE.maxKeys) return undefined;
      c = { requests: 0, events: 0 };
      this.counts.set(key, c);
    }
    c.requests += 1;
    c.events += events;
    return c;
  }
}
