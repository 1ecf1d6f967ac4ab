/**
 * Price protection and self-trade prevention in the matching engine (docs/decisions/340): limit
 * prices outside the band of the last trade are refused with Bitget's codes, market orders fill
 * only up to their protection price, house orders are exempt, and STP compares owners (a user's
 * spot and margin accounts, and a sub-account with its main account, are one).
 */
import { describe, expect, it } from "vitest";
import { EX_CODES, STP_MODES, type Side, type StpMode } from "../../../protocol/bitget.ts";
import { DEFAULT_BAND } from "../../../protocol/price-protection.ts";
import { Engine } from "./engine.ts";
import { IdGen, newOrder, type OrderInit } from "./order.ts";
import { EngineError, TREASURY, newChange, type Order } from "./types.ts";

const SYMBOL = "ETHUSDT";
/** 3200.00 USDT in ticks. */
const REF = 320_000;
const USERS = ["u1", "u2", "u1#crossed", "u1#isolated#ETHUSDT", "sub1", "maker"];

function engine(band = DEFAULT_BAND) {
  let t = 1_700_000_000_000;
  const e = new Engine(
    new IdGen(),
    () => ({ maker: 0, taker: 0 }),
    () => ++t,
    band,
  );
  // sub1 is u1's sub-account, as the exchange's account directory says
  e.stpOwner = (id) => (id === "sub1" ? "u1" : id.split("#")[0]!);
  const ch = newChange();
  for (const u of USERS) {
    e.transfer("live", TREASURY, u, "USDT", 10_000_000n * 10n ** 8n, ["DEPOSIT", "DEPOSIT"], "deposit", ch);
    e.transfer("live", TREASURY, u, "ETH", 1_000n * 10n ** 8n, ["DEPOSIT", "DEPOSIT"], "deposit", ch);
  }
  return e;
}

const order = (e: Engine, userId: string, side: Side, more: Partial<OrderInit>): Order =>
  newOrder(e.ids, { env: "live", userId, symbol: SYMBOL, side, type: "limit", size: 10_000, ...more });

/** Places an order and returns it (or the engine's refusal code). */
function place(e: Engine, o: Order): Order | string {
  try {
    e.place(o, newChange());
    return o;
  } catch (err) {
    if (err instanceof EngineError) return `${err.code} ${err.message}`;
    throw err;
  }
}

/** Sets the last trade price: two house orders trade one lot at `ticks`. */
function tradeAt(e: Engine, ticks: number): void {
  place(e, order(e, "house-mm", "sell", { price: ticks, size: 1, house: true }));
  place(e, order(e, "house-taker", "buy", { price: ticks, size: 1, house: true, force: "ioc" }));
  expect(e.reference("live", SYMBOL)).toBe(ticks);
}

describe("price bands", () => {
  it("refuses a limit price outside the band of the last trade with 43009 above it and 43008 below it", () => {
    const e = engine();
    tradeAt(e, REF);
    // a buy: at most 5 % above, at least a fifth of the reference
    expect(place(e, order(e, "u1", "buy", { price: 336_001 }))).toBe(
      `${EX_CODES.priceAboveBand} The current order price exceeds the limit 3360.00`,
    );
    expect(place(e, order(e, "u1", "buy", { price: 63_999 }))).toBe(
      `${EX_CODES.priceBelowBand} The current order price cannot be less than 640.00`,
    );
    expect(place(e, order(e, "u1", "buy", { price: 336_000 }))).toMatchObject({ status: "live" });
    expect(place(e, order(e, "u1", "buy", { price: 64_000 }))).toMatchObject({ status: "live" });
    // a sell: at least 5 % below, at most five times the reference
    expect(place(e, order(e, "u2", "sell", { price: 303_999 }))).toBe(
      `${EX_CODES.priceBelowBand} The current order price cannot be less than 3040.00`,
    );
    expect(place(e, order(e, "u2", "sell", { price: 1_600_001 }))).toBe(
      `${EX_CODES.priceAboveBand} The current order price exceeds the limit 16000.00`,
    );
    expect(place(e, order(e, "u2", "sell", { price: 1_600_000 }))).toMatchObject({ status: "live" });
    // nothing was frozen for a refused order: u2's only open sell is the one at the ceiling
    expect(e.balance("live", "u2", "ETH").frozen).toBe(10_000n * 10n ** 4n);
  });

  it("exempts house orders, bands nothing before the first price, and follows the last trade", () => {
    const e = engine();
    expect(place(e, order(e, "u1", "sell", { price: 99_000_000 }))).toMatchObject({ status: "live" });
    tradeAt(e, REF);
    expect(place(e, order(e, "house-mm", "sell", { price: 99_000_000, house: true }))).toMatchObject({ status: "live" });
    expect(place(e, order(e, "u1", "sell", { price: 99_000_000 }))).toMatch(/^43009 /);
    tradeAt(e, REF * 2);
    expect(place(e, order(e, "u1", "buy", { price: Math.round(REF * 2 * 1.05) }))).toMatchObject({ status: "live" });
  });

  it("uses the fallback reference (the last candle) before a book's first trade", () => {
    const e = engine();
    e.fallbackRef = () => REF;
    expect(place(e, order(e, "u1", "sell", { price: REF * 6 }))).toMatch(/^43009 /);
    expect(e.reference("live", SYMBOL)).toBe(REF);
  });
});

