/**
 * The VIP service on a real exchange, futures and margin world (docs/decisions/332): levels by
 * volume or equity, the 30-day window, sub-accounts with their main account, grants, fills
 * observed, the rates a new order is charged, and the recompute clock across a restart.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DAY_MS, vipTier } from "../../protocol/vip.ts";
import { migrate, openDatabase } from "../db/database.ts";
import { queueDeposit } from "../exchange/deposits.ts";
import type { AccountDirectory } from "../exchange/exchange.ts";
import { Exchange } from "../exchange/exchange.ts";
import { migrateExchange } from "../exchange/migrations.ts";
import { rethrow } from "../exchange/testing/world.ts";
import { Futures } from "../futures/futures.ts";
import { FUTURES_MIGRATIONS } from "../futures/migrations.ts";
import { marketRequest } from "../futures/testing.ts";
import { AccountValues } from "../assets/accounts.ts";
import { Margin } from "../margin/margin.ts";
import { MARGIN_MIGRATIONS } from "../margin/store.ts";
import { TEST_MARGIN_CONFIG } from "../margin/testing.ts";
import { VipLevels } from "./levels.ts";
import { VipService, dayOf } from "./service.ts";
import { VIP_MIGRATIONS, VipStore } from "./store.ts";

const USDT = 10n ** 8n;
const NOW = Date.UTC(2026, 5, 15, 12);
const dirs: string[] = [];
const closers: Array<() => void> = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** `sub-*` accounts belong to `main`; everyone else is a main account. */
const directory: AccountDirectory = {
  of: (id) => (id.startsWith("house") ? undefined : { parentId: id.startsWith("sub") ? "main" : null, frozen: false }),
  subAccounts: (id) => (id === "main" ? [{ userId: "sub-1", frozen: false }] : []),
};

function world(dir?: string, recomputeMs = 3_600_000) {
  const d = dir ?? mkdtempSync(join(tmpdir(), "vip-test-"));
  if (!dir) dirs.push(d);
  const db = openDatabase(d);
  migrateExchange(db);
  for (const m of [FUTURES_MIGRATIONS, MARGIN_MIGRATIONS, VIP_MIGRATIONS]) migrate(db, m);
  const ex = new Exchange(db, { welcomeUsdt: 100_000n * USDT, rateLimits: false, simulator: false }, 7, directory, rethrow);
  const store = new VipStore(db);
  const levels = new VipLevels(store);
  const fx = new Futures(db, ex, { fundingIntervalMs: 8 * 3_600_000, simulator: false }, 7, rethrow, levels.futuresFees);
  const mg = new Margin(db, ex, TEST_MARGIN_CONFIG, rethrow);
  const userLevels = new Map<string, number>();
  const vip = new VipService({
    store,
    levels,
    exchange: ex,
    futures: fx,
    values: new AccountValues(ex, fx.svc, mg.svc),
    setUserLevel: (id, level) => userLevels.set(id, level),
    config: { recomputeMs },
    log: rethrow,
  });
  const close = () => {
    vip.close();
    fx.close();
    mg.close();
    ex.close();
    db.close();
  };
  closers.push(close);
  return { dir: d, db, ex, fx, mg, store, levels, vip, userLevels, close };
}

/** Queues an operator credit and applies it (`applyDeposits` runs one call after another, so the exchange's own poll cannot apply it twice). */
async function deposit(w: ReturnType<typeof world>, userId: string, coin: string, amount: bigint): Promise<void> {
  queueDeposit(w.db, { env: "live", userId, coin, amount });
  await w.ex.svc.applyDeposits();
}

const volume = (userId: string, daysAgo: number, usdt: number, env: "live" | "paper" = "live") => ({
  env,
  userId,
  day: dayOf(NOW) - daysAgo,
  volume: BigInt(usdt) * USDT,
});

