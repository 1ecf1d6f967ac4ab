/** The asset area's valuation and snapshot rules on a real exchange, futures and margin world (docs/decisions/331). */
import { afterEach, describe, expect, it } from "vitest";
import { openExchangeBase, removeWorldDirs, rethrow, type ExchangeBase } from "../exchange/testing/world.ts";
import { CONTRACTS } from "../futures/contracts.ts";
import { Futures } from "../futures/futures.ts";
import { FUTURES_MIGRATIONS } from "../futures/migrations.ts";
import { Margin } from "../margin/margin.ts";
import { MARGIN_MIGRATIONS } from "../margin/store.ts";
import { TEST_MARGIN_CONFIG, tradeAt } from "../margin/testing.ts";
import { AccountValues, maxTransferOut } from "./accounts.ts";
import { AssetService, pointsOf, slotOf, snapshotRows, tickMs, windowStart } from "./service.ts";
import { ASSET_MIGRATIONS, AssetStore } from "./store.ts";

const DAY = 86_400_000;
const U = 10n ** 8n;
const T0 = Date.UTC(2026, 0, 10, 13, 0, 0);

interface World extends ExchangeBase {
  fx: Futures;
  mg: Margin;
  assets: AssetService;
  clock: { now: number };
}
const opened: World[] = [];

function world(dir?: string, intervalMs = DAY): World {
  const base = openExchangeBase("as-test-", [...FUTURES_MIGRATIONS, ...MARGIN_MIGRATIONS, ...ASSET_MIGRATIONS], dir);
  const fx = new Futures(base.db, base.ex, { fundingIntervalMs: 8 * 3_600_000, simulator: false }, 7, rethrow);
  const mg = new Margin(base.db, base.ex, TEST_MARGIN_CONFIG, rethrow);
  const clock = { now: T0 };
  const values = new AccountValues(base.ex, fx.svc, mg.svc);
  const assets = new AssetService(
    new AssetStore(base.db),
    values,
    () => base.ex.svc.store.loadAccounts(),
    { snapshotIntervalMs: intervalMs },
    () => clock.now,
  );
  const w = { ...base, fx, mg, assets, clock };
  opened.push(w);
  return w;
}

function close(w: World): void {
  opened.splice(opened.indexOf(w), 1);
  w.assets.close();
  w.mg.close();
  w.fx.close();
  w.ex.close();
  w.db.close();
}

afterEach(() => {
  for (const w of [...opened]) close(w);
  removeWorldDirs();
});

const total = (w: World, env: "live" | "paper", user: string) => w.assets.breakdown(env, user).reduce((s, v) => s + v.usdt, 0n);

describe("snapshot rules", () => {
  it("puts a time in the interval it falls in and a window of N days back from the current one", () => {
    expect(slotOf(T0, DAY)).toBe(Date.UTC(2026, 0, 10));
    expect(slotOf(Date.UTC(2026, 0, 10), DAY)).toBe(Date.UTC(2026, 0, 10));
    expect(windowStart(T0, 7, DAY)).toBe(Date.UTC(2026, 0, 4));
    expect(windowStart(T0, 1, DAY)).toBe(Date.UTC(2026, 0, 10));
    expect(tickMs(1000)).toBe(250);
    expect(tickMs(DAY)).toBe(60_000);
  });

  it("writes rows only for the accounts that exist and groups rows into one point per slot", () => {
    const values = [
      { type: "spot" as const, usdt: 5n, coins: new Map(), exists: true },
      { type: "futures" as const, usdt: 0n, coins: new Map(), exists: false },
      { type: "crossed_margin" as const, usdt: 0n, coins: new Map(), exists: true },
    ];
    const rows = snapshotRows("live", "u", values, 100, 150);
    expect(rows.map((r) => r.accountType)).toEqual(["spot", "crossed_margin"]);
    const points = pointsOf([...rows, ...snapshotRows("live", "u", [{ ...values[0]!, usdt: 7n }], 200, 250)]);
    expect(points).toEqual([
      { slot: 100, total: 5n, accounts: { spot: 5n, crossed_margin: 0n } },
      { slot: 200, total: 7n, accounts: { spot: 7n } },
    ]);
  });
});