describe("market protection", () => {
  it("fills a market buy only up to the protection price and cancels the rest", () => {
    const e = engine();
    tradeAt(e, REF);
    // asks at +1 % and at +6 % (the second beyond the 5 % protection)
    place(e, order(e, "u2", "sell", { price: 323_200, size: 10_000 }));
    place(e, order(e, "u2", "sell", { price: 339_200, size: 10_000 }));
    const buy = order(e, "u1", "buy", { type: "market", quoteSize: 100_000n * 10n ** 8n });
    expect(place(e, buy)).toBe(buy);
    expect(buy.filled).toBe(10_000);
    expect(buy.status).toBe("cancelled");
    expect(buy.cancelReason).toBe("no more liquidity within the protection price");
    // what was not spent is back
    expect(e.balance("live", "u1", "USDT").frozen).toBe(0n);
    expect(e.book("live", SYMBOL).asks.best()?.price).toBe(339_200);
  });

  it("fills a market sell only down to the protection price, with a ratio from the configuration", () => {
    const e = engine({ ...DEFAULT_BAND, marketPpm: 10_000 });
    tradeAt(e, REF);
    place(e, order(e, "u2", "buy", { price: 318_000, size: 3_000 })); // -0.6 %
    place(e, order(e, "u2", "buy", { price: 315_000, size: 3_000 })); // -1.6 %: beyond 1 %
    const sell = order(e, "u1", "sell", { type: "market", size: 10_000 });
    place(e, sell);
    expect(sell.filled).toBe(3_000);
    expect(sell.cancelReason).toBe("no more liquidity within the protection price");
    expect(e.balance("live", "u1", "ETH").frozen).toBe(0n);
  });

  it("leaves house market orders unbounded", () => {
    const e = engine();
    tradeAt(e, REF);
    place(e, order(e, "u2", "sell", { price: 1_000_000, size: 100 }));
    const buy = order(e, "house-taker", "buy", { type: "market", quoteSize: 10_000n * 10n ** 8n, house: true });
    place(e, buy);
    expect(buy.filled).toBe(100);
  });
});

describe("self-trade prevention per owner", () => {
  const pairs: Array<[maker: string, taker: string]> = [
    ["u1", "u1#isolated#ETHUSDT"],
    ["u1#crossed", "u1"],
    ["u1#crossed", "u1#isolated#ETHUSDT"],
    ["u1", "sub1"],
  ];
  const outcome = (mode: StpMode, maker: string, taker: string) => {
    const e = engine();
    tradeAt(e, REF);
    const m = order(e, maker, "sell", { price: REF, size: 100 });
    place(e, m);
    const t = order(e, taker, "buy", { price: REF, size: 100, stp: mode });
    place(e, t);
    return { maker: m.status, taker: t.status, filled: t.filled };
  };

  for (const [maker, taker] of pairs)
    it(`treats ${maker} and ${taker} as one owner in every mode`, () => {
      expect(outcome("none", maker, taker)).toEqual({ maker: "filled", taker: "filled", filled: 100 });
      expect(outcome("cancel_taker", maker, taker)).toEqual({ maker: "live", taker: "cancelled", filled: 0 });
      expect(outcome("cancel_maker", maker, taker)).toEqual({ maker: "cancelled", taker: "live", filled: 0 });
      expect(outcome("cancel_both", maker, taker)).toEqual({ maker: "cancelled", taker: "cancelled", filled: 0 });
    });

  it("lets different owners trade in every mode", () => {
    for (const mode of STP_MODES) expect(outcome(mode, "u2", "u1#crossed")).toEqual({ maker: "filled", taker: "filled", filled: 100 });
  });

  it("counts a fill-or-kill order's liquidity without the owner's own orders", () => {
    const e = engine();
    tradeAt(e, REF);
    place(e, order(e, "u1#crossed", "sell", { price: REF, size: 100 }));
    place(e, order(e, "u2", "sell", { price: REF, size: 50 }));
    const fok = order(e, "u1", "buy", { price: REF, size: 100, force: "fok", stp: "cancel_maker" });
    place(e, fok);
    expect(fok.status).toBe("cancelled");
    expect(fok.cancelReason).toBe("fok order could not be filled completely");
  });
});
