/**
 * Money safety of the futures engine (issue 26, docs/decisions/341): liquidations never pay worse
 * than the takeover price whatever a colluding account rests in the book; reduce-only means
 * reduce-only at fill time; limit prices are banded and market orders stop at their protection
 * price around the mark; an opening order that its own fill would liquidate is refused.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { advertisedRatios, DEFAULT_BAND, limitRange, protectionPrice } from "../../protocol/price-protection.ts";
import { EngineError } from "../exchange/engine/types.ts";
import { FX_CODES } from "./codes.ts";
import { CONTRACTS } from "./contracts.ts";
import { contractJson } from "./format.ts";
import { upnl } from "./ledger.ts";
import { PROTECTION_FUND, REDUCE_REASON, STALE_REASON, type FuturesService, type OrderRequest } from "./service.ts";
import { closeFuturesWorlds, fundBtc, futuresWorld, liveEquity, marketRequest, limitRequest, turn } from "./testing.ts";

afterAll(closeFuturesWorlds);

const BTC = CONTRACTS[0]!;

const limit = (side: "buy" | "sell", price: number, size: number, over: Partial<OrderRequest> = {}): OrderRequest =>
  limitRequest(BTC.symbol, side, price, size, over);

/** The code an engine call is refused with (undefined when it is not). */
function refusal(f: () => unknown): string | undefined {
  try {
    f();
    return undefined;
  } catch (err) {
    if (err instanceof EngineError) return err.code;
    throw err;
  }
}

function btcWorld() {
  const { fx } = futuresWorld();
  const mark = fx.market.price("live", BTC.symbol).mark;
  /** Lots worth about `usdt` at the mark. */
  const lotsOf = (usdt: number) => Math.round((usdt / (mark / 100)) * 1e6);
  return { fx, svc: fx.svc, mark, lotsOf };
}

/** `maker` rests at the mark and `taker` takes it at market. */
function trade(svc: FuturesService, mark: number, maker: string, taker: string, makerSide: "buy" | "sell", size: number): void {
  svc.place("live", maker, limit(makerSide, mark, size));
  svc.place("live", taker, marketRequest(BTC.symbol, makerSide === "buy" ? "sell" : "buy", size));
}

