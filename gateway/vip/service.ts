/**
 * VIP levels (docs/decisions/332): every fill's notional is added to its owner's day, per
 * environment; on the interval every account's level is recomputed from the 30-day volume and
 * the equity of its group (a main account and its sub-accounts), an operator's grant being a
 * floor; the level is pushed into the spot engine, the futures fee lookup and (live) the user row.
 */
import { DAY_MS, TOP_LEVEL, VIP_WINDOW_DAYS, levelFor, vipTier, type VipDetail } from "../../protocol/vip.ts";
import { formatScaled } from "../exchange/decimal.ts";
import { ENVS, ledgerOwner, type Change, type Env } from "../exchange/engine/types.ts";
import type { AccountValues } from "../assets/accounts.ts";
import type { Exchange } from "../exchange/exchange.ts";
import { LEDGER_SCALE } from "../exchange/instruments.ts";
import type { Futures } from "../futures/futures.ts";
import type { FxChange } from "../futures/ledger.ts";
import type { VipConfig } from "./config.ts";
import type { VipLevels } from "./levels.ts";
import type { LevelRow, VipStore } from "./store.ts";
import { Ticker } from "../ticker.ts";

/** How often the clock looks for a recompute come due and for an operator's grants. */
const TICK_MS = 1000;
const UNIT = 10n ** BigInt(LEDGER_SCALE);

export const dayOf = (ts: number): number => Math.floor(ts / DAY_MS);
/** The first day of the 30-day window that ends today. */
export const windowStart = (now: number): number => dayOf(now) - VIP_WINDOW_DAYS + 1;
const usdt = (units: bigint): number => Number(units / UNIT);
const text = (units: bigint): string => formatScaled(units, LEDGER_SCALE);

export interface VipDeps {
  store: VipStore;
  levels: VipLevels;
  exchange: Exchange;
  futures: Futures;
  /** What each account of a user is worth now (the asset area's valuation, docs/decisions/331). */
  values: AccountValues;
  /** Writes the live level into the user row (what user info shows as `vipLevel`). */
  setUserLevel: (userId: string, level: number) => void;
  config: VipConfig;
  log: (err: unknown) => void;
}

interface VolumeRow {
  env: Env;
  userId: string;
  day: number;
  volume: bigint;
}

export class VipService {
  private readonly clock = new Ticker();
  private readonly grants: Record<Env, Map<string, number>> = { live: new Map(), paper: new Map() };
  private readonly offSpot: () => void;
  private readonly offFutures: () => void;
  /** Volume of the changes committed this turn of the event loop, written in one transaction at its end. */
  private pending = new Map<string, VolumeRow>();
  private flushing: NodeJS.Immediate | undefined;

  constructor(private readonly deps: VipDeps) {
    for (const g of deps.store.grants()) this.grants[g.env].set(g.userId, g.level);
    // fills are read after they are durable, off the matching path; what a turn of the event loop
    // committed is written once at its end (a crash in between loses that turn's volume, never money)
    const onSpot = (ch: Change) => this.guard(() => this.onSpot(ch));
    const onFutures = (ch: FxChange) => this.guard(() => this.onFutures(ch));
    deps.exchange.svc.store.committed.add(onSpot);
    deps.futures.svc.committed.add(onFutures);
    this.offSpot = () => deps.exchange.svc.store.committed.delete(onSpot);
    this.offFutures = () => deps.futures.svc.committed.delete(onFutures);
  }

  /** Applies waiting grants, recomputes if one is due (also after a restart) and starts the clock. */
  start(now = Date.now()): void {
    this.tick(now);
    this.clock.start(TICK_MS, () => this.tick(Date.now()));
  }

  close(): void {
    this.clock.stop();
    this.offSpot();
    this.offFutures();
    this.flush();
  }

  /** Writes the volume collected so far (the end of a turn, before any reading of volume, close). */
  flush(): void {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = undefined;
    if (this.pending.size === 0) return;
    const rows = this.pending;
    this.pending = new Map();
    this.deps.store.recordVolume(rows.values());
  }

  private collect(env: Env, userId: string, day: number, volume: bigint): void {
    add(this.pending, env, userId, day, volume);
    this.flushing ??= setImmediate(() => this.guard(() => this.flush()));
  }

  /** When the next full recompute is due (`now` if none ever ran). */
  nextAt(now: number): number {
    const last = this.deps.store.lastRecompute();
    return last === 0 ? now : last + this.deps.config.recomputeMs;
  }

  tick(now: number): void {
    this.guard(() => {
      const pending = this.deps.store.pendingGrants();
      for (const g of pending) {
        this.grants[g.env].set(g.userId, g.level);
        this.deps.store.markGranted(g.id, now);
      }
      if (now >= this.nextAt(now)) this.recompute(now);
      else for (const g of pending) this.recomputeGroup(g.env, this.mainOf(g.userId) ?? g.userId, now);
    });
  }

  private guard(f: () => void): void {
    try {
      f();
    } catch (err) {
      this.deps.log(err);
    }
  }

  private onSpot(ch: Change): void {
    for (const f of ch.fills) {
      const day = dayOf(f.ts);
      // a margin account (`owner#...`) trades for its owner
      if (!f.maker.house) this.collect(f.env, ledgerOwner(f.maker.userId), day, f.quote);
      if (!f.taker.house) this.collect(f.env, ledgerOwner(f.taker.userId), day, f.quote);
    }
  }

  private onFutures(ch: FxChange): void {
    // house orders never reach the fills of a change: every row is a user's
    for (const f of ch.fills) this.collect(f.order.env, f.order.userId, dayOf(f.ts), f.quote);
  }

