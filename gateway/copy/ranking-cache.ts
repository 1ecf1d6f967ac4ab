/**
 * The public rankings' short cache (docs/decisions/362): `/api/v2/copy/public/traders` and
 * `spot-traders` compute every lead's figures over a period; many readers or a crawler paging through
 * them would recompute it per request. One entry per (environment, product, period, sort) lives
 * `ttlMs` (5 s); a change of the leads or of their follower counts (the entry's `stamp`, cheap to
 * read from memory) replaces it at once, so a new lead or a new follow shows without waiting. The
 * figures (closed trades, equity) may be up to `ttlMs` old.
 */
export const RANKING_TTL_MS = 5_000;

export class RankingCache<T> {
  private readonly entries = new Map<string, { at: number; stamp: string; value: T }>();

  constructor(
    private readonly now: () => number = Date.now,
    readonly ttlMs = RANKING_TTL_MS,
  ) {}

  /** The cached value of `key` while it is younger than the TTL and its stamp unchanged; else `compute()`, kept. */
  get(key: string, stamp: string, compute: () => T): T {
    if (this.ttlMs <= 0) return compute();
    const t = this.now();
    const e = this.entries.get(key);
    if (e && e.stamp === stamp && t - e.at < this.ttlMs && t >= e.at) return e.value;
    const value = compute();
    // keys are few (2 environments × 3 periods × 5 sorts per product): expired ones are dropped as they are replaced
    this.entries.set(key, { at: t, stamp, value });
    return value;
  }

  /** Forgets every entry (a lead's settings changed). */
  clear(): void {
    this.entries.clear();
  }
}

/** A ranking's stamp: the leads (id, creation, share) and their follower counts, in the registry's order. */
export function leadsStamp(
  leads: ReadonlyArray<{ userId: string; createdAt: number; profitSharePpm: number }>,
  followers: (id: string) => number,
): string {
  let s = String(leads.length);
  for (const l of leads) s += `|${l.userId}:${l.createdAt}:${l.profitSharePpm}:${followers(l.userId)}`;
  return s;
}