describe("valuation", () => {
  it("values spot, futures and both margin kinds, and transfers between them keep the total", async () => {
    const w = world();
    await w.ex.svc.assets("live", "alice");
    expect(total(w, "live", "alice")).toBe(100_000n * U);
    expect(w.assets.breakdown("live", "alice").map((v) => v.exists)).toEqual([true, false, false, false]);
    w.fx.svc.transfer("live", "alice", true, 1000n * U, "t1");
    await w.mg.svc.transfer("live", w.mg.svc.ref("alice", "crossed"), "USDT", 2000n * U, true, "t2");
    await w.mg.svc.transfer("live", w.mg.svc.ref("alice", "isolated", "BTCUSDT"), "USDT", 300n * U, true, "t3");
    const b = w.assets.breakdown("live", "alice");
    expect(b.map((v) => [v.type, v.usdt, v.exists])).toEqual([
      ["spot", 96_700n * U, true],
      ["futures", 1000n * U, true],
      ["crossed_margin", 2000n * U, true],
      ["isolated_margin", 300n * U, true],
    ]);
    expect(total(w, "live", "alice")).toBe(100_000n * U);
    expect(maxTransferOut({ exchange: w.ex, futures: w.fx.svc, margin: w.mg.svc }, "live", "alice", "futures", "USDT")).toBe(1000n * U);
    expect(maxTransferOut({ exchange: w.ex, futures: w.fx.svc, margin: w.mg.svc }, "live", "alice", "spot", "BTC")).toBe(0n);
  });

  it("values the futures account at its balance plus the unrealised PnL of its positions", async () => {
    const w = world();
    const BTC = CONTRACTS[0]!;
    w.fx.step();
    await w.ex.svc.assets("live", "dora");
    w.fx.svc.transfer("live", "dora", true, 1000n * U, "d1");
    const mark = w.fx.market.price("live", BTC.symbol).mark;
    const size = Math.round((500 / (mark / 100)) * 1e6);
    const order = { symbol: BTC.symbol, side: "buy" as const, orderType: "market" as const, force: "gtc" as const, price: 0 };
    w.fx.svc.place("live", "dora", { ...order, size, clientOid: "", reduceOnly: false, source: "API" });
    expect(w.fx.svc.position("live", "dora", BTC.symbol, "long")?.size).toBe(size);
    const before = w.assets.values.futuresOf("live", "dora").usdt;
    w.fx.market.price("live", BTC.symbol).mark = Math.round(mark * 1.1);
    const after = w.assets.values.futuresOf("live", "dora");
    const s = w.fx.svc.summary("live", "dora");
    expect(s.crossUpnl + s.isoUpnl).toBeGreaterThan(0n);
    expect(after.usdt).toBe(s.account.balance + s.crossUpnl + s.isoUpnl);
    expect(after.usdt).toBeGreaterThan(before);
    expect(after.coins.get("USDT")).toBe(after.usdt);
  });

  it("values coins at the spot last price and a margin account net of its debt", async () => {
    const w = world();
    tradeAt(w.ex, "paper", "BTCUSDT", 9_000_000);
    await w.ex.svc.assets("paper", "bob");
    const spot = w.assets.values.spot("paper", "bob");
    expect(spot.coins.get("BTC")).toBe(90_000n * U);
    expect(spot.coins.get("USDT")).toBe(50_000n * U);
    const ref = w.mg.svc.ref("bob", "crossed");
    await w.mg.svc.transfer("paper", ref, "USDT", 1000n * U, true, "m1");
    await w.mg.svc.borrow("paper", ref, "USDT", 500n * U);
    const crossed = w.assets.values.crossed("paper", "bob");
    // borrowed coins add as much to the assets as to the debt: the net is what came in less the interest charged
    const owed = w.mg.svc.owed("paper", w.mg.svc.key(ref), "USDT");
    expect(owed).toBeGreaterThan(500n * U);
    expect(crossed.usdt).toBe(1500n * U - owed);
    expect(crossed.coins.get("USDT")).toBe(1500n * U - owed);
  });
});

describe("the snapshot clock", () => {
  it("takes one snapshot per interval of the accounts that exist, and not again after a restart", async () => {
    const w = world();
    expect(w.assets.tick()).toBe(0);
    await w.ex.svc.assets("live", "carol");
    w.clock.now = T0 + DAY;
    expect(w.assets.tick()).toBe(1);
    expect(w.assets.tick()).toBe(0);
    w.fx.svc.transfer("live", "carol", true, 10n * U, "f1");
    w.clock.now = T0 + 2 * DAY;
    expect(w.assets.tick()).toBe(2);
    const dir = w.dir;
    close(w);
    const again = world(dir);
    again.clock.now = T0 + 2 * DAY + 1000;
    expect(again.assets.tick()).toBe(0);
    again.clock.now = T0 + 3 * DAY;
    expect(again.assets.tick()).toBe(2);
    const points = again.assets.history("live", "carol", 7, T0 + 3 * DAY);
    expect(points.map((p) => p.slot)).toEqual([1, 2, 3].map((d) => slotOf(T0 + d * DAY, DAY)));
    expect(points.map((p) => p.total)).toEqual([100_000n * U, 100_000n * U, 100_000n * U]);
    expect(points[0]?.accounts).toEqual({ spot: 100_000n * U });
    expect(points[2]?.accounts).toEqual({ spot: 99_990n * U, futures: 10n * U });
    expect(again.assets.history("live", "carol", 7, T0 + 9 * DAY).map((p) => p.slot)).toEqual([slotOf(T0 + 3 * DAY, DAY)]);
  });
});
