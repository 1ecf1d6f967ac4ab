/**
 * The assets area's rules (docs/decisions/331): the all-account balance, the equity snapshot clock
 * (one snapshot per user, environment and interval of the simulated clock, of the accounts that
 * exist) and the equity history the overview draws.
 */
import { ASSET_ACCOUNT_TYPES, type AssetAccountType } from "../../protocol/assets.ts";
import type { Env } from "../exchange/engine/types.ts";
import type { AccountValue, AccountValues } from "./accounts.ts";
import type { AssetConfig } from "./config.ts";
import type { AssetStore, SnapshotRow } from "./store.ts";
import { Ticker } from "../ticker.ts";

/** The start of the interval `t` falls in. */
export const slotOf = (t: number, intervalMs: number): number => Math.floor(t / intervalMs) * intervalMs;

/** The first slot of a window of `days` intervals that ends with the one `now` falls in. */
export const windowStart = (now: number, days: number, intervalMs: number): number => slotOf(now, intervalMs) - (days - 1) * intervalMs;

/** How often the clock looks whether a new interval began: often enough for short test intervals, at most once a minute. */
export const tickMs = (intervalMs: number): number => Math.max(250, Math.min(Math.floor(intervalMs / 4), 60_000));

/** The rows one user's snapshot of `slot` writes: the accounts that exist, nothing for the others. */
export function snapshotRows(env: Env, userId: string, values: readonly AccountValue[], slot: number, takenAt: number): SnapshotRow[] {
  return values.filter((v) => v.exists).map((v) => ({ env, userId, slot, accountType: v.type, usdt: v.usdt, takenAt }));
}

/** One point of the equity history: a slot's total and its parts (USDT ledger units). */
export interface EquityPoint {
  slot: number;
  total: bigint;
  accounts: Partial<Record<AssetAccountType, bigint>>;
}

/** Snapshot rows (oldest first) grouped into one point per slot. */
export function pointsOf(rows: readonly SnapshotRow[]): EquityPoint[] {
  const out: EquityPoint[] = [];
  for (const r of rows) {
    let p = out[out.length - 1];
    if (!p || p.slot !== r.slot) {
      p = { slot: r.slot, total: 0n, accounts: {} };
      out.push(p);
    }
    p.total += r.usdt;
    p.accounts[r.accountType] = r.usdt;
  }
  return out;
}

/** Who has accounts at all: the spot ledger's opened accounts (every other account is funded from spot). */
export type AccountList = () => Array<{ env: string; user_id: string }>;

export class AssetService {
  private lastSlot: number;
  private readonly clock = new Ticker();

  constructor(
    private readonly store: AssetStore,
    readonly values: AccountValues,
    private readonly accounts: AccountList,
    readonly config: AssetConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSlot = store.latestSlot();
  }

  /** Takes the current interval's snapshots now if they are due, then looks again every tick. */
  start(log: (err: unknown) => void): void {
    const tick = () => {
      try {
        this.tick();
      } catch (err) {
        log(err);
      }
    };
    tick();
    this.clock.start(tickMs(this.config.snapshotIntervalMs), tick);
  }

  close(): void {
    this.clock.stop();
  }

  /**
   * Snapshots every user's existing accounts once per interval, in one transaction: a slot already
   * taken (before a restart too) is not taken again. Answers how many rows were written.
   */
  tick(now = this.now()): number {
    const slot = slotOf(now, this.config.snapshotIntervalMs);
    if (slot <= this.lastSlot) return 0;
    const rows: SnapshotRow[] = [];
    for (const a of this.accounts()) {
      const env = a.env as Env;
      rows.push(...snapshotRows(env, a.user_id, this.values.of(env, a.user_id), slot, now));
    }
    const n = this.store.write(rows);
    this.lastSlot = slot;
    return n;
  }

  /** The user's snapshots of the last `days` intervals, one point per slot, oldest first. */
  history(env: Env, userId: string, days: number, now = this.now()): EquityPoint[] {
    return pointsOf(this.store.since(env, userId, windowStart(now, days, this.config.snapshotIntervalMs)));
  }

  /** Every account kind valued now (ASSET_ACCOUNT_TYPES order). */
  breakdown(env: Env, userId: string): AccountValue[] {
    const values = this.values.of(env, userId);
    return ASSET_ACCOUNT_TYPES.map((t) => values.find((v) => v.type === t) as AccountValue);
  }
}
