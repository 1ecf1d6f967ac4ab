/**
 * ccxt compatibility (docs/decisions/308): the unmodified ccxt.pro bitget's streams through the BFF,
 * on live and on demo: public channels, and each private channel seeing the effect of the call
 * that caused it (the order placed, the fill, the balance after a transfer, the position opened).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ccxtForSuite, MODES, SPOT, SWAP, watchFor, type Bitget } from "../setup/ccxt.ts";
import { webForSuite } from "../setup/suite.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off", EXCHANGE_WELCOME_USDT: "100000" });
const suite = ccxtForSuite("ccxt-pro", web);

type Item = { id?: string; order?: string; symbol?: string; status?: string; contracts?: number };
const has = (xs: unknown, f: (x: Item) => boolean) => Array.isArray(xs) && (xs as Item[]).some(f);

describe.each(MODES)("ccxt.pro streams (%s)", (mode) => {
  let ex: Bitget;
  let low = 0;
  beforeAll(async () => {
    ex = await suite.client(mode, `ccxt-pro-${mode}`);
    await ex.loadMarkets();
    low = Math.round((await ex.fetchTicker(SPOT)).bid! * 0.9);
    await ex.transfer("USDT", 3000, "spot", "swap");
    // logs the private stream in: later subscriptions go out at once
    await ex.watchBalance();
  });

  it("public: watchTicker, watchTickers, watchBidsAsks, watchOrderBook(ForSymbols), watchTrades(ForSymbols), watchOHLCV", async () => {
    for (const s of [SPOT, SWAP]) {
      const t = await ex.watchTicker(s);
      expect(t.symbol).toBe(s);
      expect(t.last).toBeGreaterThan(0);
      const b = await ex.watchOrderBook(s);
      expect(b.bids[0]![0]!).toBeLessThan(b.asks[0]![0]!);
    }
    expect(Object.keys(await ex.watchTickers([SPOT]))).toContain(SPOT);
    const ba = await ex.watchBidsAsks([SPOT]);
    expect(ba[SPOT]!.bid!).toBeLessThanOrEqual(ba[SPOT]!.ask!);
    const books = await ex.watchOrderBookForSymbols([SPOT, "ETH/USDT"]);
    expect([SPOT, "ETH/USDT"]).toContain(books.symbol);
    // the tape: our own market buy is a trade on it
    const trades = await watchFor(
      () => ex.watchTrades(SPOT),
      (ts) => ts.length > 0 && ts.every((t) => t.symbol === SPOT && t.price! > 0),
      () => ex.createOrder(SPOT, "market", "buy", 0.0001, low / 0.8),
    );
    expect(trades[0]!.amount).toBeGreaterThan(0);
    expect((await ex.watchTradesForSymbols([SPOT, "ETH/USDT"])).length).toBeGreaterThan(0);
    const candles = await ex.watchOHLCV(SPOT, "1m");
    expect(candles.length).toBeGreaterThan(0);
    expect(candles.at(-1)!.length).toBe(6);
  });

  it("watchBalance sees a transfer out of spot", async () => {
    const before = await ex.fetchBalance();
    const freeBefore = (before.free as unknown as Record<string, number>).USDT!;
    const b = await watchFor(
      () => ex.watchBalance(),
      (x) => Math.abs((x.free as unknown as Record<string, number>).USDT! - (freeBefore - 7)) < 1e-8,
      () => ex.transfer("USDT", 7, "spot", "swap"),
    );
    expect((b.total as unknown as Record<string, number>).USDT).toBeCloseTo(
      freeBefore - 7 + (before.used as unknown as Record<string, number>).USDT!,
      8,
    );
  });

  it("watchOrders (spot) receives the order just placed, open, with its price and size (Bitget's stream fields, issue 27 item 5)", async () => {
    let id = "";
    const seen = await watchFor(
      () => ex.watchOrders(SPOT),
      (os) => has(os, (o) => o.id === id),
      async () => {
        id = (await ex.createOrder(SPOT, "limit", "buy", 0.001, low)).id!;
      },
    );
    const o = seen.find((x) => x.id === id)!;
    expect(o).toMatchObject({ symbol: SPOT, side: "buy", type: "limit", status: "open", price: low, amount: 0.001 });
    await ex.cancelOrder(id, SPOT);
  });

  it("watchMyTrades (spot) receives the fill of a market buy (SPOT fill channel, issue 27 item 5)", async () => {
    let id = "";
    const seen = await watchFor(
      () => ex.watchMyTrades(SPOT),
      (ts) => has(ts, (t) => t.order === id),
      async () => {
        id = (await ex.createOrder(SPOT, "market", "buy", 0.0005, low / 0.8)).id!;
      },
    );
    const fill = seen.find((t) => t.order === id)!;
    expect(fill).toMatchObject({ symbol: SPOT, side: "buy" });
    expect(fill.amount).toBeGreaterThan(0);
    expect(fill.price).toBeGreaterThan(0);
  });

  it("watchOrders (margin) receives a cross margin order with its size", async () => {
    await ex.transfer("USDT", 500, "spot", "cross");
    let id = "";
    const seen = await watchFor(
      () => ex.watchOrders(SPOT, undefined, undefined, { marginMode: "cross" }),
      (os) => has(os, (o) => o.id === id),
      async () => {
        id = (await ex.createOrder(SPOT, "limit", "buy", 0.001, low, { marginMode: "cross" })).id!;
      },
    );
    expect(seen.find((o) => o.id === id)).toMatchObject({ symbol: SPOT, status: "open", amount: 0.001, price: low });
    await ex.cancelOrder(id, SPOT, { marginMode: "cross" });
  });

  it("watchOrders (swap) receives the futures order; watchMyTrades (swap) its fill", async () => {
    let id = "";
    const seen = await watchFor(
      () => ex.watchOrders(SWAP),
      (os) => has(os, (o) => o.id === id),
      async () => {
        id = (await ex.createOrder(SWAP, "limit", "buy", 0.001, low, { marginMode: "isolated" })).id!;
      },
    );
    expect(seen.find((o) => o.id === id)).toMatchObject({ symbol: SWAP, status: "open", amount: 0.001, price: low });
    await ex.cancelOrder(id, SWAP);

    let mid = "";
    await watchFor(
      () => ex.watchMyTrades(SWAP),
      (ts) => has(ts, (t) => t.order === mid),
      async () => {
        mid = (await ex.createOrder(SWAP, "market", "buy", 0.001, undefined, { marginMode: "isolated" })).id!;
      },
    );
  });

  it("watchPositions sees the opened position (positions channel)", async () => {
    const seen = await watchFor(
      () => ex.watchPositions([SWAP]),
      (ps) => has(ps, (p) => p.symbol === SWAP && (p.contracts ?? 0) >= 0.002),
      () => ex.createOrder(SWAP, "market", "buy", 0.001, undefined, { marginMode: "isolated" }),
    );
    expect(seen.find((p) => p.symbol === SWAP)).toMatchObject({ side: "long", marginMode: "isolated" });
  });

  it.runIf(mode === "demo")("demo: the demo instType SUSDT-FUTURES is served on the demo stream (issue 27 item 1)", async () => {
    const seen = await watchFor(
      () => ex.watchPositions([SWAP], undefined, undefined, { instType: "SUSDT-FUTURES" }),
      (ps) => has(ps, (p) => p.symbol === SWAP && (p.contracts ?? 0) > 0),
    );
    expect(seen.length).toBeGreaterThan(0);
  });
});
