/**
 * A small in-memory cache for slow-changing public answers the web host renders pages from
 * (docs/decisions/606): each entry lives `ttlMs`, at most `maxEntries` are kept (the least recently
 * used goes first), concurrent misses of one key share one load, and a load the caller refuses to
 * keep (a failure) is never stored. Keys are built with `cacheKey` from everything the answer
 * depends on; nothing private or per-user may be put in one.
 */
export interface TtlCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** The clock, for tests. */
  now?: () => number;
}

export class TtlCache<V> {
  readonly #entries = new Map<string, { at: number; value: V }>();
  readonly #loading = new Map<string, Promise<V>>();
  readonly #ttlMs: number;
  readonly #max: number;
  readonly #now: () => number;

  constructor(opts: TtlCacheOptions) {
    if (!(opts.ttlMs > 0) || !Number.isInteger(opts.maxEntries) || opts.maxEntries < 1) throw new Error("TtlCache: bad options");
    this.#ttlMs = opts.ttlMs;
    this.#max = opts.maxEntries;
    this.#now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The fresh value under `key`, or undefined. A hit becomes the most recently used. */
  peek(key: string): V | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    if (this.#now() - hit.at >= this.#ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit.value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { at: this.#now(), value });
    while (this.#entries.size > this.#max) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
  }

  /** The fresh value under `key`, else `load()`'s, stored only when `keep` accepts it. */
  async get(key: string, load: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const hit = this.peek(key);
    if (hit !== undefined) return hit;
    let pending = this.#loading.get(key);
    if (!pending) {
      pending = load()
        .then((value) => {
          if (keep(value)) this.set(key, value);
          return value;
        })
        .finally(() => this.#loading.delete(key));
      this.#loading.set(key, pending);
    }
    return pending;
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** A key from every part an answer depends on: `["a", "b:c"]` and `["a:b", "c"]` never collide. */
export function cacheKey(...parts: ReadonlyArray<string | number | null | undefined>): string {
  return JSON.stringify(parts);
}
