/**
 * Futures plan (trigger) and TP/SL orders, modify-order and reverse through the BFF and the real
 * gateway process (docs/decisions/315), with Bitget's bodies and what a careless or hostile caller
 * sends instead; the `orders-algo` channel; fills carrying their position mode.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { V2, WS_PATHS } from "../../protocol/bitget.ts";
import { MIX, MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import type { NewApiKey } from "../../gateway/security/api-keys.ts";
import { apiKeyLogin, sentEmpty } from "../setup/exchange.ts";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";
import { webForSuite } from "../setup/suite.ts";
import { until } from "../setup/until.ts";
import {
  BTC_FUTURES as BTC,
  futuresDetail,
  futuresOrder,
  futuresPositions as positions,
  type Row as Json,
  openFutures,
} from "../setup/futures.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off" });
const FUT = "USDT-FUTURES";
type Page = { entrustedList: Json[] | null; endId: string };

const keys: Record<string, NewApiKey> = {};
const clients: Record<string, Client> = {};

beforeAll(async () => {
  for (const name of ["alice", "bob", "carol", "dave"]) {
    keys[name] = makeKey(web.dir, `fxp-${name}`);
    const c = await openFutures(new Client(web.url, keys[name]!));
    clients[name] = c;
    expect((await c.get(V2.assets)).body.code).toBe("00000");
    const t = await c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "2000", coin: "USDT" });
    expect(t.body.code).toBe("00000");
  }
});

const ticker = async () => (await clients.alice!.get<Json[]>(`${MIX.ticker}?symbol=BTCUSDT&productType=USDT-FUTURES`)).body.data[0] as Json;
const pending = async (c: Client, planType: string, extra = "") =>
  (await c.get<Page>(`${MIX_PRIVATE.ordersPlanPending}?productType=USDT-FUTURES&planType=${planType}${extra}`)).body.data.entrustedList ??
  [];
const history = async (c: Client, planType: string) =>
  (await c.get<Page>(`${MIX_PRIVATE.ordersPlanHistory}?productType=USDT-FUTURES&planType=${planType}&symbol=BTCUSDT`)).body.data
    .entrustedList ?? [];
const market = (c: Client, side: string, size: string, extra: Record<string, unknown> = {}) =>
  futuresOrder(c, side, size, "market", { marginMode: "crossed", ...extra });
/** The fields of a BTCUSDT market buy plan of 0.01 on the mark price, which a test completes with its trigger and own fields. */
const PLAN = { ...BTC, size: "0.01", triggerType: "mark_price", side: "buy", orderType: "market" };
const plan = (c: Client, extra: Record<string, unknown>) => c.post<Json>(MIX_PRIVATE.placePlanOrder, { ...PLAN, ...extra });

/** Polls every 200 ms for up to 20 s: a plan fires on the simulated market's next prices. */
const settled = <T>(what: () => Promise<T>, ok: (v: T) => boolean) => until(what, ok, 20_000, 200);