describe("case 4: the protection fund cannot be drained through a colluding resting order", () => {
  it("does not sell a taken-over long into a reduce-only bid below its bankruptcy price, and deleverages it there instead", () => {
    const { fx, svc, mark, lotsOf } = btcWorld();
    fundBtc(svc, "c4-a", 2_000n, 75, true);
    fundBtc(svc, "c4-b", 50_000n, 10, true);
    const size = lotsOf(100_000);
    trade(svc, mark, "c4-b", "c4-a", "sell", size);
    // B rests a reduce-only buy about 5.4 % under the market
    const trap = svc.place("live", "c4-b", limit("buy", Math.round(mark * 0.946), size, { reduceOnly: true }));
    expect(trap.status).toBe("live");
    const fundBefore = svc.account("live", PROTECTION_FUND).balance;
    const before = liveEquity(fx);
    fx.market.price("live", BTC.symbol).mark = Math.round(mark * 0.988);
    svc.checkLiquidations("live", BTC, Date.now());
    expect(svc.position("live", "c4-a", BTC.symbol, "long")).toBeUndefined();
    // nothing filled at the trap's price: the fund neither holds the long nor lost on it
    expect(trap.filled).toBe(0);
    expect(svc.position("live", PROTECTION_FUND, BTC.symbol, "long")).toBeUndefined();
    expect(svc.account("live", PROTECTION_FUND).balance).toBeGreaterThanOrEqual(fundBefore);
    // B's short was closed by auto-deleveraging at A's bankruptcy price (well above the trap), and its reduce-only order went with it
    expect(svc.position("live", "c4-b", BTC.symbol, "short")).toBeUndefined();
    expect(trap.status).toBe("cancelled");
    expect(liveEquity(fx)).toBe(before);
  });

  it("never lets the fund lose on a takeover, whatever a colluding account rests (property)", async () => {
    // one world for every run (a world takes a second to build): each run has its own two accounts
    const { fx, svc, mark, lotsOf } = btcWorld();
    let run = 0;
    const order = fc.record({
      reduceOnly: fc.boolean(),
      buy: fc.boolean(),
      // ‰ away from the mark, within the passive band
      away: fc.integer({ min: -150, max: 150 }),
      part: fc.integer({ min: 1, max: 100 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          isolated: fc.boolean(),
          long: fc.boolean(),
          lever: fc.integer({ min: 10, max: 125 }),
          margin: fc.integer({ min: 200, max: 2_000 }),
          // % of what the margin can carry at the leverage
          use: fc.integer({ min: 30, max: 95 }),
          orders: fc.array(order, { minLength: 1, maxLength: 6 }),
          // ‱ the mark moves past the victim's liquidation price (up to a little past its bankruptcy price)
          past: fc.integer({ min: 0, max: 60 }),
        }),
        async (r) => {
          await turn();
          run++;
          fx.market.price("live", BTC.symbol).mark = mark;
          const victim = `prop-victim-${run}`;
          const thief = `prop-thief-${run}`;
          fundBtc(svc, victim, BigInt(r.margin), r.lever, r.isolated);
          fundBtc(svc, thief, 90_000n, 5, false);
          const size = lotsOf((r.margin * r.lever * r.use) / 100);
          try {
            trade(svc, mark, thief, victim, r.long ? "sell" : "buy", size);
          } catch (err) {
            if (!(err instanceof EngineError)) throw err; // the victim cannot open it: nothing to take over
            for (const o of svc.ordersOf("live", thief)) svc.cancel("live", thief, { orderId: o.id });
            return;
          }
          for (const o of r.orders) {
            const px = Math.round(mark * (1 + o.away / 1000));
            const lots = Math.max(BTC.inst.minLots, Math.round((size * o.part) / 100));
            const side = o.reduceOnly ? (r.long ? "buy" : "sell") : o.buy ? "buy" : "sell";
            try {
              svc.place("live", thief, limit(side, px, lots, { reduceOnly: o.reduceOnly }));
            } catch (err) {
              if (!(err instanceof EngineError)) throw err;
            }
          }
          // the victim's equity over its notional, less the maintenance rate (0.4 %), is how far its liquidation is
          const opened = svc.positionsOf("live", victim)[0];
          if (!opened) return;
          const v = svc.summary("live", victim);
          const notional = Number(svc.markValue(opened));
          const room = Number(r.isolated ? v.isoMargin : v.crossEquity) / notional - 0.004 + r.past / 10_000;
          fx.market.price("live", BTC.symbol).mark = Math.round(mark * (1 + (r.long ? -1 : 1) * Math.max(0, room)));
          // what the fund must absorb in any case: the negative equity at the mark of what is liquidated (a gap, not the book)
          const held = [...(svc.bySymbol.get(`live:${BTC.symbol}`) ?? [])].filter((p) => p.size > 0 && !p.userId.startsWith("house"));
          const worth = new Map(
            held.map((p) => [
              p,
              p.marginMode === "isolated" ? p.margin + upnl(p, svc.markValue(p)) : svc.summary("live", p.userId).crossEquity,
            ]),
          );
          const fundBefore = svc.fundEquity("live");
          const before = liveEquity(fx);
          svc.checkLiquidations("live", BTC, Date.now());
          expect(liveEquity(fx)).toBe(before);
          let gap = 0n;
          const crossedDone = new Set<string>();
          for (const [p, w] of worth) {
            if (p.size > 0 || w >= 0n) continue;
            if (p.marginMode === "crossed" && crossedDone.has(p.userId)) continue;
            crossedDone.add(p.userId);
            gap += w;
          }
          expect(svc.fundEquity("live")).toBeGreaterThanOrEqual(fundBefore + gap);
          for (const o of svc.ordersOf("live", thief)) svc.cancel("live", thief, { orderId: o.id });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("case 5: reduce-only at fill time", () => {
  it("cancels a resting reduce-only order when a plain order closes its position, so it can never open a short", () => {
    const { svc, mark, lotsOf } = btcWorld();
    fundBtc(svc, "c5-u", 5_000n, 10, false);
    fundBtc(svc, "c5-m", 50_000n, 10, false);
    const size = lotsOf(200);
    trade(svc, mark, "c5-m", "c5-u", "sell", size);
    const ro = svc.place("live", "c5-u", limit("sell", Math.round(mark * 1.01), size, { reduceOnly: true }));
    expect(ro.status).toBe("live");
    // a plain market sell closes the long
    svc.place("live", "c5-m", limit("buy", mark, size));
    svc.place("live", "c5-u", marketRequest(BTC.symbol, "sell", size));
    expect(svc.position("live", "c5-u", BTC.symbol, "long")).toBeUndefined();
    expect(ro.status).toBe("cancelled");
    expect(ro.cancelReason).toBe(REDUCE_REASON);
    expect(svc.ordersOf("live", "c5-u")).toEqual([]);
    // a buyer at that price finds nothing of it, and no short is opened
    svc.place("live", "c5-m", marketRequest(BTC.symbol, "buy", size));
    expect(svc.position("live", "c5-u", BTC.symbol, "short")).toBeUndefined();
  });

  it("cuts the newest closing orders first when the position shrinks, to what it still holds", () => {
    const { svc, mark, lotsOf } = btcWorld();
    fundBtc(svc, "c5c-u", 5_000n, 10, false);
    fundBtc(svc, "c5c-m", 50_000n, 10, false);
    const size = lotsOf(400);
    const half = Math.floor(size / 2);
    trade(svc, mark, "c5c-m", "c5c-u", "sell", 2 * half);
    const older = svc.place("live", "c5c-u", limit("sell", Math.round(mark * 1.02), half, { reduceOnly: true }));
    const newer = svc.place("live", "c5c-u", limit("sell", Math.round(mark * 1.01), half, { reduceOnly: true }));
    const third = Math.floor(half / 3);
    svc.place("live", "c5c-m", limit("buy", mark, third));
    svc.place("live", "c5c-u", marketRequest(BTC.symbol, "sell", third));
    expect(svc.position("live", "c5c-u", BTC.symbol, "long")?.size).toBe(2 * half - third);
    expect(older.size - older.filled).toBe(half);
    expect(newer.size - newer.filled).toBe(half - third);
    expect(newer.status).toBe("live");
  });

  it("caps a resting reduce-only order that exceeds its position at fill time (an order kept from before the rule)", () => {
    const { svc, mark, lotsOf } = btcWorld();
    fundBtc(svc, "c5k-u", 5_000n, 10, false);
    fundBtc(svc, "c5k-m", 50_000n, 10, false);
    const size = lotsOf(200);
    trade(svc, mark, "c5k-m", "c5k-u", "sell", size);
    const ro = svc.place("live", "c5k-u", limit("sell", Math.round(mark * 1.01), size, { reduceOnly: true }));
    // as an order stored before the rule could be: twice what the position holds (its level grows with it)
    ro.size = 2 * size;
    ro.level!.lots += size;
    svc.place("live", "c5k-m", limit("buy", Math.round(mark * 1.01), 2 * size));
    expect(svc.position("live", "c5k-u", BTC.symbol, "long")).toBeUndefined();
    expect(svc.position("live", "c5k-u", BTC.symbol, "short")).toBeUndefined();
    expect(ro.filled).toBe(size);
    expect(ro.status).toBe("filled");
  });
});

describe("price protection around the mark", () => {
  it("refuses limit prices outside the band with 40706 and names the bound", () => {
    const { svc, mark, lotsOf } = btcWorld();
    fundBtc(svc, "pp-u", 50_000n, 10, false);
    const n = lotsOf(100);
    const buy = limitRange("buy", mark);
    const sell = limitRange("sell", mark);
    for (const [side, px] of [
      ["buy", buy.max + 1],
      ["buy", buy.min - 1],
      ["sell", sell.min - 1],
      ["sell", sell.max + 1],
    ] as const) {
      let msg = "";
      try {
        svc.place("live", "pp-u", limit(side, px, n));
      } catch (err) {
        expect((err as EngineError).code).toBe(FX_CODES.priceOutOfBand);
        msg = (err as Error).message;
      }
      expect(msg, `${side} ${px}`).toMatch(/must be at (most|least) \d/);
    }
    // the bounds themselves are accepted
    expect(svc.place("live", "pp-u", limit("buy", buy.max, n, { force: "post_only" })).status).not.toBe("rejected");
    expect(svc.place("live", "pp-u", limit("buy", buy.min, n)).status).toBe("live");
  });

  it("fills a market order only up to its protection price and cancels the rest", () => {
    const { svc, mark, lotsOf } = btcWorld();
    fundBtc(svc, "mp-u", 50_000n, 10, false);
    fundBtc(svc, "mp-m", 50_000n, 10, false);
    const n = lotsOf(100);
    const cap = protectionPrice("buy", mark);
    svc.place("live", "mp-m", limit("sell", cap, n));
    svc.place("live", "mp-m", limit("sell", cap + 1, n));
    const o = svc.place("live", "mp-u", marketRequest(BTC.symbol, "buy", 2 * n));
    expect(o.filled).toBe(n);
    expect(o.status).toBe("filled");
    expect(o.cancelReason).toMatch(/protection price/);
  });

  it("takes the market protection ratio the exchange is configured with (MARKET_PROTECTION_RATIO)", () => {
    const band = { ...DEFAULT_BAND, marketPpm: 10_000 };
    const { fx } = futuresWorld(undefined, band);
    const svc = fx.svc;
    const mark = fx.market.price("live", BTC.symbol).mark;
    const n = Math.round((100 / (mark / 100)) * 1e6);
    fundBtc(svc, "mr-u", 50_000n, 10, false);
    fundBtc(svc, "mr-m", 50_000n, 10, false);
    const cap = protectionPrice("buy", mark, band);
    // inside the 5 % limit band, beyond the 1 % protection price
    expect(cap).toBeLessThan(protectionPrice("buy", mark));
    svc.place("live", "mr-m", limit("sell", cap, n));
    svc.place("live", "mr-m", limit("sell", cap + 1, n));
    const o = svc.place("live", "mr-u", marketRequest(BTC.symbol, "buy", 2 * n));
    expect(o.filled).toBe(n);
    expect(o.cancelReason).toMatch(/0\.01 of the mark/);
  });

  it("advertises the ratios it enforces", () => {
    const json = contractJson(BTC, 8 * 3_600_000);
    expect({ buyLimitPriceRatio: json.buyLimitPriceRatio, sellLimitPriceRatio: json.sellLimitPriceRatio }).toEqual(advertisedRatios());
  });

  it("records a fired plan whose price is out of band as failed, without throwing out of the price loop", async () => {
    const { fx, svc, mark, lotsOf } = btcWorld();
    fundBtc(svc, "pl-u", 50_000n, 10, false);
    const plan = fx.plans.place("live", "pl-u", {
      symbol: BTC.symbol,
      side: "buy",
      reduceOnly: false,
      orderType: "limit",
      // more than 5 % above the mark it fires at
      executePrice: Math.round(mark * 1.2),
      size: lotsOf(100),
      triggerPrice: Math.round(mark * 1.001),
      triggerType: "mark_price",
      clientOid: "",
      presetTp: 0,
      presetSl: 0,
      source: "API",
    });
    fx.market.price("live", BTC.symbol).mark = Math.round(mark * 1.002);
    for (const l of fx.market.markListeners) l("live", BTC, fx.market.price("live", BTC.symbol));
    await fx.plans.idle();
    expect(plan.status).toBe("fail_execute");
    expect(plan.failReason).toMatch(/must be at most/);
  });
});

describe("post-trade check", () => {
  it("refuses an isolated opening order that its own expected fill would liquidate, before it rests", () => {
    const { svc, mark, lotsOf } = btcWorld();
    fundBtc(svc, "pt-u", 5_000n, 125, true);
    // a bid 1 % over the mark at 125x: its margin (0.8 %) is gone at the mark once it fills
    const code = refusal(() => svc.place("live", "pt-u", limit("buy", Math.round(mark * 1.01), lotsOf(10_000))));
    expect(code).toBe(FX_CODES.liquidatedAtFill);
    expect(svc.ordersOf("live", "pt-u")).toEqual([]);
    expect(svc.account("live", "pt-u").frozen).toBe(0n);
    // at the mark it is fine
    expect(svc.place("live", "pt-u", limit("buy", mark, lotsOf(10_000))).status).toBe("live");
  });

  it("refuses a crossed market order that would sweep a book far enough through the mark to liquidate the account", () => {
    const { svc, mark, lotsOf } = btcWorld();
    fundBtc(svc, "ptc-u", 100n, 100, false);
    fundBtc(svc, "ptc-m", 50_000n, 10, false);
    svc.place("live", "ptc-m", limit("sell", Math.round(mark * 1.03), lotsOf(20_000)));
    const code = refusal(() => svc.place("live", "ptc-u", marketRequest(BTC.symbol, "buy", lotsOf(5_000))));
    expect(code).toBe(FX_CODES.liquidatedAtFill);
    expect(svc.positionsOf("live", "ptc-u")).toEqual([]);
  });

  it("cancels a resting opening order instead of filling it when the mark jumped so far past it that the fill would liquidate it", () => {
    // the thief suite's counterexample: a crossed sell resting 5 % under the mark outlives a 20 % jump,
    // and a colluder buys it at 0.79 of the new mark, opening a short under water beyond its margin
    const { fx, svc, mark, lotsOf } = btcWorld();
    fundBtc(svc, "st-seller", 1_000n, 20, false);
    fundBtc(svc, "st-buyer", 50_000n, 10, false);
    fundBtc(svc, "st-honest", 50_000n, 10, false);
    const stale = svc.place("live", "st-seller", limit("sell", Math.ceil(mark * 0.95), lotsOf(15_000)));
    // an honest ask at the new mark, behind the stale one in price
    const up = Math.round(mark * 1.2);
    fx.market.price("live", BTC.symbol).mark = up;
    svc.place("live", "st-honest", limit("sell", up, lotsOf(1_000)));
    const fundBefore = svc.fundEquity("live");
    const o = svc.place("live", "st-buyer", marketRequest(BTC.symbol, "buy", lotsOf(1_000)));
    expect(stale.status).toBe("cancelled");
    expect(stale.cancelReason).toBe(STALE_REASON);
    expect(stale.filled).toBe(0);
    expect(svc.positionsOf("live", "st-seller")).toEqual([]);
    // the buyer got the honest ask at the market instead
    expect(o.filled).toBe(lotsOf(1_000));
    expect(svc.position("live", "st-buyer", BTC.symbol, "long")?.cost).toBe(svc.position("live", "st-honest", BTC.symbol, "short")?.cost);
    svc.checkLiquidations("live", BTC, Date.now());
    expect(svc.fundEquity("live")).toBe(fundBefore);
  });

  it("still fills a resting order the mark moved past when its account can carry the loss", () => {
    const { fx, svc, mark, lotsOf } = btcWorld();
    fundBtc(svc, "sf-seller", 20_000n, 2, false);
    fundBtc(svc, "sf-buyer", 50_000n, 10, false);
    const ask = svc.place("live", "sf-seller", limit("sell", Math.ceil(mark * 0.95), lotsOf(1_000)));
    fx.market.price("live", BTC.symbol).mark = Math.round(mark * 1.2);
    svc.place("live", "sf-buyer", marketRequest(BTC.symbol, "buy", lotsOf(1_000)));
    expect(ask.status).toBe("filled");
    expect(svc.position("live", "sf-seller", BTC.symbol, "short")?.size).toBe(lotsOf(1_000));
  });
});

describe("funding that takes an account under its maintenance margin", () => {
  // seed 777 of the money property suite (docs/decisions/344): funding was settled after the mark's
  // liquidation check, so an account it took under stayed open, and went bankrupt, until the next price step
  it.each([false, true])("liquidates at once the position it took under (isolated: %s)", (isolated) => {
    const { fx, svc, mark, lotsOf } = btcWorld();
    const a = `fd-a-${isolated}`;
    fundBtc(svc, a, 2_000n, 75, isolated);
    fundBtc(svc, `fd-b-${isolated}`, 50_000n, 10, false);
    trade(svc, mark, `fd-b-${isolated}`, a, "sell", lotsOf(100_000));
    const long = svc.position("live", a, BTC.symbol, "long")!;
    const value = svc.markValue(long);
    const equity = isolated ? long.margin + upnl(long, value) : svc.summary("live", a).crossEquity;
    const maint = svc.maintenance(long, value);
    expect(equity).toBeGreaterThan(maint);
    // longs pay a rate that leaves the account with half its maintenance margin, the mark unchanged
    const due = equity - maint / 2n;
    const ratePpm = Number((due * 1_000_000n) / value) + 1;
    const before = liveEquity(fx);
    svc.settleFunding("live", BTC, ratePpm, fx.market.price("live", BTC.symbol).mark, Date.now());
    expect(svc.position("live", a, BTC.symbol, "long")).toBeUndefined();
    expect(svc.account("live", a).balance).toBeGreaterThanOrEqual(0n);
    expect(liveEquity(fx)).toBe(before);
  });
});