describe("VIP levels", () => {
  it("rise with 30-day volume, everywhere the level is used, and fall when the volume leaves the window", async () => {
    const w = world();
    await w.ex.svc.assets("live", "u1");
    w.store.recordVolume([volume("u1", 10, 600_000), volume("u1", 3, 400_000)]);
    w.vip.recompute(NOW);
    expect(w.vip.level("live", "u1")).toBe(1);
    expect(w.ex.svc.vip("live", "u1")).toBe(1);
    expect(w.fx.svc.fees("live", "u1")).toEqual(vipTier(1).futures);
    expect(w.userLevels.get("u1")).toBe(1);
    // the paper account is a separate one: nothing traded there
    expect(w.vip.level("paper", "u1")).toBe(0);
    // 19 days on, the older day is the window's first: still in
    w.vip.recompute(NOW + 19 * DAY_MS);
    expect(w.vip.level("live", "u1")).toBe(1);
    // a day later it has left the window: 400,000 is not enough
    w.vip.recompute(NOW + 20 * DAY_MS);
    expect(w.vip.level("live", "u1")).toBe(0);
    expect(w.ex.svc.vip("live", "u1")).toBe(0);
    expect(w.userLevels.get("u1")).toBe(0);
  });

  it("rise with equity alone, and count a sub-account's volume and equity with its main account's", async () => {
    const w = world();
    await deposit(w, "rich", "USDT", 150_000n * USDT);
    w.vip.recompute(NOW);
    // 100,000 welcome + 150,000 = the 250,000 of level 1
    expect(w.vip.level("live", "rich")).toBe(1);
    expect(w.vip.detail("live", "rich", NOW).balance).toBe("250000.00000000");

    await w.ex.svc.assets("live", "main");
    w.store.recordVolume([volume("main", 1, 3_000_000), volume("sub-1", 2, 2_000_000)]);
    w.vip.recompute(NOW);
    expect(w.vip.level("live", "main")).toBe(2);
    expect(w.vip.level("live", "sub-1")).toBe(2);
    const d = w.vip.detail("live", "sub-1", NOW);
    expect(d).toMatchObject({ level: 2, volume30d: "5000000.00000000", next: { level: 3, volume: "10000000" } });
    expect(d.daily).toHaveLength(30);
    expect(d.daily.at(-1)?.day).toBe(dayOf(NOW) * DAY_MS);
    expect(d.daily.at(-2)?.volume).toBe("3000000.00000000");
  });

  it("takes an operator's grant as a floor at once, and a grant of 0 withdraws it", async () => {
    const w = world();
    await w.ex.svc.assets("paper", "u2");
    w.vip.recompute(NOW);
    w.store.grant("paper", "u2", 4, NOW);
    w.vip.tick(NOW + 1000);
    expect(w.vip.level("paper", "u2")).toBe(4);
    expect(w.ex.svc.vip("paper", "u2")).toBe(4);
    // the live level is untouched, and the user row is the live one
    expect(w.vip.level("live", "u2")).toBe(0);
    expect(w.userLevels.has("u2")).toBe(false);
    w.store.grant("paper", "u2", 0, NOW);
    w.vip.tick(NOW + 2000);
    expect(w.vip.level("paper", "u2")).toBe(0);
  });

  it("adds every user fill to both sides' day, a margin account's to its owner", async () => {
    const w = world();
    // at ETH's reference price (3200, the last candle): the price band (docs/decisions/340) refuses a sell far under it
    const order = (side: "buy" | "sell") => ({ symbol: "ETHUSDT", side, orderType: "limit", force: "gtc", price: "3200.00", size: "1.25" });
    await w.ex.svc.assets("live", "buyer");
    await w.mg.svc.transfer("live", { userId: "buyer", mode: "crossed", symbol: "" }, "USDT", 5000n * USDT, true, "t1");
    await deposit(w, "seller", "ETH", 2n * USDT);
    await w.ex.svc.placeOrder("live", "seller", order("sell"));
    await w.ex.svc.placeOrder("live", "buyer#crossed", order("buy"));
    w.ex.svc.store.flush();
    w.vip.flush();
    const today = dayOf(Date.now());
    const vols = new Map(w.store.volumes(today - 1).map((r) => [r.userId, r.volume]));
    expect(vols.get("seller")).toBe(4000n * USDT);
    expect(vols.get("buyer")).toBe(4000n * USDT);
    expect(vols.has("buyer#crossed")).toBe(false);
  });

  it("charges a futures order the rates of the level when it was placed", () => {
    const w = world();
    w.fx.step();
    w.fx.svc.transfer("live", "fx-user", true, 10_000n * USDT, "t1");
    const first = w.fx.svc.place("live", "fx-user", marketRequest("BTCUSDT", "buy", 1000));
    expect(first.filledQuote).toBeGreaterThan(0n);
    expect(first.fee).toBe((first.filledQuote * 600n) / 1_000_000n);
    w.store.grant("live", "fx-user", 6, Date.now());
    w.vip.tick(Date.now());
    const second = w.fx.svc.place("live", "fx-user", marketRequest("BTCUSDT", "sell", 1000));
    expect(second.fee).toBe((second.filledQuote * BigInt(vipTier(6).futures.taker)) / 1_000_000n);
  });

  it("recomputes on the interval, and a restart keeps the schedule", () => {
    const w = world(undefined, 10_000);
    w.vip.tick(NOW);
    expect(w.store.lastRecompute()).toBe(NOW);
    w.vip.tick(NOW + 9_999);
    expect(w.store.lastRecompute()).toBe(NOW);
    w.close();
    closers.pop();
    const again = world(w.dir, 10_000);
    again.vip.tick(NOW + 5_000);
    expect(again.store.lastRecompute()).toBe(NOW);
    again.vip.tick(NOW + 10_000);
    expect(again.store.lastRecompute()).toBe(NOW + 10_000);
  });
});