describe("plan (trigger) orders", () => {
  it("places, lists, modifies and cancels a trigger order with Bitget's bodies, and refuses bad ones", async () => {
    const alice = clients.alice!;
    const mark = Number((await ticker()).markPrice);
    const far = (mark * 1.5).toFixed(2);
    // Bitget's documented place-plan-order shape: a limit plan with its optional fields sent as ""
    const documented = {
      planType: "normal_plan",
      price: (mark * 1.49).toFixed(2),
      triggerPrice: far,
      orderType: "limit",
      clientOid: "fxp-plan-1",
    };
    const placed = await plan(alice, {
      ...documented,
      clientOid: "fxp-plan-0",
      marginMode: "isolated",
      reduceOnly: "NO",
      ...sentEmpty("callbackRatio", "tradeSide", "stopSurplusTriggerPrice", "stopLossTriggerPrice"),
    });
    // the contract is crossed with nothing open: a plan names its own margin mode, as an order does (docs/decisions/318)
    expect(placed.body.code).toBe("00000");
    const dropped = await alice.post(MIX_PRIVATE.cancelPlanOrder, { ...BTC, orderIdList: [{ orderId: placed.body.data.orderId }] });
    expect(dropped.body.code).toBe("00000");
    const ok = await plan(alice, { ...documented, marginMode: "crossed", stopSurplusTriggerPrice: (mark * 1.6).toFixed(2) });
    expect(ok.body.code).toBe("00000");
    expect(ok.body.data).toEqual({ orderId: expect.stringMatching(/^\d+$/), clientOid: "fxp-plan-1" });
    const list = await pending(alice, "normal_plan");
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      planType: "normal_plan",
      symbol: "BTCUSDT",
      size: "0.010000",
      orderId: ok.body.data.orderId,
      clientOid: "fxp-plan-1",
      triggerPrice: far,
      triggerType: "mark_price",
      planStatus: "live",
      side: "buy",
      posSide: "net",
      marginMode: "crossed",
      orderType: "limit",
      posMode: "one_way_mode",
      stopSurplusTriggerPrice: (mark * 1.6).toFixed(2),
    });
    expect(await pending(alice, "profit_loss")).toEqual([]);

    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ triggerPrice: "" }, "40019"],
      [{ size: undefined }, "40019"],
      [{ planType: "track_plan" }, "40017"],
      [{ planType: "profit_plan" }, "40017"],
      [{ triggerType: "index_price" }, "40017"],
      [{ tradeSide: "open" }, "40774"],
      [{ size: "0" }, "45110"],
      [{ size: "0.0000001" }, "40808"],
      [{ triggerPrice: "-5" }, "40808"],
      [{ marginCoin: "BTC" }, "40017"],
      [{ symbol: "NOPEUSDT" }, "40034"],
      [{ clientOid: "fxp-plan-1" }, "43118"],
      [{ clientOid: "bad oid!" }, "40017"],
      [{ orderType: "limit", price: "" }, "40019"],
      [{ side: "buy", stopSurplusTriggerPrice: (mark * 1.1).toFixed(2) }, "40017"],
      [{ stopSurplusExecutePrice: (mark * 1.7).toFixed(2) }, "40017"],
      [{ triggerPrice: "1e400" }, "40808"],
      [{ triggerPrice: "9".repeat(41) }, "40017"],
      [{ size: "99999999999" }, "40017"],
      [{ clientOid: "x".repeat(65) }, "40017"],
      [{ side: "long" }, "40017"],
      [{ triggerPrice: { $gt: 0 } }, "40017"],
    ];
    for (const [patch, code] of refusals) {
      const r = await plan(alice, { marginMode: "crossed", triggerPrice: far, ...patch });
      expect(r.status, JSON.stringify(patch)).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(patch)).toBe(code);
    }

    // modify: a new trigger and size; another user's id is not found
    const id = ok.body.data.orderId;
    const mod = await alice.post<Json>(MIX_PRIVATE.modifyPlanOrder, {
      ...BTC,
      orderId: id,
      planType: "normal_plan",
      newTriggerPrice: (mark * 1.4).toFixed(2),
      newSize: "0.02",
      newPrice: (mark * 1.39).toFixed(2),
    });
    expect(mod.body.code).toBe("00000");
    expect((await pending(alice, "normal_plan"))[0]).toMatchObject({ size: "0.020000", triggerPrice: (mark * 1.4).toFixed(2) });
    for (const [patch, code] of [
      [{ newTriggerPrice: "abc" }, "40808"],
      [{ orderId: undefined, newTriggerPrice: "1" }, "40019"],
      [{ newTriggerType: "index_price" }, "40017"],
      [{ newSize: "0" }, "45110"],
      [{ planType: "profit_loss", newTriggerPrice: (mark * 1.3).toFixed(2) }, "43025"],
      [{ newStopLossTriggerPrice: (mark * 1.45).toFixed(2) }, "40017"],
    ] as const) {
      const r = await alice.post(MIX_PRIVATE.modifyPlanOrder, { ...BTC, orderId: id, ...patch });
      expect(r.body.code, JSON.stringify(patch)).toBe(code);
    }
    // a refused modification changed nothing
    expect((await pending(alice, "normal_plan"))[0]).toMatchObject({ size: "0.020000", triggerPrice: (mark * 1.4).toFixed(2) });
    const bob = clients.bob!;
    expect((await bob.post(MIX_PRIVATE.modifyPlanOrder, { ...BTC, orderId: id, newTriggerPrice: "1" })).body.code).toBe("43025");
    const bobCancel = await bob.post<{ successList: Json[]; failureList: Json[] }>(MIX_PRIVATE.cancelPlanOrder, {
      ...BTC,
      orderIdList: [{ orderId: id }],
    });
    expect(bobCancel.body.data.successList).toEqual([]);
    expect(bobCancel.body.data.failureList).toMatchObject([{ orderId: id, errorCode: "43025" }]);
    // bob's cancel-all touches only bob's plans
    expect((await bob.post<{ successList: Json[] }>(MIX_PRIVATE.cancelPlanOrder, { ...BTC })).body.data.successList).toEqual([]);
    expect(await pending(alice, "normal_plan")).toHaveLength(1);
    expect((await alice.get(`${MIX_PRIVATE.ordersPlanPending}?productType=USDT-FUTURES`)).body.code).toBe("40019");
    const many = Array.from({ length: 51 }, (_, i) => ({ orderId: String(i + 1) }));
    expect((await alice.post(MIX_PRIVATE.cancelPlanOrder, { ...BTC, orderIdList: many })).body.code).toBe("40017");
    expect((await alice.post(MIX_PRIVATE.cancelPlanOrder, { ...BTC, orderIdList: "all" })).body.code).toBe("40017");
    // other product types have no plans to list or cancel
    const coin = await alice.get<Page>(`${MIX_PRIVATE.ordersPlanPending}?productType=COIN-FUTURES&planType=normal_plan`);
    expect(coin.body.data).toEqual({ entrustedList: null, endId: "" });
    expect((await alice.get(`${MIX_PRIVATE.ordersPlanPending}?productType=USDT-FUTURES&planType=nope`)).body.code).toBe("40017");

    const cancel = await alice.post<{ successList: Json[]; failureList: Json[] }>(MIX_PRIVATE.cancelPlanOrder, {
      ...BTC,
      planType: "normal_plan",
      orderIdList: [{ orderId: id, clientOid: "" }, { orderId: "123" }],
    });
    expect(cancel.body.data.successList).toEqual([{ orderId: id, clientOid: "fxp-plan-1" }]);
    expect(cancel.body.data.failureList).toMatchObject([{ orderId: "123", errorCode: "43025" }]);
    expect(await pending(alice, "normal_plan")).toEqual([]);
    expect((await history(alice, "normal_plan"))[0]).toMatchObject({ orderId: id, planStatus: "cancelled" });
    const byStatus = `${MIX_PRIVATE.ordersPlanHistory}?productType=USDT-FUTURES&planType=normal_plan&planStatus=`;
    expect((await alice.get<Page>(`${byStatus}executed`)).body.data.entrustedList).toBeNull();
    expect((await alice.get(`${byStatus}nope`)).body.code).toBe("40017");
  });

  it("fires on the last traded price and opens the position through the normal order path", async () => {
    const carol = clients.carol!;
    const last = (await ticker()).lastPr as string;
    const placed = await plan(carol, { marginMode: "crossed", triggerPrice: last, triggerType: "fill_price" });
    expect(placed.body.code).toBe("00000");
    // a buy of someone else trades at the ask, at or above the last price
    await market(clients.dave!, "buy", "0.01");
    const done = await settled(
      () => history(carol, "normal_plan"),
      (l) => l.some((p) => p.orderId === placed.body.data.orderId),
    );
    const row = done.find((p) => p.orderId === placed.body.data.orderId)!;
    expect(row.planStatus).toBe("executed");
    expect(row.executeOrderId).toMatch(/^\d+$/);
    expect((await positions(carol)).map((p) => [p.holdSide, p.total])).toEqual([["long", "0.010000"]]);
    // the fill carries the order's position mode
    const fills = await carol.get<{ fillList: Json[] }>(`${MIX_PRIVATE.fills}?productType=USDT-FUTURES&symbol=BTCUSDT`);
    expect(fills.body.data.fillList[0]).toMatchObject({ orderId: row.executeOrderId, posMode: "one_way_mode" });
    expect((await carol.post(MIX_PRIVATE.closePositions, { productType: FUT, symbol: "BTCUSDT" })).body.code).toBe("00000");
  });
});