  /** The main account of a known user (itself for a main account); undefined for a system account. */
  private mainOf(userId: string): string | undefined {
    if (userId.includes("#")) return undefined;
    const d = this.deps.exchange.accounts.of(userId);
    return d ? (d.parentId ?? userId) : undefined;
  }

  private members(mainId: string): string[] {
    return [mainId, ...this.deps.exchange.accounts.subAccounts(mainId).map((s) => s.userId)];
  }

  /** A user's equity in USDT ledger units: spot, futures (with unrealised PnL) and margin net of debt, as the asset pages value it. */
  equityOf(env: Env, userId: string): bigint {
    let total = 0n;
    for (const a of this.deps.values.of(env, userId)) total += a.usdt;
    return total;
  }

  /** A group's 30-day volume, its equity and the level they reach (an operator's grant is a floor). */
  private measure(env: Env, members: readonly string[], volumes: ReadonlyMap<string, bigint>) {
    let volume = 0n;
    let balance = 0n;
    let granted = 0;
    for (const id of members) {
      volume += volumes.get(`${env}:${id}`) ?? 0n;
      balance += this.equityOf(env, id);
      granted = Math.max(granted, this.grants[env].get(id) ?? 0);
    }
    const level = Math.min(TOP_LEVEL, Math.max(levelFor(usdt(volume), usdt(balance)), granted));
    return { volume, balance, granted, level };
  }

  private volumesSince(fromDay: number): Map<string, bigint> {
    this.flush();
    return new Map(this.deps.store.volumes(fromDay).map((r) => [`${r.env}:${r.userId}`, r.volume]));
  }

  /** Every account's level: those that ever traded, held or were granted anything. */
  recompute(now: number): void {
    const fromDay = windowStart(now);
    const volumes = this.volumesSince(fromDay);
    const mains: Record<Env, Set<string>> = { live: new Set(), paper: new Set() };
    const note = (env: Env, id: string) => {
      const main = this.mainOf(id);
      if (main) mains[env].add(main);
    };
    for (const r of this.deps.exchange.svc.store.loadAccounts()) if (r.env === "live" || r.env === "paper") note(r.env, r.user_id);
    for (const a of this.deps.futures.svc.allAccounts()) note(a.env, a.userId);
    for (const k of volumes.keys()) note(k.startsWith("paper:") ? "paper" : "live", k.slice(k.indexOf(":") + 1));
    for (const r of this.deps.store.levels()) note(r.env, r.userId);
    for (const env of ENVS) for (const id of this.grants[env].keys()) note(env, id);
    const rows: LevelRow[] = [];
    for (const env of ENVS) for (const main of mains[env]) rows.push(...this.levelRows(env, main, volumes, now));
    this.deps.store.saveLevels(rows, now);
    // the page shows 30 days; a second window is kept for nothing but safety against a clock step back
    this.deps.store.prune(fromDay - VIP_WINDOW_DAYS);
  }

  /** One group's level now (an operator's grant applies at once, not at the next interval). */
  recomputeGroup(env: Env, mainId: string, now: number): void {
    this.deps.store.saveLevels(this.levelRows(env, mainId, this.volumesSince(windowStart(now)), now));
  }

  private levelRows(env: Env, mainId: string, volumes: ReadonlyMap<string, bigint>, now: number): LevelRow[] {
    const members = this.members(mainId);
    const m = this.measure(env, members, volumes);
    for (const id of members) this.apply(env, id, m.level);
    return members.map((userId) => ({ env, userId, level: m.level, volume: m.volume, balance: m.balance, computedAt: now }));
  }

  /** Pushes a level into both engines and, live, into the user row. */
  private apply(env: Env, userId: string, level: number): void {
    const { exchange, levels, setUserLevel } = this.deps;
    const before = levels.of(env, userId);
    levels.set(env, userId, level);
    // an account that never traded is funded on first use: a row made now would skip that
    if (exchange.svc.hasAccount(env, userId) && exchange.svc.vip(env, userId) !== level) exchange.svc.setVip(env, userId, level);
    if (env === "live" && before !== level) setUserLevel(userId, level);
  }

  level(env: Env, userId: string): number {
    return this.deps.levels.of(env, userId);
  }

  /** What the VIP page shows: the level, live volume and equity of the caller's group, the next level and the daily volume. */
  detail(env: Env, userId: string, now = Date.now()): VipDetail {
    const main = this.mainOf(userId) ?? userId;
    const members = this.members(main);
    const fromDay = windowStart(now);
    const m = this.measure(env, members, this.volumesSince(fromDay));
    const level = this.level(env, userId);
    const daily = new Map<number, bigint>();
    for (const id of members)
      for (const d of this.deps.store.daily(env, id, fromDay)) daily.set(d.day, (daily.get(d.day) ?? 0n) + d.volume);
    const next = level < TOP_LEVEL ? vipTier(level + 1) : undefined;
    return {
      level,
      granted: m.granted,
      volume30d: text(m.volume),
      balance: text(m.balance),
      computedAt: this.deps.store.lastRecompute(),
      nextAt: this.nextAt(now),
      next: next ? { level: next.level, volume: String(next.volume), balance: String(next.balance) } : null,
      daily: Array.from({ length: VIP_WINDOW_DAYS }, (_, i) => {
        const day = fromDay + i;
        return { day: day * DAY_MS, volume: text(daily.get(day) ?? 0n) };
      }),
    };
  }
}

function add(rows: Map<string, VolumeRow>, env: Env, userId: string, day: number, volume: bigint): void {
  const key = `${env}:${userId}:${day}`;
  const r = rows.get(key);
  if (r) r.volume += volume;
  else rows.set(key, { env, userId, day, volume });
}
