/**
 * USDT-M futures trading through the BFF (docs/decisions/312): transfers between the spot and
 * futures ledgers, settings, orders in one-way and hedge mode, positions, fills and bills, with
 * Bitget's documented request bodies and what a careless or hostile caller sends instead.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { MIX, MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { webForSuite } from "../setup/suite.ts";
import {
  BTC_FUTURES as BTC,
  futuresDetail as detailOf,
  futuresOrder as order,
  futuresPositions as positions,
  type Row as Json,
  openFutures,
} from "../setup/futures.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off" });
let alice: Client;
let bob: Client;

beforeAll(async () => {
  alice = await openFutures(new Client(web.url, makeKey(web.dir, "fx-alice")));
  bob = await openFutures(new Client(web.url, makeKey(web.dir, "fx-bob")));
});

const usdt = async (c: Client) => Number((await c.get<Json[]>(`${V2.assets}?coin=USDT`)).body.data[0]?.available ?? "0");
const futures = async (c: Client) =>
  (await c.get<Json>(`${MIX_PRIVATE.account}?symbol=BTCUSDT&productType=USDT-FUTURES&marginCoin=USDT`)).body.data;

describe("futures transfers (Bitget wallet/transfer)", () => {
  it("moves USDT between spot and futures in one step, and refuses what is not there", async () => {
    const before = await usdt(alice);
    // Bitget's documented example body
    const t = await alice.post<{ transferId: string }>(MIX_PRIVATE.walletTransfer, {
      fromType: "spot",
      toType: "usdt_futures",
      amount: "300",
      coin: "USDT",
    });
    expect(t.body.code).toBe("00000");
    expect(t.body.data.transferId).toMatch(/^\d+$/);
    expect(await usdt(alice)).toBeCloseTo(before - 300, 6);
    expect((await futures(alice)).available).toBe("300.00000000");
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ fromType: "spot", toType: "usdt_futures", amount: "1000000", coin: "USDT" }, "43012"],
      [{ fromType: "usdt_futures", toType: "spot", amount: "300.00000001", coin: "USDT" }, "40711"],
      [{ fromType: "spot", toType: "coin_futures", amount: "1", coin: "USDT" }, "40017"],
      [{ fromType: "bank", toType: "spot", amount: "1", coin: "USDT" }, "40017"],
      [{ fromType: "spot", toType: "usdt_futures", amount: "1", coin: "BTC" }, "40017"],
      [{ fromType: "spot", toType: "usdt_futures", amount: "0", coin: "USDT" }, "40017"],
      [{ fromType: "spot", toType: "usdt_futures", amount: "-5", coin: "USDT" }, "40017"],
      [{ fromType: "spot", toType: "usdt_futures", amount: "1e3", coin: "USDT" }, "40017"],
      [{ fromType: "spot", toType: "usdt_futures", coin: "USDT" }, "40019"],
    ];
    for (const [body, code] of refusals) {
      const r = await alice.post(MIX_PRIVATE.walletTransfer, body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    }
    expect((await futures(alice)).available).toBe("300.00000000");
    const back = await alice.post(MIX_PRIVATE.walletTransfer, { fromType: "USDT_FUTURES", toType: "SPOT", amount: "100", coin: "usdt" });
    expect(back.body.code).toBe("00000");
    expect((await futures(alice)).available).toBe("200.00000000");
    const bills = await alice.get<{ bills: Json[] }>(`${MIX_PRIVATE.bills}?productType=USDT-FUTURES`);
    expect(bills.body.data.bills.map((b) => b.businessType)).toEqual(["trans_to_exchange", "trans_from_exchange"]);
  });
});

describe("futures settings", () => {
  it("sets leverage within the tier's maximum and the margin mode", async () => {
    const acc = await futures(alice);
    expect(acc).toMatchObject({ marginMode: "crossed", crossedMarginLeverage: 20, posMode: "one_way_mode" });
    const lev = await alice.post<Json>(MIX_PRIVATE.setLeverage, { ...BTC, leverage: "10" });
    expect(lev.body.data).toMatchObject({ symbol: "BTCUSDT", crossMarginLeverage: "10", marginMode: "crossed" });
    for (const leverage of ["126", "0", "2.5", "-1", "ten"])
      expect((await alice.post(MIX_PRIVATE.setLeverage, { ...BTC, leverage })).body.code).not.toBe("00000");
    expect((await alice.post(MIX_PRIVATE.setLeverage, { ...BTC, leverage: "126" })).body.code).toBe("40797");
    const mode = await alice.post<Json>(MIX_PRIVATE.setMarginMode, { ...BTC, marginMode: "isolated" });
    expect(mode.body.data.marginMode).toBe("isolated");
    expect((await alice.post(MIX_PRIVATE.setMarginMode, { ...BTC, marginMode: "portfolio" })).body.code).toBe("40017");
    expect((await alice.post(MIX_PRIVATE.setLeverage, { ...BTC, leverage: "10", holdSide: "long" })).body.code).toBe("00000");
  });
});

describe("futures orders and positions (one-way mode)", () => {
  it("opens with a market order, charges the taker fee and holds isolated margin", async () => {
    const r = await order(alice, "buy", "0.01", "market", { marginMode: "isolated", clientOid: "fx-open-1" });
    expect(r.body.code).toBe("00000");
    expect(r.body.data.clientOid).toBe("fx-open-1");
    const detail = await detailOf(alice, r.body.data.orderId);
    expect(detail).toMatchObject({
      state: "filled",
      baseVolume: "0.010000",
      tradeSide: "open",
      posSide: "net",
      reduceOnly: "NO",
    });
    const [p] = await positions(alice);
    expect(p).toMatchObject({
      symbol: "BTCUSDT",
      holdSide: "long",
      total: "0.010000",
      marginMode: "isolated",
      leverage: "10",
      posMode: "one_way_mode",
    });
    const value = Number(detail.quoteVolume);
    expect(Number(p!.marginSize)).toBeCloseTo(value / 10, 4);
    expect(Number(detail.fee)).toBeCloseTo(-value * 0.0006, 6);
    expect(Number(p!.liquidationPrice)).toBeLessThan(Number(p!.openPriceAvg));
    expect(Number(p!.liquidationPrice)).toBeGreaterThan(0);
    // a duplicate clientOid, the hedge-mode field in one-way mode, another margin mode
    expect((await order(alice, "buy", "0.01", "market", { clientOid: "fx-open-1" })).body.code).toBe("43118");
    expect((await order(alice, "buy", "0.01", "market", { tradeSide: "open" })).body.code).toBe("40774");
    // an isolated position is held: an opening order in crossed margin is refused as set-margin-mode is (docs/decisions/318)
    expect((await order(alice, "buy", "0.01", "market", { marginMode: "crossed" })).body.code).toBe("45117");
  });

  it("refuses orders it cannot honour with Bitget's codes", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...BTC, size: "5", side: "buy", orderType: "market" }, "40762"],
      [{ ...BTC, size: "0.0000001", side: "buy", orderType: "market" }, "40808"],
      [{ ...BTC, size: "0.00001", side: "buy", orderType: "market" }, "45110"],
      [{ ...BTC, size: "0.01", side: "buy", orderType: "limit" }, "40019"],
      [{ ...BTC, size: "0.01", side: "buy", orderType: "limit", price: "1.001" }, "40808"],
      [{ ...BTC, size: "0.01", side: "long", orderType: "market" }, "40017"],
      [{ ...BTC, size: "0.01", side: "sell", orderType: "market", reduceOnly: "YES", clientOid: "x".repeat(60) }, "40017"],
      [{ ...BTC, size: "1", side: "sell", orderType: "market", reduceOnly: "YES" }, "40757"],
      [{ ...BTC, productType: "COIN-FUTURES", size: "0.01", side: "buy", orderType: "market" }, "40034"],
      [{ ...BTC, symbol: "BTCUSDT_UMCBL", size: "0.01", side: "buy", orderType: "market" }, "40034"],
      [{ ...BTC, marginCoin: "BTC", size: "0.01", side: "buy", orderType: "market" }, "40017"],
      [{ symbol: "BTCUSDT", size: "0.01", side: "buy", orderType: "market" }, "40019"],
    ];
    for (const [body, code] of cases) {
      const r = await alice.post(MIX_PRIVATE.placeOrder, body);
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    }
  });

  it("rests, lists, details and cancels a limit order, and keeps other users out", async () => {
    const t = await alice.get<Json[]>(`${MIX.ticker}?symbol=BTCUSDT&productType=USDT-FUTURES`);
    const bid = Number(t.body.data[0]!.markPrice) * 0.97;
    const r = await order(alice, "buy", "0.002", "limit", { price: bid.toFixed(2), force: "gtc" });
    expect(r.body.code).toBe("00000");
    const pending = await alice.get<{ entrustedList: Json[] }>(`${MIX_PRIVATE.ordersPending}?productType=USDT-FUTURES&symbol=BTCUSDT`);
    expect(pending.body.data.entrustedList.map((o) => o.orderId)).toContain(r.body.data.orderId);
    expect(Number((await futures(alice)).locked)).toBeGreaterThan(0);
    expect((await bob.post(MIX_PRIVATE.cancelOrder, { ...BTC, orderId: r.body.data.orderId })).body.code).toBe("40768");
    expect((await alice.post(MIX_PRIVATE.cancelOrder, { ...BTC })).body.code).toBe("40019");
    const c = await alice.post<Json>(MIX_PRIVATE.cancelOrder, { ...BTC, orderId: r.body.data.orderId });
    expect(c.body.code).toBe("00000");
    expect((await alice.post(MIX_PRIVATE.cancelOrder, { ...BTC, orderId: r.body.data.orderId })).body.code).toBe("43004");
    expect(Number((await futures(alice)).locked)).toBe(0);
    const hist = await alice.get<{ entrustedList: Json[] }>(`${MIX_PRIVATE.ordersHistory}?productType=USDT-FUTURES&symbol=BTCUSDT`);
    expect(hist.body.data.entrustedList.find((o) => o.orderId === r.body.data.orderId)?.status).toBe("cancelled");
    // post-only through the book is cancelled, not filled
    const po = await order(alice, "buy", "0.002", "limit", { price: (bid * 1.04).toFixed(2), force: "post_only" });
    expect((await detailOf(alice, po.body.data.orderId)).state).toBe("cancelled");
  });

  it("reduces with reduce-only, realises PnL, closes all and keeps the history", async () => {
    const r = await order(alice, "sell", "0.004", "market", { reduceOnly: "YES" });
    expect(r.body.code).toBe("00000");
    const d = await detailOf(alice, r.body.data.orderId);
    expect(d.reduceOnly).toBe("YES");
    expect(d).toHaveProperty("totalProfits");
    const [p] = await positions(alice);
    expect(p!.total).toBe("0.006000");
    const fills = await alice.get<{ fillList: Json[] }>(`${MIX_PRIVATE.fills}?productType=USDT-FUTURES&orderId=${r.body.data.orderId}`);
    expect(fills.body.data.fillList.length).toBeGreaterThan(0);
    expect(fills.body.data.fillList[0]).toMatchObject({ orderId: r.body.data.orderId, tradeScope: "taker" });
    const close = await alice.post<{ successList: Json[] }>(MIX_PRIVATE.closePositions, { symbol: "BTCUSDT", productType: "USDT-FUTURES" });
    expect(close.body.data.successList).toHaveLength(1);
    expect(await positions(alice)).toEqual([]);
    expect((await alice.post(MIX_PRIVATE.closePositions, { symbol: "BTCUSDT", productType: "USDT-FUTURES" })).body.code).toBe("22002");
    const hist = await alice.get<{ list: Json[] }>(`${MIX_PRIVATE.historyPosition}?productType=USDT-FUTURES`);
    expect(hist.body.data.list[0]).toMatchObject({
      symbol: "BTCUSDT",
      holdSide: "long",
      openTotalPos: "0.010000",
      closeTotalPos: "0.010000",
    });
    // with everything closed, the balance is what came in plus the realised PnL less fees: the bills add up to it
    const acc = await futures(alice);
    const bills = await alice.get<{ bills: Json[] }>(`${MIX_PRIVATE.bills}?productType=USDT-FUTURES&limit=100`);
    const sum = bills.body.data.bills.reduce((s, b) => s + Math.round(Number(b.amount) * 1e8), 0);
    expect(Math.round(Number(acc.available) * 1e8)).toBe(sum);
    expect(bills.body.data.bills[0]!.balance).toBe(acc.available);
  });
});

describe("hedge mode", () => {
  it("switches mode only when flat, opens both sides and closes one with Bitget's side/tradeSide", async () => {
    await bob.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "500", coin: "USDT" });
    expect((await bob.post(MIX_PRIVATE.setPositionMode, { productType: "USDT-FUTURES", posMode: "hedge_mode" })).body.code).toBe("00000");
    const open = (side: string) => order(bob, side, "0.002", "market", { tradeSide: "open" });
    expect((await open("buy")).body.code).toBe("00000");
    expect((await open("sell")).body.code).toBe("00000");
    expect((await order(bob, "buy", "0.002", "market")).body.code).toBe("40774");
    const both = await positions(bob);
    expect(both.map((p) => p.holdSide).sort()).toEqual(["long", "short"]);
    expect((await bob.post(MIX_PRIVATE.setPositionMode, { productType: "USDT-FUTURES", posMode: "one_way_mode" })).body.code).toBe("45117");
    // Bitget v2: closing the long is side "buy" with tradeSide "close"
    const close = await order(bob, "buy", "0.002", "market", { tradeSide: "close" });
    expect(close.body.code).toBe("00000");
    expect(await detailOf(bob, close.body.data.orderId)).toMatchObject({
      side: "buy",
      tradeSide: "close",
      posSide: "long",
      state: "filled",
    });
    expect((await positions(bob)).map((p) => p.holdSide)).toEqual(["short"]);
    expect((await order(bob, "buy", "0.002", "market", { tradeSide: "close" })).body.code).toBe("22002");
  });
});

describe("simulation (paptrading) futures", () => {
  it("trades futures on the demo account and resets them with the demo funds", async () => {
    const demo = new Client(web.url, makeKey(web.dir, "fx-demo"), { paptrading: "1" });
    expect(await usdt(demo)).toBe(50_000);
    expect(
      (await demo.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "1000", coin: "USDT" })).body.code,
    ).toBe("00000");
    const o = await order(demo, "sell", "0.5", "market", { symbol: "ETHUSDT", productType: "SUSDT-FUTURES", marginMode: "crossed" });
    expect(o.body.code).toBe("00000");
    expect((await positions(demo)).map((p) => [p.symbol, p.holdSide])).toEqual([["ETHUSDT", "short"]]);
    // the live account of the same user is untouched
    const live = new Client(web.url, demo.key);
    expect(await positions(live)).toEqual([]);
    expect((await demo.post(V2.paperReset, {})).body.code).toBe("00000");
    expect(await positions(demo)).toEqual([]);
    expect((await futures(demo)).available).toBe("0.00000000");
    expect(await usdt(demo)).toBe(50_000);
  });
});
