import { TRACKING_LIMITS, type TrackingEvent } from "../../../protocol/tracking";
import type { CookieLocks } from "./cookie-lock";
import { parseContext, toWire } from "./event-builder";
import type { QueueStore, QueuedEvent } from "./queue-store";
import type { Sender } from "./sender";
import { readItem, writeItem, type StorageLike } from "./storage";

/** Shared by every tab: no tab uploads before this time (ms) after a 403. */
export const PAUSE_KEY = "mixtrk:pause";
/** Retry delays after failures: 1 s, 2 s, 4 s … at most 30 s; `online` cuts a wait short. */
export const BACKOFF = { baseMs: 1_000, maxMs: 30_000 } as const;
/** Other documents' queues are looked for every this many loop turns (and at the first). */
export const SCAN_EVERY_TICKS = 10;
/** Events offered to the beacon at page hide: more than its 64 KiB quota takes; the loop sends the rest later. */
export const HIDE_FLUSH_MAX = 4 * TRACKING_LIMITS.batchSize;

export function backoffMs(failures: number): number {
  return Math.min(BACKOFF.maxMs, BACKOFF.baseMs * 2 ** Math.max(0, failures - 1));
}

export interface UploaderOptions {
  store: QueueStore;
  locks: CookieLocks;
  sender: Sender;
  storage: StorageLike | undefined;
  now(): number;
  online(): boolean;
  /** The user id and address this document's own events get once clientCommonConfig answered. */
  identity(): { uid: string; ip: string } | undefined;
  warn(msg: string): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

/**
 * The upload loop (docs/decisions/401): every 500 ms while the page is visible, one batch of up
 * to 50 events from one queue (other documents' abandoned queues first, they are older), under
 * that queue's cross-tab lock. Events leave the queue only when the gateway has answered.
 */
export class Uploader {
  private handle: unknown;
  private enabled = false;
  private busy = false;
  private failures = 0;
  private retryAt = 0;
  private ticks = 0;
  private orphans: string[] = [];

  constructor(private readonly opts: UploaderOptions) {}

  /** Uploads are allowed: the switch is on and the terminal code is settled. */
  enable(): void {
    this.enabled = true;
  }

  get running(): boolean {
    return this.handle !== undefined;
  }

  start(): void {
    if (this.handle !== undefined) return;
    this.handle = this.opts.setInterval(() => void this.tick(), TRACKING_LIMITS.loopMs);
  }

  stop(): void {
    if (this.handle === undefined) return;
    this.opts.clearInterval(this.handle);
    this.handle = undefined;
  }

  /** Back online: the next turn tries at once instead of waiting out the backoff. */
  wake(): void {
    this.retryAt = 0;
  }

  paused(): boolean {
    return Number(readItem(this.opts.storage, PAUSE_KEY) ?? 0) > this.opts.now();
  }

  /** One turn of the loop; resolves when its upload (if any) has been answered. */
  async tick(): Promise<void> {
    const o = this.opts;
    o.store.beat("visible");
    if (!this.enabled || this.busy) return;
    if (!o.online() || o.now() < this.retryAt || this.paused()) return;
    if (this.ticks++ % SCAN_EVERY_TICKS === 0) this.orphans = o.store.orphans();
    const doc = this.orphans[0] ?? (o.store.ownCount > 0 ? o.store.docId : undefined);
    if (doc === undefined) return;
    this.busy = true;
    try {
      const lock = await o.locks.acquire(doc);
      if (!lock) {
        // Another tab is sending that queue (or ten locks are out): try the next one later.
        if (doc !== o.store.docId) this.orphans.shift();
        return;
      }
      try {
        await this.uploadBatch(doc);
      } finally {
        lock.release();
      }
    } finally {
      this.busy = false;
    }
  }

