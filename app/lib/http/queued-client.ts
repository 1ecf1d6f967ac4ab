import type { HttpClient } from "./client";
import type { RequestOptions } from "./types";

export const QUEUED_DEFAULTS = { timeoutMs: 60_000, limit: 2, gapMs: 1000 } as const;

export interface QueuedClient {
  request<T = unknown>(opts: RequestOptions): Promise<T>;
  readonly active: number;
  readonly waiting: number;
}

/**
 * The second request layer of docs/product.md: a 60 s timeout, at most `limit` calls in flight, and
 * identical calls (method, path, query, body) made within `gapMs` of each other served by one
 * request, so a burst of components asking for the same data costs one round trip.
 */
export function createQueuedClient(
  http: HttpClient,
  opts: { timeoutMs?: number; limit?: number; gapMs?: number; now?: () => number } = {},
): QueuedClient {
  const timeoutMs = opts.timeoutMs ?? QUEUED_DEFAULTS.timeoutMs;
  const limit = opts.limit ?? QUEUED_DEFAULTS.limit;
  const gapMs = opts.gapMs ?? QUEUED_DEFAULTS.gapMs;
  const now = opts.now ?? Date.now;
  const cache = new Map<string, { promise: Promise<unknown>; settledAt: number | undefined }>();
  const queue: Array<() => void> = [];
  let active = 0;

  function release(): void {
    active -= 1;
    queue.shift()?.();
  }

  async function slot(): Promise<void> {
    if (active < limit) {
      active += 1;
      return;
    }
    await new Promise<void>((resolve) => queue.push(resolve));
    active += 1;
  }

  function key(o: RequestOptions): string {
    return JSON.stringify([o.method ?? "GET", o.path, o.query ?? null, o.body ?? null]);
  }

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    request<T>(o: RequestOptions): Promise<T> {
      const k = key(o);
      const hit = cache.get(k);
      if (hit && (hit.settledAt === undefined || now() - hit.settledAt < gapMs)) return hit.promise as Promise<T>;
      const entry: { promise: Promise<unknown>; settledAt: number | undefined } = { promise: Promise.resolve(), settledAt: undefined };
      entry.promise = (async () => {
        await slot();
        try {
          return await http.request<T>({ ...o, timeoutMs: o.timeoutMs ?? timeoutMs });
        } catch (err) {
          cache.delete(k);
          throw err;
        } finally {
          entry.settledAt = now();
          release();
          // Drop the entry once its gap has passed so the map stays small.
          setTimeout(() => {
            if (cache.get(k) === entry) cache.delete(k);
          }, gapMs).unref?.();
        }
      })();
      cache.set(k, entry);
      return entry.promise as Promise<T>;
    },
  };
}
