import { describe, expect, it } from "vitest";
import type { Fill, Order } from "../engine/types.ts";
import { spotFillJson, spotFillRowView, spotFillViews, spotOrderStreamJson } from "./payloads.ts";

function order(id: string, userId: string, side: "buy" | "sell", source: string, house = false): Order {
  return {
    id,
    seq: Number(id),
    env: "live",
    userId,
    symbol: "BTCUSDT",
    side,
    type: "limit",
    force: "gtc",
    stp: "none",
    price: 500000,
    size: 10,
    quoteSize: 0n,
    filled: 10,
    filledQuote: 50_000_000_000n,
    fee: 1n,
    deductFee: 0n,
    frozen: 0n,
    status: "filled",
    clientOid: "c" + id,
    cTime: 1,
    uTime: 2,
    cancelReason: "",
    house,
    source,
    level: null,
    openPos: -1,
    prev: null,
    next: null,
    quoteBal: null,
    baseBal: null,
    rates: null,
  } as Order;
}

function fill(maker: Order, taker: Order): Fill {
  return {
    tradeId: "77",
    env: "live",
    symbol: "BTCUSDT",
    price: 500000,
    size: 10,
    quote: 50_000_000_000n,
    takerSide: taker.side,
    maker,
    taker,
    makerFee: 1n,
    takerFee: 2n,
    makerDeduct: false,
    takerDeduct: false,
    ts: 1000,
  };
}

describe("spot fill stream items carry their order's enterPointSource", () => {
  it("a pushed copy fill is COPY, an own fill keeps its source, a stored row reads its order's source", () => {
    const copy = order("11", "follower", "buy", "COPY");
    const own = order("12", "seller", "sell", "WEB");
    const f = fill(own, copy);
    const [follower] = spotFillViews([f], "follower", "live").map(spotFillJson);
    expect(follower).toMatchObject({ orderId: "11", tradeId: "77", side: "buy", enterPointSource: "COPY" });
    expect(spotFillViews([f], "seller", "live").map(spotFillJson)).toEqual([
      expect.objectContaining({ orderId: "12", enterPointSource: "WEB" }),
    ]);
    // the orders push of the same order says the same
    expect(spotOrderStreamJson(copy).enterPointSource).toBe("COPY");
    // a house side has no fill of its own
    expect(spotFillViews([fill(order("13", "house", "sell", "SYS", true), copy)], "house", "live")).toEqual([]);

    // the snapshot reads stored rows with their order's source (store.fills); a row whose order is gone is API
    const row = {
      trade_id: "77",
      order_id: "11",
      symbol: "BTCUSDT",
      order_type: "limit",
      side: "buy",
      price: 500000,
      size: 10,
      amount: 5n,
      fee: 1n,
      fee_coin: "BTC",
      scope: "taker",
      ts: 1000,
    };
    expect(spotFillJson(spotFillRowView({ ...row, source: "COPY" })).enterPointSource).toBe("COPY");
    expect(spotFillJson(spotFillRowView({ ...row, source: null })).enterPointSource).toBe("API");
  });
});
