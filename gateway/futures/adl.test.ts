/**
 * Auto-deleveraging (docs/decisions/317): when the protection fund cannot carry a bankrupt
 * position, the users on the other side are closed against it at its bankruptcy price, most
 * profitable and leveraged first, with an order, a fill and a bill that say so; money stays
 * conserved under random positions and mark shocks, with no book to work anything off in.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { notional } from "../exchange/instruments.ts";
import { CONTRACTS } from "./contracts.ts";
import type { Futures } from "./futures.ts";
import { upnl, type FxChange } from "./ledger.ts";
import { ADL_REASON, PROTECTION_FUND } from "./service.ts";
import { closeFuturesWorlds, fundBtc, futuresWorld, liveEquity } from "./testing.ts";

afterAll(closeFuturesWorlds);

const BTC = CONTRACTS[0]!;
const USDT = 10n ** 8n;

/** `maker` rests a limit order at the mark and `taker` takes it: one long, one short of `size` lots. */
function trade(fx: Futures, maker: string, taker: string, makerSide: "buy" | "sell", size: number): void {
  const mark = fx.market.price("live", BTC.symbol).mark;
  const base = { symbol: BTC.symbol, force: "gtc" as const, size, clientOid: "", reduceOnly: false, source: "API" };
  fx.svc.place("live", maker, { ...base, side: makerSide, orderType: "limit", price: mark });
  fx.svc.place("live", taker, { ...base, side: makerSide === "buy" ? "sell" : "buy", orderType: "market", price: 0 });
}

/** A new world, its service, BTC's mark and the lots of about 1,000 USDT at it. */
function btcWorld() {
  const { fx } = futuresWorld();
  const mark = fx.market.price("live", BTC.symbol).mark;
  return { fx, svc: fx.svc, mark, size: Math.round((1000 / (mark / 100)) * 1e6) };
}

describe("the liquidation index", () => {
  it("files a crossed account again when a transfer takes its spare balance, so the mark that now reaches it liquidates it", () => {
    const { fx, svc, mark, size } = btcWorld();
    fundBtc(svc, "idx-cross", 2000n, 20, false);
    fundBtc(svc, "idx-maker", 5000n, 1, true);
    trade(fx, "idx-maker", "idx-cross", "sell", size);
    // with 2,000 USDT behind it the long survives a 12 % fall; with 100 left it does not
    svc.transfer("live", "idx-cross", false, 1900n * USDT, "idx-out");
    fx.market.price("live", BTC.symbol).mark = Math.round(mark * 0.88);
    svc.checkLiquidations("live", BTC, Date.now());
    expect(svc.position("live", "idx-cross", BTC.symbol, "long")).toBeUndefined();
  });
});

