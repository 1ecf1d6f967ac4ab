/**
 * USDT-M futures orders as bot libraries send them (issue 27, docs/decisions/318), through the BFF
 * and the real gateway, with our signed Client: the margin mode an order names, batch-cancel-orders,
 * modify-tpsl-order, trailing orders (track_plan, moving_plan), the presets an order row reports and
 * modify-order of the presets only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { MIX, MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import { webForSuite } from "../setup/suite.ts";
import { BTC_FUTURES as BTC, futuresDetail, futuresOrder, type Row as Json, openFutures } from "../setup/futures.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off" });
const FUT = "USDT-FUTURES";
type Page = { entrustedList: Json[] | null; endId: string };
type Lists = { successList: Json[]; failureList: Json[] };

const clients: Record<string, Client> = {};

beforeAll(async () => {
  for (const name of ["ann", "ben", "cid", "dot"]) {
    const c = await openFutures(new Client(web.url, makeKey(web.dir, `fxc-${name}`)));
    clients[name] = c;
    expect((await c.get(V2.assets)).body.code).toBe("00000");
    const t = await c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "2000", coin: "USDT" });
    expect(t.body.code).toBe("00000");
  }
});

const markPrice = async () =>
  Number(((await clients.ann!.get<Json[]>(`${MIX.ticker}?symbol=BTCUSDT&productType=USDT-FUTURES`)).body.data[0] as Json).markPrice);
const account = async (c: Client) =>
  (await c.get<Json>(`${MIX_PRIVATE.account}?symbol=BTCUSDT&productType=USDT-FUTURES&marginCoin=USDT`)).body.data;
const openOrders = async (c: Client) =>
  (await c.get<Page>(`${MIX_PRIVATE.ordersPending}?productType=USDT-FUTURES&symbol=BTCUSDT`)).body.data.entrustedList ?? [];
const plansPending = async (c: Client, planType: string) =>
  (await c.get<Page>(`${MIX_PRIVATE.ordersPlanPending}?productType=USDT-FUTURES&planType=${planType}`)).body.data.entrustedList ?? [];
const limit = (c: Client, price: number, extra: Record<string, unknown> = {}) =>
  futuresOrder(c, "buy", "0.01", "limit", { marginMode: "crossed", price: price.toFixed(1), ...extra });

describe("the margin mode an order names (issue 27 item 2)", () => {
  it("takes the library's default crossed after set-margin-mode isolated, and refuses it while an isolated position is held", async () => {
    const ann = clients.ann!;
    const set = await ann.post(MIX_PRIVATE.setMarginMode, { ...BTC, marginMode: "isolated" });
    expect(set.body.code).toBe("00000");
    const mark = await markPrice();
    const o = await limit(ann, mark * 0.95);
    expect(o.body.code).toBe("00000");
    expect((await futuresDetail(ann, o.body.data.orderId)).marginMode).toBe("crossed");
    expect((await account(ann)).marginMode).toBe("crossed");
    expect((await ann.post(MIX_PRIVATE.cancelAllOrders, { productType: FUT })).body.code).toBe("00000");
    // an isolated position: crossed opening orders are refused as set-margin-mode is, closes go through
    expect((await futuresOrder(ann, "buy", "0.01", "market", { marginMode: "isolated" })).body.code).toBe("00000");
    const before = await account(ann);
    expect((await futuresOrder(ann, "buy", "0.01", "market", { marginMode: "crossed" })).body.code).toBe("45117");
    expect((await account(ann)).isolatedMargin).toBe(before.isolatedMargin);
    const close = await futuresOrder(ann, "sell", "0.01", "market", { marginMode: "crossed", reduceOnly: "YES" });
    expect(close.body.code).toBe("00000");
    expect((await futuresDetail(ann, close.body.data.orderId)).marginMode).toBe("isolated");
  });
});

describe("batch-cancel-orders (issue 27 item 4)", () => {
  it("cancels listed orders by id or clientOid, reports the rest, and cancels all without a list", async () => {
    const ben = clients.ben!;
    const mark = await markPrice();
    const a = await limit(ben, mark * 0.95, { clientOid: "fxc-bc-a" });
    const b = await limit(ben, mark * 0.95, { clientOid: "fxc-bc-b" });
    const c = await limit(ben, mark * 0.95, { clientOid: "fxc-bc-c" });
    for (const r of [a, b, c]) expect(r.body.code).toBe("00000");
    // another user's order is not found for ben
    const foreign = await limit(clients.cid!, mark * 0.95);
    // Bitget's documented body
    const r = await ben.post<Lists>(MIX_PRIVATE.batchCancelOrders, {
      symbol: "BTCUSDT",
      productType: "usdt-futures",
      marginCoin: "USDT",
      orderIdList: [
        { orderId: a.body.data.orderId },
        { clientOid: "fxc-bc-b" },
        { orderId: foreign.body.data.orderId },
        { orderId: "123" },
      ],
    });
    expect(r.body.code).toBe("00000");
    expect(r.body.data.successList).toEqual([
      { orderId: a.body.data.orderId, clientOid: "fxc-bc-a" },
      { orderId: b.body.data.orderId, clientOid: "fxc-bc-b" },
    ]);
    expect(r.body.data.failureList).toMatchObject([
      { orderId: foreign.body.data.orderId, errorCode: "40768" },
      { orderId: "123", errorCode: "40768" },
    ]);
    expect((await openOrders(clients.cid!)).map((o) => o.orderId)).toEqual([foreign.body.data.orderId]);
    expect((await openOrders(ben)).map((o) => o.orderId)).toEqual([c.body.data.orderId]);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ productType: FUT, orderIdList: [{ orderId: c.body.data.orderId }] }, "40019"],
      [{ symbol: "BTCUSDT", orderIdList: [] }, "40019"],
      [{ productType: FUT, marginCoin: "BTC" }, "40017"],
      [{ productType: "nope" }, "40017"],
      [{ productType: FUT, symbol: "BTCUSDT", orderIdList: "all" }, "40017"],
    ];
    for (const [body, code] of refusals) {
      const x = await ben.post(MIX_PRIVATE.batchCancelOrders, body);
      expect(x.status, JSON.stringify(body)).toBeLessThan(500);
      expect(x.body.code, JSON.stringify(body)).toBe(code);
    }
    // what ccxt's cancelAllOrders sends: symbol and product type, no list
    const all = await ben.post<Lists>(MIX_PRIVATE.batchCancelOrders, { symbol: "BTCUSDT", productType: FUT });
    expect(all.body.data).toEqual({ successList: [{ orderId: c.body.data.orderId, clientOid: "fxc-bc-c" }], failureList: [] });
    expect(await openOrders(ben)).toEqual([]);
    expect((await futuresDetail(ben, c.body.data.orderId)).state).toBe("cancelled");
    // other product types hold nothing
    expect((await ben.post<Lists>(MIX_PRIVATE.batchCancelOrders, { productType: "COIN-FUTURES" })).body.data).toEqual({
      successList: [],
      failureList: [],
    });
    await clients.cid!.post(MIX_PRIVATE.batchCancelOrders, { productType: FUT });
  });
});

describe("presets on the order and modify-order (issue 27 items 5, 6)", () => {
  it("reports the preset TP/SL on the order, and a change of the presets only keeps the order", async () => {
    const cid = clients.cid!;
    const mark = await markPrice();
    const tp = (mark * 1.2).toFixed(1);
    const sl = (mark * 0.8).toFixed(1);
    const o = await limit(cid, mark * 0.95, { clientOid: "fxc-ps-1", presetStopSurplusPrice: tp, presetStopLossPrice: sl });
    expect(o.body.code).toBe("00000");
    const id = o.body.data.orderId;
    const d = await futuresDetail(cid, id);
    expect([Number(d.presetStopSurplusPrice), Number(d.presetStopLossPrice)]).toEqual([Number(tp), Number(sl)]);
    expect((await openOrders(cid)).map((x) => [x.orderId, Number(x.presetStopSurplusPrice), Number(x.presetStopLossPrice)])).toEqual([
      [id, Number(tp), Number(sl)],
    ]);
    // the presets only, without newClientOid: the same order, the stop-loss not named is removed
    const tp2 = (mark * 1.3).toFixed(1);
    const m = await cid.post<Json>(MIX_PRIVATE.modifyOrder, { ...BTC, orderId: id, newPresetStopSurplusPrice: tp2 });
    expect(m.body.code).toBe("00000");
    expect(m.body.data).toEqual({ orderId: id, clientOid: "fxc-ps-1" });
    const d2 = await futuresDetail(cid, id);
    expect([d2.state, Number(d2.presetStopSurplusPrice), d2.presetStopLossPrice]).toEqual(["live", Number(tp2), ""]);
    // a new price replaces it under its new clientOid, with the presets it had
    const r = await cid.post<Json>(MIX_PRIVATE.modifyOrder, {
      ...BTC,
      orderId: id,
      newClientOid: "fxc-ps-2",
      newSize: "0.01",
      newPrice: (mark * 0.94).toFixed(1),
    });
    expect(r.body.code).toBe("00000");
    expect(r.body.data.clientOid).toBe("fxc-ps-2");
    expect((await futuresDetail(cid, id)).state).toBe("cancelled");
    expect(Number((await futuresDetail(cid, r.body.data.orderId!)).presetStopSurplusPrice)).toBe(Number(tp2));
    // ccxt sends a preset's limit execution price when asked: presets run at market here, so it is refused, not ignored
    const exec = await limit(cid, mark * 0.95, { presetStopLossPrice: sl, presetStopLossExecutePrice: (mark * 0.79).toFixed(1) });
    expect(exec.body.code).toBe("40017");
    expect((await limit(cid, mark * 0.95, { presetStopLossPrice: sl, presetStopLossExecutePrice: "" })).body.code).toBe("00000");
    // a market order shows no preset
    expect((await cid.post(MIX_PRIVATE.cancelAllOrders, { productType: FUT })).body.code).toBe("00000");
  });
});

describe("modify-tpsl-order and trailing orders (issue 27 items 3, 4)", () => {
  it("modifies a TP/SL of a position with Bitget's body, and keeps other users out", async () => {
    const dot = clients.dot!;
    expect((await futuresOrder(dot, "buy", "0.02", "market", { marginMode: "crossed" })).body.code).toBe("00000");
    const mark = await markPrice();
    const placed = await dot.post<Json>(MIX_PRIVATE.placeTpslOrder, {
      ...BTC,
      planType: "profit_plan",
      triggerPrice: (mark * 1.2).toFixed(1),
      holdSide: "long",
      size: "0.01",
      clientOid: "fxc-tp-1",
    });
    expect(placed.body.code).toBe("00000");
    const id = placed.body.data.orderId;
    // Bitget's documented body (orderId and clientOid both; orderId wins)
    const mod = await dot.post<Json>(MIX_PRIVATE.modifyTpslOrder, {
      orderId: id,
      clientOid: "fxc-tp-1",
      marginCoin: "USDT",
      productType: "usdt-futures",
      symbol: "btcusdt",
      triggerPrice: (mark * 1.25).toFixed(1),
      triggerType: "fill_price",
      executePrice: "0",
      size: "0.02",
      rangeRate: "",
    });
    expect(mod.body.code).toBe("00000");
    expect(mod.body.data).toEqual({ orderId: id, clientOid: "fxc-tp-1" });
    const [row] = await plansPending(dot, "profit_loss");
    expect(row).toMatchObject({ orderId: id, planType: "profit_plan", size: "0.020000", triggerType: "fill_price" });
    expect(Number(row!.triggerPrice)).toBe(Number((mark * 1.25).toFixed(1)));
    const refusals: Array<[Client, Record<string, unknown>, string]> = [
      [dot, { orderId: id, triggerPrice: (mark * 1.3).toFixed(1), size: "1" }, "40757"],
      [dot, { orderId: id, triggerPrice: (mark * 0.5).toFixed(1), size: "0.01" }, "40017"],
      [dot, { orderId: id, size: "0.01" }, "40019"],
      [dot, { triggerPrice: (mark * 1.3).toFixed(1), size: "0.01" }, "40019"],
      [dot, { orderId: "123", triggerPrice: (mark * 1.3).toFixed(1), size: "0.01" }, "43025"],
      [clients.ann!, { orderId: id, triggerPrice: (mark * 1.3).toFixed(1), size: "0.01" }, "43025"],
    ];
    for (const [c, body, code] of refusals) {
      const r = await c.post(MIX_PRIVATE.modifyTpslOrder, { ...BTC, ...body });
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    }
    expect((await plansPending(dot, "profit_loss"))[0]).toMatchObject({ size: "0.020000" });
  });

  it("places, lists, modifies and cancels a trailing order (track_plan) and a trailing stop (moving_plan)", async () => {
    const dot = clients.dot!;
    const mark = await markPrice();
    const activation = (mark * 1.3).toFixed(1);
    // what ccxt's createOrder with trailingPercent and trailingTriggerPrice sends
    const body = {
      ...BTC,
      size: "0.01",
      side: "sell",
      orderType: "market",
      marginMode: "crossed",
      reduceOnly: "YES",
      triggerType: "mark_price",
      planType: "track_plan",
      triggerPrice: activation,
      callbackRatio: "1.5",
      clientOid: "fxc-tr-1",
    };
    for (const [patch, code] of [
      [{ callbackRatio: undefined }, "40017"],
      [{ callbackRatio: "0" }, "40017"],
      [{ callbackRatio: "10.5" }, "40017"],
      [{ callbackRatio: "abc" }, "40017"],
      [{ orderType: "limit", price: activation }, "40017"],
    ] as const) {
      const r = await dot.post(MIX_PRIVATE.placePlanOrder, { ...body, ...patch });
      expect(r.body.code, JSON.stringify(patch)).toBe(code);
    }
    const placed = await dot.post<Json>(MIX_PRIVATE.placePlanOrder, body);
    expect(placed.body.code).toBe("00000");
    const id = placed.body.data.orderId;
    const listed = await plansPending(dot, "track_plan");
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ orderId: id, planType: "track_plan", callbackRatio: "1.5", orderType: "market", reduceOnly: "YES" });
    expect(Number(listed[0]!.triggerPrice)).toBe(Number(activation));
    expect((await plansPending(dot, "normal_plan")).map((p) => p.orderId)).not.toContain(id);
    // ccxt's editOrder with trailingPercent: modify-plan-order with newCallbackRatio
    const mod = await dot.post(MIX_PRIVATE.modifyPlanOrder, { ...BTC, orderId: id, newCallbackRatio: "2", newTriggerPrice: activation });
    expect(mod.body.code).toBe("00000");
    expect((await plansPending(dot, "track_plan"))[0]!.callbackRatio).toBe("2");
    // a trailing stop of the position, listed with the TP/SL
    const moving = await dot.post<Json>(MIX_PRIVATE.placeTpslOrder, {
      ...BTC,
      planType: "moving_plan",
      triggerPrice: activation,
      holdSide: "long",
      size: "0.01",
      rangeRate: "0.5",
    });
    expect(moving.body.code).toBe("00000");
    expect((await plansPending(dot, "profit_loss")).find((p) => p.orderId === moving.body.data.orderId)).toMatchObject({
      planType: "moving_plan",
      callbackRatio: "0.5",
    });
    // ccxt's cancelOrder with trailing: cancel-plan-order with planType track_plan
    const cancel = await dot.post<Lists>(MIX_PRIVATE.cancelPlanOrder, { ...BTC, planType: "track_plan", orderIdList: [{ orderId: id }] });
    expect(cancel.body.data.successList).toEqual([{ orderId: id, clientOid: "fxc-tr-1" }]);
    expect(await plansPending(dot, "track_plan")).toEqual([]);
    const history = await dot.get<Page>(`${MIX_PRIVATE.ordersPlanHistory}?productType=USDT-FUTURES&planType=track_plan`);
    expect(history.body.data.entrustedList?.map((p) => [p.orderId, p.planStatus, p.callbackRatio])).toEqual([[id, "cancelled", "2"]]);
    const gone = await dot.post<Lists>(MIX_PRIVATE.cancelPlanOrder, { ...BTC, planType: "moving_plan" });
    expect(gone.body.data.successList.map((p) => p.orderId)).toEqual([moving.body.data.orderId]);
  });
});