describe("TP/SL", () => {
  it("sets a position's TP and SL, shows them, refuses the wrong side and cancels them when the position closes", async () => {
    const alice = clients.alice!;
    expect(
      (
        await alice.post(MIX_PRIVATE.placePosTpsl, {
          ...BTC,
          holdSide: "long",
          stopSurplusTriggerPrice: "99999",
          stopSurplusTriggerType: "mark_price",
        })
      ).body.code,
    ).toBe("22002");
    expect((await market(alice, "buy", "0.02")).body.code).toBe("00000");
    const mark = Number((await ticker()).markPrice);
    const tp = (mark * 1.2).toFixed(2);
    const sl = (mark * 0.8).toFixed(2);
    // Bitget's documented place-pos-tpsl body
    const set = await alice.post<Json[]>(MIX_PRIVATE.placePosTpsl, {
      marginCoin: "USDT",
      productType: "usdt-futures",
      symbol: "BTCUSDT",
      stopSurplusTriggerPrice: tp,
      stopSurplusTriggerType: "mark_price",
      stopSurplusExecutePrice: "0",
      stopLossTriggerPrice: sl,
      stopLossTriggerType: "mark_price",
      stopLossExecutePrice: "",
      holdSide: "long",
    });
    expect(set.body.code).toBe("00000");
    expect(set.body.data).toHaveLength(2);
    const list = await pending(alice, "profit_loss", "&symbol=BTCUSDT");
    expect(list.map((p) => [p.planType, p.triggerPrice, p.posSide, p.side, p.size]).sort()).toEqual([
      ["pos_loss", sl, "long", "sell", "0.020000"],
      ["pos_profit", tp, "long", "sell", "0.020000"],
    ]);
    expect((await positions(alice))[0]).toMatchObject({ takeProfit: tp, stopLoss: sl });
    // setting it again replaces the position's TP
    const tp2 = (mark * 1.3).toFixed(2);
    expect((await alice.post(MIX_PRIVATE.placePosTpsl, { ...BTC, holdSide: "long", stopSurplusTriggerPrice: tp2 })).body.code).toBe(
      "00000",
    );
    expect((await positions(alice))[0]).toMatchObject({ takeProfit: tp2, stopLoss: sl });
    expect(await pending(alice, "profit_loss")).toHaveLength(2);

    const refusals: Array<[string, Record<string, unknown>, string]> = [
      [
        MIX_PRIVATE.placeTpslOrder,
        { planType: "profit_plan", triggerPrice: (mark * 0.9).toFixed(2), holdSide: "long", size: "0.01" },
        "40017",
      ],
      [
        MIX_PRIVATE.placeTpslOrder,
        { planType: "loss_plan", triggerPrice: (mark * 1.1).toFixed(2), holdSide: "long", size: "0.01" },
        "40017",
      ],
      [MIX_PRIVATE.placeTpslOrder, { planType: "profit_plan", triggerPrice: tp, holdSide: "long", size: "5" }, "40757"],
      [MIX_PRIVATE.placeTpslOrder, { planType: "profit_plan", triggerPrice: tp, holdSide: "long" }, "40019"],
      [MIX_PRIVATE.placeTpslOrder, { planType: "pos_profit", triggerPrice: tp, holdSide: "short" }, "22002"],
      [MIX_PRIVATE.placeTpslOrder, { planType: "moving_plan", triggerPrice: tp, holdSide: "long", size: "0.01" }, "40017"],
      [MIX_PRIVATE.placeTpslOrder, { planType: "normal_plan", triggerPrice: tp, holdSide: "long", size: "0.01" }, "40017"],
      [MIX_PRIVATE.placeTpslOrder, { planType: "pos_profit", triggerPrice: tp, holdSide: "up" }, "40017"],
      [MIX_PRIVATE.placePosTpsl, { holdSide: "long" }, "40019"],
    ];
    for (const [path, body, code] of refusals) {
      const r = await alice.post(path, { ...BTC, ...body });
      expect(r.status, JSON.stringify(body)).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(body)).toBe(code);
    }
    // a partial TP of one-way mode's "buy" (the long) side
    const part = await alice.post<Json>(MIX_PRIVATE.placeTpslOrder, {
      ...BTC,
      planType: "profit_plan",
      triggerPrice: (mark * 1.25).toFixed(2),
      triggerType: "fill_price",
      holdSide: "buy",
      size: "0.01",
      clientOid: "fxp-tp-part",
    });
    expect(part.body.data).toEqual({ orderId: expect.any(String), clientOid: "fxp-tp-part" });
    // bob cannot see or cancel them
    expect(await pending(clients.bob!, "profit_loss")).toEqual([]);
    const bobCancel = await clients.bob!.post<{ failureList: Json[] }>(MIX_PRIVATE.cancelPlanOrder, {
      ...BTC,
      orderIdList: [{ orderId: part.body.data.orderId }],
    });
    expect(bobCancel.body.data.failureList).toHaveLength(1);

    expect((await alice.post(MIX_PRIVATE.closePositions, { productType: FUT, symbol: "BTCUSDT" })).body.code).toBe("00000");
    expect(await pending(alice, "profit_loss")).toEqual([]);
    const gone = await history(alice, "profit_loss");
    expect(
      gone
        .filter((p) => p.planStatus === "cancelled")
        .map((p) => p.planType)
        .sort(),
    ).toEqual(["pos_loss", "pos_profit", "pos_profit", "profit_plan"]);
  });

  it("closes the position when its take-profit fires on the last price, and drops its stop-loss", async () => {
    const carol = clients.carol!;
    expect((await market(carol, "buy", "0.01")).body.code).toBe("00000");
    const t = await ticker();
    const last = Number(t.lastPr);
    const set = await carol.post<Json[]>(MIX_PRIVATE.placePosTpsl, {
      ...BTC,
      holdSide: "long",
      stopSurplusTriggerPrice: (last + 0.01).toFixed(2),
      stopSurplusTriggerType: "fill_price",
      stopLossTriggerPrice: (Number(t.markPrice) * 0.5).toFixed(2),
      stopLossTriggerType: "mark_price",
    });
    expect(set.body.code).toBe("00000");
    // someone's market buy sweeps the asks above the last price
    await market(clients.dave!, "buy", "0.05");
    const after = await settled(
      () => positions(carol),
      (l) => l.length === 0,
    );
    expect(after).toEqual([]);
    const done = await history(carol, "profit_loss");
    expect(done.map((p) => [p.planType, p.planStatus]).sort()).toEqual([
      ["pos_loss", "cancelled"],
      ["pos_profit", "executed"],
    ]);
    expect(done.find((p) => p.planType === "pos_profit")!.executeOrderId).toMatch(/^\d+$/);
    await clients.dave!.post(MIX_PRIVATE.closePositions, { productType: FUT });
  });

  it("sets preset TP/SL of place-order on the filled position", async () => {
    const alice = clients.alice!;
    const mark = Number((await ticker()).markPrice);
    expect((await market(alice, "buy", "0.01", { presetStopSurplusPrice: (mark * 0.9).toFixed(2) })).body.code).toBe("40017");
    expect(await positions(alice)).toEqual([]);
    const o = await market(alice, "buy", "0.01", {
      presetStopSurplusPrice: (mark * 1.2).toFixed(2),
      presetStopLossPrice: (mark * 0.8).toFixed(2),
    });
    expect(o.body.code).toBe("00000");
    const list = await pending(alice, "profit_loss");
    expect(list.map((p) => [p.planType, p.size, p.posSide]).sort()).toEqual([
      ["loss_plan", "0.010000", "long"],
      ["profit_plan", "0.010000", "long"],
    ]);
    expect((await alice.post(MIX_PRIVATE.cancelPlanOrder, { productType: FUT, planType: "profit_loss" })).body.code).toBe("00000");
    expect(await pending(alice, "profit_loss")).toEqual([]);
    expect((await alice.post(MIX_PRIVATE.closePositions, { productType: FUT })).body.code).toBe("00000");
  });
});