describe("auto-deleveraging", () => {
  it("closes the best-ranked opposite position at the bankruptcy price when the fund cannot cover, and conserves money", () => {
    const { fx, svc, mark, size } = btcWorld();
    fundBtc(svc, "adl-bust", 100n, 50, true);
    fundBtc(svc, "adl-high", 2000n, 20, true);
    fundBtc(svc, "adl-low", 2000n, 2, true);
    fundBtc(svc, "adl-safe", 5000n, 1, true);
    trade(fx, "adl-high", "adl-bust", "sell", size);
    trade(fx, "adl-low", "adl-safe", "sell", size);
    const bust = svc.position("live", "adl-bust", BTC.symbol, "long")!;
    const bankruptcy = bust.cost - bust.margin;
    const before = liveEquity(fx);
    const fundBefore = svc.protectionFund("live");
    expect(fundBefore).toBe(0n);
    // both shorts are in the same profit; the 20x one is ranked before the 2x one
    fx.market.price("live", BTC.symbol).mark = Math.round(mark * 0.95);
    expect(svc.adlRanking("live", BTC, "short").map((p) => p.userId)).toEqual(["adl-high", "adl-low"]);
    const changes: FxChange[] = [];
    svc.committed.add((ch) => changes.push(ch));
    const highBalance = svc.account("live", "adl-high").balance;
    const highCost = svc.position("live", "adl-high", BTC.symbol, "short")!.cost;
    // 5 % under the entry, past the 50x long's bankruptcy price: no book to work it off in, the fund at zero
    svc.checkLiquidations("live", BTC, Date.now());
    expect(svc.position("live", "adl-bust", BTC.symbol, "long")).toBeUndefined();
    expect(svc.position("live", PROTECTION_FUND, BTC.symbol, "long")).toBeUndefined();
    // the 20x short was closed in full at the bankruptcy value, the 2x one kept
    expect(svc.position("live", "adl-high", BTC.symbol, "short")).toBeUndefined();
    expect(svc.position("live", "adl-low", BTC.symbol, "short")?.size).toBe(size);
    expect(svc.account("live", "adl-high").balance).toBe(highBalance + highCost - bankruptcy);
    // the fund neither gained nor lost, and nothing was created or destroyed
    expect(svc.protectionFund("live")).toBe(fundBefore);
    expect(liveEquity(fx)).toBe(before);
    // told on the private streams: a filled system order, its fill and its bill
    const ch = changes.find((x) => x.bills.some((b) => b.userId === "adl-high"))!;
    const order = [...ch.orders].find((o) => o.userId === "adl-high")!;
    expect([order.status, order.cancelReason, order.tradeSide, order.side, order.filled]).toEqual([
      "filled",
      ADL_REASON,
      "close",
      "buy",
      size,
    ]);
    expect(ch.fills.find((f) => f.order === order)?.quote).toBe(bankruptcy);
    expect(ch.bills.find((b) => b.userId === "adl-high")?.business).toBe("adl_close_short");
    // and durable: the bill and the order are in the store
    expect(
      svc.store.bills({ env: "live", userId: "adl-high", before: Number.MAX_SAFE_INTEGER, limit: 10, start: 0, end: Date.now() + 1 })[0]
        ?.business,
    ).toBe("adl_close_short");
    expect(svc.store.findOrder("live", "adl-high", { orderId: order.id })?.cancelReason).toBe(ADL_REASON);
  });

  it("deleverages at the takeover price what the book cannot take at it, even when the fund could carry it (docs/decisions/341)", () => {
    const { fx, svc, mark, size } = btcWorld();
    fundBtc(svc, "carry-bust", 100n, 50, true);
    fundBtc(svc, "carry-short", 2000n, 20, false);
    // the fund has money of its own (paid in from its spot account, as any account's transfer)
    svc.transfer("live", PROTECTION_FUND, true, 1000n * USDT, "fund-seed");
    trade(fx, "carry-short", "carry-bust", "sell", size);
    const before = liveEquity(fx);
    fx.market.price("live", BTC.symbol).mark = Math.round(mark * 0.95);
    svc.checkLiquidations("live", BTC, Date.now());
    expect(svc.position("live", "carry-bust", BTC.symbol, "long")).toBeUndefined();
    // nothing bids at or above the bankruptcy price: the fund keeps nothing, the short is closed against it at that price
    expect(svc.position("live", PROTECTION_FUND, BTC.symbol, "long")).toBeUndefined();
    expect(svc.position("live", "carry-short", BTC.symbol, "short")).toBeUndefined();
    expect(svc.account("live", PROTECTION_FUND).balance).toBe(1000n * USDT);
    expect(svc.fundEquity("live")).toBe(1000n * USDT);
    expect(liveEquity(fx)).toBe(before);
  });

  it("closes a position the fund was left with at the mark when the mark moved its way, never handing its profit to the other side", () => {
    const { fx, svc, mark, size } = btcWorld();
    const ETH = CONTRACTS.find((c) => c.symbol === "ETHUSDT")!;
    const ethMark = fx.market.price("live", ETH.symbol).mark;
    const ethSize = Math.round((1000 / (ethMark / 100)) * 1e4);
    // the fund holds a BTC long of its own from before (bought at the mark, as when nobody was short to deleverage)
    fundBtc(svc, PROTECTION_FUND, 600n, 2, false);
    fundBtc(svc, "gift-short", 5000n, 2, false);
    trade(fx, PROTECTION_FUND, "gift-short", "buy", size);
    // an ETH long at 50x against the house market maker, whom deleveraging never takes
    svc.transfer("live", "gift-bust", true, 1000n * USDT, "gift-bust-in");
    svc.setMarginMode("live", "gift-bust", ETH, "isolated");
    svc.setLeverage("live", "gift-bust", ETH, 50);
    svc.transfer("live", "house-fx-mm", true, 20_000n * USDT, "house-in");
    svc.setLeverage("live", "house-fx-mm", ETH, 2);
    const base = { symbol: ETH.symbol, force: "gtc" as const, size: 18 * ethSize, clientOid: "", reduceOnly: false, source: "API" };
    svc.place("live", "house-fx-mm", { ...base, side: "sell", orderType: "limit", price: ethMark });
    svc.place("live", "gift-bust", { ...base, side: "buy", orderType: "market", price: 0 });
    // ETH falls 10 %: the fund takes the long over and is left with it (nobody to deleverage), under water
    fx.market.price("live", ETH.symbol).mark = Math.round(ethMark * 0.9);
    svc.checkLiquidations("live", ETH, Date.now());
    expect(svc.position("live", "gift-bust", ETH.symbol, "long")).toBeUndefined();
    expect(svc.position("live", PROTECTION_FUND, ETH.symbol, "long")).toBeDefined();
    // BTC rises 3 %: the fund's BTC long is in profit, and the fund, under water, deleverages it
    fx.market.price("live", BTC.symbol).mark = Math.round(mark * 1.03);
    expect(svc.fundEquity("live")).toBeLessThan(0n);
    const short = svc.position("live", "gift-short", BTC.symbol, "short")!;
    const marked = svc.account("live", "gift-short").balance + upnl(short, svc.markValue(short));
    svc.checkLiquidations("live", BTC, Date.now());
    // the fund's long went to the short at the mark: the short ends with what it was worth at the mark, not more
    expect(svc.position("live", PROTECTION_FUND, BTC.symbol, "long")).toBeUndefined();
    expect(svc.position("live", "gift-short", BTC.symbol, "short")).toBeUndefined();
    expect(svc.account("live", "gift-short").balance).toBe(marked);
  });

  it("takes a crossed account that gapped past bankruptcy over at its bankruptcy value: the other side, not the fund, carries the gap", () => {
    const { fx, svc, mark, size } = btcWorld();
    fundBtc(svc, "gap-bust", 1000n, 20, false);
    fundBtc(svc, "gap-long", 20_000n, 2, false);
    trade(fx, "gap-long", "gap-bust", "buy", 18 * size);
    const before = liveEquity(fx);
    const fundBefore = svc.fundEquity("live");
    const longBalance = svc.account("live", "gap-long").balance;
    const longCost = svc.position("live", "gap-long", BTC.symbol, "long")!.cost;
    // the mark gaps 12 % up: the short owes far more than its 1,000 USDT
    fx.market.price("live", BTC.symbol).mark = Math.round(mark * 1.12);
    svc.checkLiquidations("live", BTC, Date.now());
    expect(svc.position("live", "gap-bust", BTC.symbol, "short")).toBeUndefined();
    // the account ends at zero, never below, and the fund neither paid nor kept anything
    expect(svc.account("live", "gap-bust").balance).toBe(0n);
    expect(svc.fundEquity("live")).toBe(fundBefore);
    expect(svc.positionsOf("live", PROTECTION_FUND)).toEqual([]);
    // the long was deleveraged at the bankruptcy price: its gain is what the short could pay, less its fees
    expect(svc.position("live", "gap-long", BTC.symbol, "long")).toBeUndefined();
    const gained = svc.account("live", "gap-long").balance - longBalance;
    expect(gained).toBeLessThan(notional(BTC.inst, Math.round(mark * 1.12), 18 * size) - longCost);
    expect(liveEquity(fx)).toBe(before);
  });

  it("conserves money under random positions and mark shocks, and never leaves the fund holding what it cannot carry", () => {
    const w = futuresWorld();
    const { fx } = w;
    const svc = fx.svc;
    const users = ["r-0", "r-1", "r-2", "r-3", "r-4", "r-5"];
    const mark0 = fx.market.price("live", BTC.symbol).mark;
    let transferred = 0n;
    users.forEach((u, i) => {
      fundBtc(svc, u, 500n + BigInt(i) * 300n, [2, 5, 10, 25, 50, 100][i]!, i % 2 === 0);
      transferred += (500n + BigInt(i) * 300n) * USDT;
    });
    let adl = 0;
    svc.committed.add((ch) => (adl += ch.bills.filter((b) => b.business.startsWith("adl_")).length));
    const step = fc.oneof(
      fc.record({
        k: fc.constant("trade" as const),
        a: fc.nat(5),
        b: fc.nat(5),
        buy: fc.boolean(),
        usdt: fc.integer({ min: 10, max: 3000 }),
      }),
      fc.record({ k: fc.constant("shock" as const), bp: fc.integer({ min: -1200, max: 1200 }) }),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        for (const s of steps) {
          const ps = fx.market.price("live", BTC.symbol);
          try {
            if (s.k === "trade") {
              if (s.a === s.b) continue;
              const size = Math.max(1, Math.round((s.usdt / (ps.mark / 100)) * 1e6));
              trade(fx, users[s.a]!, users[s.b]!, s.buy ? "buy" : "sell", size);
            } else {
              // shocks stay within a band around the start, so the sizes above stay meaningful
              ps.mark = Math.min(mark0 * 2, Math.max(Math.round(mark0 / 2), Math.round(ps.mark * (1 + s.bp / 10_000))));
              // the fund's work-off may fill a user's stale resting order at its own (far) price: that user's
              // position is new exposure at the fill, checked at the next mark update, not this one
              const filled = new Set<string>();
              const seen = (ch: FxChange) => ch.fills.forEach((f) => f.scope === "maker" && filled.add(f.order.userId));
              svc.committed.add(seen);
              svc.checkLiquidations("live", BTC, Date.now());
              svc.committed.delete(seen);
              // after a mark update no isolated position is left below maintenance, deleveraged or not
              for (const u of users)
                for (const p of svc.positionsOf("live", u))
                  if (p.marginMode === "isolated" && !filled.has(u))
                    expect(p.margin + upnl(p, svc.markValue(p)) > svc.maintenance(p, svc.markValue(p))).toBe(true);
              const held = ["long", "short"].some((side) => svc.position("live", PROTECTION_FUND, BTC.symbol, side as "long"));
              if (held && svc.fundEquity("live") < 0n) {
                // what the fund still holds while it cannot carry it has no user left on the other side
                for (const side of ["long", "short"] as const)
                  if (svc.position("live", PROTECTION_FUND, BTC.symbol, side))
                    expect(svc.adlRanking("live", BTC, side === "long" ? "short" : "long")).toEqual([]);
              }
            }
          } catch (err) {
            if (!(err instanceof Error) || !("code" in err)) throw err;
          }
          expect(liveEquity(fx)).toBe(transferred);
        }
      }),
      { numRuns: 60 },
    );
    // the random runs did deleverage someone
    expect(adl).toBeGreaterThan(0);
    // a restart reads the same money back
    const again = futuresWorld(w.dir);
    expect(liveEquity(again.fx)).toBe(transferred);
  }, 120_000);
});