  /**
   * At page hide: hands this document's queue to the beacon (or the app's bridge). Beaconed
   * events stay queued, since a beacon is never answered; the gateway's dedupe absorbs the resend.
   */
  flushNow(): void {
    const o = this.opts;
    if (!this.enabled || !o.online() || this.paused()) return;
    const { events, ns } = this.wire(o.store.docId, o.store.head(o.store.docId, HIDE_FLUSH_MAX));
    if (events.length === 0) return;
    const { sent, delivered } = o.sender.sendNow(events);
    if (delivered && sent > 0) o.store.remove(o.store.docId, ns.slice(0, sent));
  }

  private async uploadBatch(doc: string): Promise<void> {
    const o = this.opts;
    const batch = o.store.head(doc, TRACKING_LIMITS.batchSize);
    if (batch.length === 0) {
      if (doc !== o.store.docId) this.orphans.shift();
      return;
    }
    const { events, ns, broken } = this.wire(doc, batch);
    if (broken.length > 0) {
      o.warn(`[tracking] ${broken.length} unreadable queued event(s) dropped`);
      o.store.remove(doc, broken);
    }
    if (events.length === 0) return;
    const outcome = await o.sender.send(events);
    switch (outcome.kind) {
      case "ok": {
        // Refused events leave the queue with the stored ones: sent again they would be refused again.
        o.store.remove(doc, ns);
        this.failures = 0;
        this.retryAt = 0;
        const refused = outcome.refused ?? [];
        if (refused.length > 0) {
          o.warn(`[tracking] gateway refused ${refused.length} of ${events.length} event(s) for good (${refused[0]!.reason}); dropped`);
        }
        return;
      }
      case "throttled":
        writeItem(o.storage, PAUSE_KEY, String(o.now() + TRACKING_LIMITS.pauseAfter403Ms));
        o.warn(`[tracking] upload refused with status ${outcome.status}: uploads pause for ${TRACKING_LIMITS.pauseAfter403Ms / 1000} s`);
        this.countRetry(doc, batch);
        return;
      case "rejected": {
        const named = [...new Set(outcome.indexes ?? [])].map((i) => ns[i]).filter((n): n is number => n !== undefined);
        const bad = named.length > 0 ? named : ns;
        o.warn(`[tracking] gateway refused ${bad.length} event(s) for good (status ${outcome.status}: ${outcome.msg}); dropped`);
        o.store.remove(doc, bad);
        return;
      }
      case "failed": {
        const delivered = outcome.delivered ?? 0;
        if (delivered > 0) o.store.remove(doc, ns.slice(0, delivered));
        this.failures += 1;
        const wait = backoffMs(this.failures);
        this.retryAt = o.now() + wait;
        o.warn(`[tracking] upload failed (status ${outcome.status}: ${outcome.msg}); retrying in ${wait / 1000} s`);
        this.countRetry(doc, batch.slice(delivered));
      }
    }
  }

  private wire(doc: string, batch: readonly QueuedEvent[]): { events: TrackingEvent[]; ns: number[]; broken: number[] } {
    const fill = doc === this.opts.store.docId ? this.opts.identity() : undefined;
    const context = parseContext(this.opts.store.contextOf(doc));
    const events: TrackingEvent[] = [];
    const ns: number[] = [];
    const broken: number[] = [];
    for (const e of batch) {
      const event = context && toWire(e.json, context, fill);
      if (event) {
        events.push(event);
        ns.push(e.n);
      } else {
        broken.push(e.n); // not JSON, or its document's context is lost: nothing can send it
      }
    }
    return { events, ns, broken };
  }

  /** `retry_count` of each event of a failed attempt goes up by one, in storage too. */
  private countRetry(doc: string, batch: readonly QueuedEvent[]): void {
    const updated: QueuedEvent[] = [];
    for (const e of batch) {
      try {
        const parsed = JSON.parse(e.json) as { retry_count?: number };
        parsed.retry_count = (parsed.retry_count ?? 0) + 1;
        updated.push({ n: e.n, json: JSON.stringify(parsed) });
      } catch {
        // broken entries are dropped on the next attempt
      }
    }
    this.opts.store.update(doc, updated);
  }
}
