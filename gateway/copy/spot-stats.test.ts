/**
 * Spot leads in public (docs/decisions/362): figures from the lead's closed holdings, holdings as the
 * lead lets them show, assets under copy, the shares a lead earned (each equal to the bills that paid
 * it), per environment, and "not a lead trader" for anyone else.
 */
import { afterAll, describe, expect, it } from "vitest";
import { newChange, TREASURY, type Env } from "../exchange/engine/types.ts";
import type { Exchange } from "../exchange/exchange.ts";
import { openExchangeBase, removeWorldDirs } from "../exchange/testing/world.ts";
import { SpotCopyService } from "./spot-service.ts";
import { SpotCopyProfiles, spotClosed } from "./spot-stats.ts";
import { SPOT_COPY_MIGRATIONS, SpotCopyStore } from "./spot-store.ts";
import { DAY_MS, POSITION_DELAY_MS } from "./stats.ts";

const worlds: Exchange[] = [];
afterAll(() => {
  for (const ex of worlds.splice(0))
    if (ex.svc.db.open) {
      ex.close();
      ex.svc.db.close();
    }
  removeWorldDirs();
});

const U = 100_000_000n;

function world() {
  const base = openExchangeBase("sui-", SPOT_COPY_MIGRATIONS);
  const ex = base.ex;
  worlds.push(ex);
  const svc = ex.svc;
  let clock = Date.now();
  const equity = (env: Env, user: string) => svc.engine.balance(env, user, "USDT").available;
  const copy = new SpotCopyService({
    store: new SpotCopyStore(base.db),
    exchange: svc,
    config: { leadMinEquity: 100n * U, leadMinAgeMs: 0, maxProfitSharePpm: 100_000 },
    equity,
    registeredAt: () => 0,
    log: (err) => {
      throw err;
    },
  });
  const vis = new Map<string, string>();
  const profiles = new SpotCopyProfiles({
    db: base.db,
    spotCopy: copy,
    store: new SpotCopyStore(base.db),
    visibility: {
      positionVisibility: (env, id) => vis.get(`${env}:${id}`),
      setPositionVisibility: (env, id, v) => void vis.set(`${env}:${id}`, v),
    },
    equity,
    now: () => clock,
  });
  const credit = async (user: string, coin: string, amount: bigint, env: Env = "live") => {
    const ch = newChange();
    svc.ensureAccount(env, user, ch);
    svc.engine.transfer(env, TREASURY, user, coin, amount, ["TRANSFER_OUT", "DEPOSIT"], "deposit", ch);
    await svc.store.commit(ch);
  };
  const px = (ticks: number) => (ticks / 100).toFixed(2);
  const order = (user: string, side: "buy" | "sell", ticks: number, lots: number, force = "ioc") =>
    svc.placeOrder("live", user, {
      symbol: "ETHUSDT",
      side,
      orderType: "limit",
      force,
      price: px(ticks),
      size: (lots / 10_000).toFixed(4),
    });
  const quote = async (mid: number) => {
    await svc.cancelSymbol("live", "mm", "ETHUSDT");
    await order("mm", "sell", mid + 1, 50_000_000, "gtc");
    await order("mm", "buy", mid - 1, 50_000_000, "gtc");
  };
  const income = () =>
    (
      base.db
        .prepare("SELECT SUM(size) AS s FROM ex_bills WHERE business_type = 'TRACKING_TRADER_INCOME' AND user_id = 'lead'")
        .safeIntegers(true)
        .get() as { s: bigint }
    ).s;
  return { svc, copy, profiles, credit, order, quote, income, tick: (ms: number) => (clock += ms) };
}