describe("modify-order and reverse", () => {
  it("cancel-replaces a resting order under a new clientOid, and keeps other users out", async () => {
    const bob = clients.bob!;
    const mark = Number((await ticker()).markPrice);
    const placed = await futuresOrder(bob, "buy", "0.01", "limit", {
      marginMode: "crossed",
      price: (mark * 0.96).toFixed(2),
      clientOid: "fxp-mod-1",
    });
    expect(placed.body.code).toBe("00000");
    const id = placed.body.data.orderId;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ orderId: id, newPrice: (mark * 0.95).toFixed(2) }, "40019"],
      [{ orderId: id, newClientOid: "fxp-mod-1", newPrice: (mark * 0.95).toFixed(2) }, "43118"],
      [{ orderId: id, newClientOid: "fxp-mod-2" }, "40019"],
      [{ orderId: id, newClientOid: "fxp-mod-2", newPrice: "abc" }, "40808"],
      [{ orderId: "1", newClientOid: "fxp-mod-2", newPrice: (mark * 0.95).toFixed(2) }, "40768"],
      [{ newClientOid: "fxp-mod-2", newPrice: (mark * 0.95).toFixed(2) }, "40019"],
    ];
    for (const [body, code] of refusals)
      expect((await bob.post(MIX_PRIVATE.modifyOrder, { ...BTC, ...body })).body.code, JSON.stringify(body)).toBe(code);
    expect(
      (await clients.alice!.post(MIX_PRIVATE.modifyOrder, { ...BTC, orderId: id, newClientOid: "x-1", newPrice: (mark * 0.95).toFixed(2) }))
        .body.code,
    ).toBe("40768");
    const mod = await bob.post<Json>(MIX_PRIVATE.modifyOrder, {
      ...BTC,
      orderId: id,
      newClientOid: "fxp-mod-2",
      newSize: "0.02",
      newPrice: (mark * 0.95).toFixed(2),
    });
    expect(mod.body.code).toBe("00000");
    expect(mod.body.data.clientOid).toBe("fxp-mod-2");
    const open = await bob.get<{ entrustedList: Json[] }>(`${MIX_PRIVATE.ordersPending}?productType=USDT-FUTURES&symbol=BTCUSDT`);
    expect(open.body.data.entrustedList.map((o) => [o.orderId, o.clientOid, o.size, o.price])).toEqual([
      [mod.body.data.orderId, "fxp-mod-2", "0.020000", (mark * 0.95).toFixed(2)],
    ]);
    expect((await futuresDetail(bob, id)).state).toBe("cancelled");
    expect((await bob.post(MIX_PRIVATE.modifyOrder, { ...BTC, orderId: id, newClientOid: "fxp-mod-3", newSize: "0.03" })).body.code).toBe(
      "43004",
    );
    expect((await bob.post(MIX_PRIVATE.cancelAllOrders, { productType: FUT })).body.code).toBe("00000");
  });

  it("reverses a position at market into the same size on the other side", async () => {
    const dave = clients.dave!;
    await dave.post(MIX_PRIVATE.closePositions, { productType: FUT });
    expect((await dave.post(MIX_PRIVATE.clickBackhand, { ...BTC })).body.code).toBe("22002");
    expect((await market(dave, "buy", "0.02")).body.code).toBe("00000");
    // Bitget's documented click-backhand body
    const r = await dave.post<Json>(MIX_PRIVATE.clickBackhand, {
      symbol: "btcusdt",
      productType: "USDT-FUTURES",
      marginCoin: "usdt",
      size: "30",
      clientOid: "fxp-rev-1",
    });
    expect(r.body.code).toBe("00000");
    expect(r.body.data.clientOid).toBe("fxp-rev-1");
    expect((await positions(dave)).map((p) => [p.holdSide, p.total])).toEqual([["short", "0.020000"]]);
    expect((await dave.post(MIX_PRIVATE.clickBackhand, { ...BTC, clientOid: "fxp-rev-1" })).body.code).toBe("43118");
    expect((await dave.post(MIX_PRIVATE.clickBackhand, { ...BTC })).body.code).toBe("00000");
    expect((await positions(dave)).map((p) => [p.holdSide, p.total])).toEqual([["long", "0.020000"]]);
    expect((await dave.post(MIX_PRIVATE.closePositions, { productType: FUT })).body.code).toBe("00000");
  });
});

describe("orders-algo channel", () => {
  async function loggedIn(key: NewApiKey): Promise<WsClient> {
    const ws = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.private}`);
    ws.send(apiKeyLogin(key, String(Math.floor(Date.now() / 1000))));
    await ws.waitFor((m) => isObj(m) && m.event === "login" && m.code === 0);
    return ws;
  }

  it("snapshots the live plans on subscribe and pushes each change to their owner only", async () => {
    const alice = clients.alice!;
    const mark = Number((await ticker()).markPrice);
    const first = await plan(alice, { triggerPrice: (mark * 1.5).toFixed(2), clientOid: "fxp-algo-1" });
    expect(first.body.code).toBe("00000");
    const arg = { instType: FUT, channel: "orders-algo", instId: "default" };
    const a = await loggedIn(keys.alice!);
    const b = await loggedIn(keys.bob!);
    a.send({ op: "subscribe", args: [arg] });
    b.send({ op: "subscribe", args: [arg] });
    const snap = (await a.waitFor((m) => isObj(m) && m.arg?.channel === "orders-algo" && m.action === "snapshot")) as Msg;
    expect(snap.data).toEqual([
      expect.objectContaining({
        instId: "BTCUSDT",
        orderId: first.body.data.orderId,
        clientOid: "fxp-algo-1",
        status: "live",
        planType: "normal_plan",
      }),
    ]);
    const bSnap = (await b.waitFor((m) => isObj(m) && m.arg?.channel === "orders-algo" && m.action === "snapshot")) as Msg;
    expect(bSnap.data).toEqual([]);
    const seen: Array<Msg | string> = [];
    b.ws.on("message", (d) => seen.push(String(d)));
    expect((await alice.post(MIX_PRIVATE.cancelPlanOrder, { ...BTC, orderIdList: [{ clientOid: "fxp-algo-1" }] })).body.code).toBe("00000");
    const pushed = (await a.waitFor(
      (m) =>
        isObj(m) &&
        m.arg?.channel === "orders-algo" &&
        m.action === "update" &&
        (m.data ?? []).some((d) => (d as Json).status === "cancelled"),
    )) as Msg;
    expect(pushed.data![0]).toMatchObject({ orderId: first.body.data.orderId, status: "cancelled", triggerType: "mark_price" });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen.filter((m) => String(m).includes("orders-algo"))).toEqual([]);
    a.close();
    b.close();
  });
});

describe("simulation (paptrading) plans", () => {
  it("keeps demo plans apart from live ones and clears them on the demo reset", async () => {
    const demo = new Client(web.url, makeKey(web.dir, "fxp-demo"), { paptrading: "1" });
    expect(
      (await demo.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "500", coin: "USDT" })).body.code,
    ).toBe("00000");
    const mark = Number((await ticker()).markPrice);
    const p = await plan(demo, { productType: "SUSDT-FUTURES", triggerPrice: (mark * 2).toFixed(2) });
    expect(p.body.code).toBe("00000");
    expect(await pending(demo, "normal_plan")).toHaveLength(1);
    expect(await pending(new Client(web.url, demo.key), "normal_plan")).toEqual([]);
    expect((await demo.post(V2.paperReset, {})).body.code).toBe("00000");
    expect(await pending(demo, "normal_plan")).toEqual([]);
  });
});