describe("spot lead profiles", () => {
  it("a closed holding's net is its realised result, its base the quote it cost", () => {
    expect(spotClosed({ closeTime: 5, realised: 7n, buyQuote: 100n })).toEqual({
      closeTime: 5,
      realised: 7n,
      openFee: 0n,
      closeFee: 0n,
      openValue: 100n,
      leverage: 1,
    });
  });

  it("ranks spot leads by their closed holdings, shows holdings as the lead chooses, and lists the shares it earned", async () => {
    const w = world();
    await w.credit("mm", "ETH", 100_000n * U);
    await w.credit("mm", "USDT", 1_000_000_000n * U);
    for (const u of ["lead", "idle", "f1", "f2"]) await w.credit(u, "USDT", 10_000n * U);
    w.copy.apply("live", "lead", 100_000);
    w.copy.apply("live", "idle", 50_000);
    const pair = { symbol: "ETHUSDT", traceType: "percent" as const, ratioPpm: 1_000_000, amount: 0n, maxPerOrder: 0n };
    w.copy.follow("live", "f1", "lead", [pair]);
    w.copy.follow("live", "f2", "lead", [pair]);

    await w.quote(320_000);
    await w.order("lead", "buy", 320_001, 10_000); // 1 ETH
    await w.copy.settle();
    // open: the lead's holding shows (show is the default), the follower's copy is under copy
    // f2 takes its copy out of copy trading: it ends without a share, and is no share earned
    w.copy.stopCopies("live", "f2", [w.copy.openCopies("live", "f2")[0]!.id]);
    let p = w.profiles.profile("live", "lead");
    expect(p.open.map((h) => h.symbol)).toEqual(["ETHUSDT"]);
    const copyCost = w.copy.openCopies("live", "f1")[0]!.cost;
    expect(copyCost).toBeGreaterThan(3_000n * U);
    expect(p.aum).toBe(copyCost);
    expect(p.followers).toBe(2);
    w.profiles.setVisibility("live", "lead", "HIDE");
    expect(w.profiles.profile("live", "lead").open).toEqual([]);
    w.profiles.setVisibility("live", "lead", "delay");
    expect(w.profiles.profile("live", "lead").open).toEqual([]);
    w.tick(POSITION_DELAY_MS + 60_000);
    expect(w.profiles.profile("live", "lead").open).toHaveLength(1);
    expect(() => w.profiles.setVisibility("live", "lead", "later")).toThrow(expect.objectContaining({ code: "40017" }));
    expect(() => w.profiles.setVisibility("live", "f1", "hide")).toThrow(expect.objectContaining({ code: "40701" }));

    // the lead sells all 100 USDT higher: its holding closes, the copy sells and pays the share
    await w.quote(330_000);
    const leadEth = w.svc.engine.balance("live", "lead", "ETH").available;
    await w.svc.placeOrder("live", "lead", {
      symbol: "ETHUSDT",
      side: "sell",
      orderType: "market",
      size: (Number(leadEth) / 1e8).toFixed(4),
    });
    await w.copy.settle();
    const closed = w.copy.tracks({ env: "live", userId: "lead", before: Number.MAX_SAFE_INTEGER, limit: 5 }, "lead", ["closed"]);
    expect(closed).toHaveLength(1);
    const net = closed[0]!.realised;
    expect(net).toBeGreaterThan(90n * U);

    p = w.profiles.profile("live", "lead");
    const d30 = p.periods.find((x) => x.days === 30)!;
    expect(d30).toMatchObject({ pnl: net, trades: 1, wins: 1, winRatePpm: 1_000_000, maxDrawdownPpm: 0 });
    // ROI over the equity at the window's start (equity now − PnL)
    const equity = w.svc.engine.balance("live", "lead", "USDT").available;
    expect(d30.roiPpm).toBe(Number((net * 1_000_000n) / (equity - net)));
    expect(p.curve).toEqual([[closed[0]!.closeTime, net]]);
    expect(p.aum).toBe(0n);
    expect(p.open).toEqual([]);

    const ranked = w.profiles.ranking("live", 30, "pnl");
    expect(ranked.map((r) => r.traderId)).toEqual(["lead", "idle"]);
    expect(ranked[1]!.stats.trades).toBe(0);
    // a closed holding older than the window is not in it
    w.tick(8 * DAY_MS);
    expect(w.profiles.ranking("live", 7, "roi").find((r) => r.traderId === "lead")!.stats.trades).toBe(0);
    expect(w.profiles.history("live", "lead", Number.MAX_SAFE_INTEGER, 10).map((t) => t.id)).toEqual([closed[0]!.id]);

    // the share earned: the follower's ended copy, equal to the lead's income bills
    const all = { symbol: null, start: 0, end: Number.MAX_SAFE_INTEGER, before: Number.MAX_SAFE_INTEGER, limit: 20 };
    const shares = w.profiles.sharesEarned("live", "lead", all);
    expect(shares.map((s) => s.userId)).toEqual(["f1"]);
    expect(shares[0]!.shared).toBeGreaterThan(0n);
    expect(shares[0]!.shared).toBe(w.income());
    expect(w.profiles.sharesEarned("live", "lead", { ...all, symbol: "BTCUSDT" })).toEqual([]);
    expect(w.profiles.sharesEarned("live", "lead", { ...all, end: shares[0]!.closeTime - 1 })).toEqual([]);
    expect(w.profiles.sharesEarned("live", "lead", { ...all, before: shares[0]!.id })).toEqual([]);
    expect(w.profiles.sharesEarned("live", "idle", all)).toEqual([]);

    // not a lead, or another environment: "not a lead trader"
    expect(() => w.profiles.profile("live", "f1")).toThrow(expect.objectContaining({ code: "40701" }));
    expect(() => w.profiles.history("live", "nobody", Number.MAX_SAFE_INTEGER, 5)).toThrow(expect.objectContaining({ code: "40701" }));
    expect(() => w.profiles.sharesEarned("live", "f1", all)).toThrow(expect.objectContaining({ code: "40701" }));
    expect(() => w.profiles.profile("paper", "lead")).toThrow(expect.objectContaining({ code: "40701" }));
    expect(w.profiles.ranking("paper", 30, "roi")).toEqual([]);
  });

  it("reuses a ranking for 5 s: a new lead or follow shows at once, closed trades once the entry expires", async () => {
    const w = world();
    await w.credit("mm", "ETH", 100_000n * U);
    await w.credit("mm", "USDT", 1_000_000_000n * U);
    for (const u of ["lead", "late", "f1"]) await w.credit(u, "USDT", 10_000n * U);
    w.copy.apply("live", "lead", 100_000);
    const first = w.profiles.ranking("live", 30, "roi");
    expect(first.map((r) => r.traderId)).toEqual(["lead"]);
    // the same question within the TTL is the same answer (not recomputed)
    expect(w.profiles.ranking("live", 30, "roi")).toBe(first);
    // a new lead is in the next answer, without waiting
    w.copy.apply("live", "late", 50_000);
    expect(
      w.profiles
        .ranking("live", 30, "roi")
        .map((r) => r.traderId)
        .sort(),
    ).toEqual(["late", "lead"]);
    // so is a new follow
    const pair = { symbol: "ETHUSDT", traceType: "percent" as const, ratioPpm: 1_000_000, amount: 0n, maxPerOrder: 0n };
    w.copy.follow("live", "f1", "lead", [pair]);
    expect(w.profiles.ranking("live", 30, "roi").find((r) => r.traderId === "lead")!.followers).toBe(1);
    // a closed holding changes the figures: stale within the TTL, there once it expires
    await w.quote(320_000);
    await w.order("lead", "buy", 320_001, 10_000);
    await w.copy.settle();
    await w.quote(330_000);
    const eth = w.svc.engine.balance("live", "lead", "ETH").available;
    const size = (Math.floor(Number(eth) / 10_000) / 10_000).toFixed(4);
    await w.svc.placeOrder("live", "lead", { symbol: "ETHUSDT", side: "sell", orderType: "market", size });
    await w.copy.settle();
    const before = w.profiles.ranking("live", 30, "roi").find((r) => r.traderId === "lead")!;
    expect(before.stats.trades).toBe(0);
    w.tick(4_999);
    expect(w.profiles.ranking("live", 30, "roi").find((r) => r.traderId === "lead")!.stats.trades).toBe(0);
    w.tick(1);
    const after = w.profiles.ranking("live", 30, "roi").find((r) => r.traderId === "lead")!;
    expect(after.stats.trades).toBe(1);
    expect(after.stats.pnl).toBeGreaterThan(0n);
    // each (environment, period, sort) has its own entry; demo is apart
    expect(w.profiles.ranking("paper", 30, "roi")).toEqual([]);
    expect(w.profiles.ranking("live", 7, "pnl").find((r) => r.traderId === "lead")!.stats.trades).toBe(1);
  });
});
