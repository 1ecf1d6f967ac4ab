/**
 * The spot and margin REST surface as bot libraries call it (docs/decisions/309), through the real
 * gateway process with our own signed client: spot cancel-replace-order (cancel, then the new order
 * through the engine's entry point, with Bitget's answer when either half is refused),
 * batch-cancel-plan-order, margin order rows with Bitget's `baseSize` (ordered) and `size` (filled)
 * on REST and the orders stream, and a margin order read back through spot orderInfo. The simulated
 * market is off: every price is one these tests trade.
 */
import Database from "better-sqlite3";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { EX_CODES, V2, WS_PATHS } from "../../protocol/bitget.ts";
import { MARGIN_CROSSED as C, MARGIN_ISOLATED as I } from "../../protocol/margin.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { queueDeposit } from "../../gateway/exchange/deposits.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import type { NewApiKey } from "../../gateway/security/api-keys.ts";
import { apiKeyLogin, type Placed } from "../setup/exchange.ts";
import { gatewayForSuite } from "../setup/suite.ts";
import { until } from "../setup/until.ts";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";

type Json = Record<string, unknown>;
type Row = Record<string, string>;
type Replaced = { orderId: string | null; clientOid: string | null; success: string; msg: string | null };

const server = gatewayForSuite({ EXCHANGE_RATE_LIMITS: "off", EXCHANGE_SIMULATOR: "off", EXCHANGE_WELCOME_USDT: "100000" });
let n = 0;
const keys = new Map<Client, NewApiKey>();
const users = new Map<Client, string>();

/** A new account with its key, funded (100,000 USDT welcome) by its first read. */
async function account(tag: string): Promise<Client> {
  const userId = `smc-${tag}-${++n}`;
  const key = makeKey(server.dir, userId);
  const c = new Client(server.url, key);
  keys.set(c, key);
  users.set(c, userId);
  expect((await c.get(V2.assets)).body.code).toBe("00000");
  return c;
}

async function deposit(c: Client, coin: string, amount: bigint): Promise<void> {
  const db = new Database(join(server.dir, "gateway.sqlite"));
  db.pragma("busy_timeout = 5000");
  queueDeposit(db, { env: "live", userId: users.get(c)!, coin, amount });
  db.close();
  await until(
    async () => Number((await c.get<Json[]>(`${V2.assets}?coin=${coin}`)).body.data[0]?.available ?? 0),
    (v) => v >= Number(amount) / 1e8,
    10_000,
    100,
  );
}

const spot = (c: Client, side: string, price: string, size: string, more: Json = {}) =>
  c.post<Placed>(V2.placeOrder, { symbol: "BTCUSDT", side, orderType: "limit", force: "gtc", price, size, ...more });
const info = (c: Client, query: string) => c.get<Row[]>(`${V2.orderInfo}?${query}`);
const usdt = async (c: Client) => (await c.get<Row[]>(`${V2.assets}?coin=USDT`)).body.data[0]!;

/** Prices near the reference the band is judged against (the last trade, else the pair's seed price). */
let ref = 0;
/** A whole price `pct` % of the reference. */
const at = (pct: number) => Math.floor((ref * pct) / 100);
const px = (v: number) => v.toFixed(2);
/** `lots` of BTC at `price` in USDT, as the ledger shows it. */
const cost = (price: number, lots: string) => ((price * Math.round(Number(lots) * 1e6)) / 1e6).toFixed(8);

/** A BTC seller with 1 BTC. */
let seller: Client;
beforeAll(async () => {
  seller = await account("seller");
  await deposit(seller, "BTC", 10n ** 8n);
  ref = Number((await new Client(server.url).get<Row[]>(`${V2.tickers}?symbol=BTCUSDT`)).body.data[0]!.lastPr);
  expect(ref).toBeGreaterThan(0);
});

describe("spot cancel-replace-order", () => {
  it("cancels the order and places the new one with its side, at the new price and size", async () => {
    const alice = await account("cr");
    const old = await spot(alice, "buy", px(at(90)), "0.01", { clientOid: "cr-old" });
    expect(old.body.code).toBe("00000");
    // as ccxt's editOrder sends it: the order's id, symbol, orderType, price and size
    const r = await alice.post<Replaced>(V2.cancelReplaceOrder, {
      orderId: old.body.data.orderId,
      symbol: "BTCUSDT",
      orderType: "limit",
      price: px(at(91)),
      size: "0.02",
      newClientOid: "cr-new",
    });
    expect(r.body.code, r.body.msg).toBe("00000");
    expect(r.body.data).toMatchObject({ clientOid: "cr-new", success: "success", msg: null });
    expect(r.body.data.orderId).not.toBe(old.body.data.orderId);
    expect((await info(alice, `orderId=${old.body.data.orderId}`)).body.data[0]).toMatchObject({ status: "cancelled" });
    expect((await info(alice, `orderId=${r.body.data.orderId}`)).body.data[0]).toMatchObject({
      clientOid: "cr-new",
      side: "buy",
      orderType: "limit",
      price: px(at(91)),
      size: "0.020000",
      status: "live",
      force: "gtc",
    });
    // only the new order's funds are held
    expect((await usdt(alice)).frozen).toBe(cost(at(91), "0.02"));

    // by clientOid, without newClientOid: the new order gets its id as clientOid
    const again = await alice.post<Replaced>(V2.cancelReplaceOrder, {
      clientOid: "cr-new",
      symbol: "BTCUSDT",
      price: String(at(92)),
      size: "0.01",
    });
    expect(again.body.code, again.body.msg).toBe("00000");
    expect(again.body.data).toMatchObject({ success: "success", clientOid: again.body.data.orderId });
    expect((await usdt(alice)).frozen).toBe(cost(at(92), "0.01"));
  });

  it("places nothing when the cancel fails", async () => {
    const alice = await account("cr-gone");
    const old = await spot(alice, "buy", px(at(90)), "0.01");
    expect((await alice.post(V2.cancelOrder, { symbol: "BTCUSDT", orderId: old.body.data.orderId })).body.code).toBe("00000");
    const body = { orderId: old.body.data.orderId, symbol: "BTCUSDT", price: px(at(90)), size: "0.01", newClientOid: "gone-new" };
    expect((await alice.post(V2.cancelReplaceOrder, body)).body.code).toBe(EX_CODES.orderNotCancellable);
    expect((await alice.post(V2.cancelReplaceOrder, { ...body, orderId: "123456" })).body.code).toBe(EX_CODES.orderNotFound);
    // another pair's symbol does not name the order
    expect((await alice.post(V2.cancelReplaceOrder, { ...body, symbol: "ETHUSDT" })).body.code).toBe(EX_CODES.orderNotFound);
    expect((await info(alice, "clientOid=gone-new")).body.code).toBe(EX_CODES.orderNotFound);
    expect((await usdt(alice)).frozen).toBe("0.00000000");
  });

  it("keeps the old order when the new one is refused before the cancel", async () => {
    const alice = await account("cr-keep");
    const old = await spot(alice, "buy", px(at(90)), "0.01", { clientOid: "keep-old" });
    const replace = (more: Json) =>
      alice.post<Replaced>(V2.cancelReplaceOrder, {
        orderId: old.body.data.orderId,
        symbol: "BTCUSDT",
        price: px(at(90)),
        size: "0.01",
        ...more,
      });
    const refused: Array<[Json, string]> = [
      [{ price: px(at(120)) }, EX_CODES.priceAboveBand],
      [{ price: `${at(90)}.001` }, EX_CODES.paramCheck],
      [{ price: "" }, EX_CODES.paramEmpty],
      [{ size: "0" }, EX_CODES.qtyTooSmall],
      [{ newClientOid: "keep-old" }, EX_CODES.duplicateClientOid],
      [{ newClientOid: "a b" }, EX_CODES.paramInvalid],
      [{ presetStopLossPrice: "-1" }, EX_CODES.paramCheck],
    ];
    for (const [more, code] of refused) {
      const r = await replace(more);
      expect(r.status).toBeLessThan(500);
      expect(r.body.code, JSON.stringify(more)).toBe(code);
    }
    expect((await info(alice, `orderId=${old.body.data.orderId}`)).body.data[0]).toMatchObject({ status: "live" });
    expect((await usdt(alice)).frozen).toBe(cost(at(90), "0.01"));
  });

  it("says so Bitget's way when the new order is refused after the cancel", async () => {
    const alice = await account("cr-fail");
    const old = await spot(alice, "buy", px(at(90)), "0.01");
    // 3 BTC at 90 % of the price is more than the account holds, even with the old order's funds back
    const r = await alice.post<Replaced>(V2.cancelReplaceOrder, {
      orderId: old.body.data.orderId,
      symbol: "BTCUSDT",
      price: px(at(90)),
      size: "3",
      newClientOid: "fail-new",
    });
    expect(r.body.code).toBe("00000");
    expect(r.body.data).toEqual({ orderId: null, clientOid: "fail-new", success: "failure", msg: "Insufficient balance" });
    expect((await info(alice, `orderId=${old.body.data.orderId}`)).body.data[0]).toMatchObject({ status: "cancelled" });
    expect((await info(alice, "clientOid=fail-new")).body.code).toBe(EX_CODES.orderNotFound);
    expect(await usdt(alice)).toMatchObject({ available: "100000.00000000", frozen: "0.00000000" });
  });
});

describe("spot batch-cancel-plan-order", () => {
  it("cancels the plan orders of the listed pairs, then of every pair, and leaves TP/SL orders", async () => {
    const alice = await account("plans");
    const plan = (symbol: string, clientOid: string) =>
      alice.post<Placed>(V2.placePlan, { symbol, side: "buy", triggerPrice: px(at(80)), orderType: "market", size: "100", clientOid });
    for (const [s, id] of [
      ["BTCUSDT", "p-btc-1"],
      ["BTCUSDT", "p-btc-2"],
      ["ETHUSDT", "p-eth-1"],
    ])
      expect((await plan(s as string, id as string)).body.code).toBe("00000");
    await deposit(alice, "BTC", 10n ** 6n);
    const tpsl = await alice.post<Placed>(V2.placeOrder, {
      symbol: "BTCUSDT",
      side: "sell",
      orderType: "market",
      size: "0.001",
      tpslType: "tpsl",
      triggerPrice: px(at(80)),
    });
    expect(tpsl.body.code, tpsl.body.msg).toBe("00000");
    const live = async () => (await alice.get<{ orderList: Row[] }>(V2.currentPlan)).body.data.orderList.map((p) => p.clientOid).sort();

    expect((await alice.post(V2.batchCancelPlan, { symbolList: ["NOPE"] })).body.code).toBe(EX_CODES.paramNotExist);
    expect(await live()).toEqual(["p-btc-1", "p-btc-2", "p-eth-1"]);
    const r = await alice.post<{ successList: Placed[]; failureList: unknown[] }>(V2.batchCancelPlan, { symbolList: ["BTCUSDT"] });
    expect(r.body.code).toBe("00000");
    expect(r.body.data.successList.map((x) => x.clientOid).sort()).toEqual(["p-btc-1", "p-btc-2"]);
    expect(r.body.data.failureList).toEqual([]);
    expect(await live()).toEqual(["p-eth-1"]);
    const all = await alice.post<{ successList: Placed[] }>(V2.batchCancelPlan, {});
    expect(all.body.data.successList.map((x) => x.clientOid)).toEqual(["p-eth-1"]);
    expect(await live()).toEqual([]);
    const tpslOpen = await alice.get<Row[]>(`${V2.unfilled}?symbol=BTCUSDT&tpslType=tpsl`);
    expect(tpslOpen.body.data.map((x) => x.orderId)).toEqual([tpsl.body.data.orderId]);
  });
});

describe("margin orders as Bitget lists them", () => {
  it("reports baseSize as ordered and size as filled, on REST and the orders stream, and reads back through orderInfo", async () => {
    const alice = await account("mg");
    const bob = await account("mg-other");
    const t = await alice.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "2000" });
    expect(t.body.code).toBe("00000");

    const ws = await WsClient.open(`ws://127.0.0.1:${server.port}${WS_PATHS.private}`);
    ws.send(apiKeyLogin(keys.get(alice)!, String(Math.floor(Date.now() / 1000))));
    await ws.waitFor((m) => isObj(m) && m.event === "login");
    ws.send({ op: "subscribe", args: [{ instType: "MARGIN", channel: "orders-crossed", instId: "default" }] });
    await ws.waitFor((m) => isObj(m) && m.action === "snapshot");

    const placed = await alice.post<Placed>(C.placeOrder, {
      symbol: "BTCUSDT",
      orderType: "limit",
      price: px(at(97)),
      loanType: "normal",
      force: "gtc",
      baseSize: "0.01",
      side: "buy",
      clientOid: "mg-1",
    });
    expect(placed.body.code, placed.body.msg).toBe("00000");
    const id = placed.body.data.orderId;
    const ordered = { orderId: id, clientOid: "mg-1", baseSize: "0.010000", quoteSize: cost(at(97), "0.01"), price: px(at(97)) };
    const open = await alice.get<{ orderList: Row[] }>(`${C.openOrders}?symbol=BTCUSDT&startTime=0`);
    expect(open.body.data.orderList).toEqual([
      expect.objectContaining({ ...ordered, status: "live", size: "0.000000", amount: "0.00000000", priceAvg: "0" }),
    ]);
    const pushed = (await ws.waitFor((m) => isObj(m) && m.action === "update" && JSON.stringify(m).includes(id))) as Msg;
    expect(pushed.data?.[0]).toMatchObject({ ...ordered, status: "live", size: "0.000000" });

    // a ccxt fetchOrder with marginMode cross asks spot orderInfo with the order's id
    expect((await info(alice, `orderId=${id}&marginMode=cross`)).body.data[0]).toMatchObject({
      orderId: id,
      userId: users.get(alice),
      size: "0.010000",
      baseVolume: "0.000000",
      status: "live",
    });
    expect((await info(alice, "clientOid=mg-1&marginMode=cross")).body.data[0]).toMatchObject({ orderId: id });
    expect((await info(bob, `orderId=${id}&marginMode=cross`)).body.code).toBe(EX_CODES.orderNotFound);

    // 0.004 of it fills
    expect((await spot(seller, "sell", px(at(97)), "0.004")).body.code).toBe("00000");
    const filled = { size: "0.004000", amount: cost(at(97), "0.004"), priceAvg: px(at(97)) };
    const partly = (await ws.waitFor((m) => isObj(m) && m.action === "update" && JSON.stringify(m).includes('"size":"0.004000"'))) as Msg;
    expect(partly.data?.[0]).toMatchObject({ ...ordered, ...filled });
    const after = await alice.get<{ orderList: Row[] }>(`${C.openOrders}?symbol=BTCUSDT&startTime=0`);
    expect(after.body.data.orderList[0]).toMatchObject({ ...ordered, ...filled });
    expect((await info(alice, `orderId=${id}&marginMode=cross`)).body.data[0]).toMatchObject({ baseVolume: "0.004000" });

    expect((await alice.post(C.cancelOrder, { symbol: "BTCUSDT", orderId: id })).body.code).toBe("00000");
    const history = await alice.get<{ orderList: Row[] }>(`${C.historyOrders}?symbol=BTCUSDT&startTime=0`);
    expect(history.body.data.orderList).toEqual([expect.objectContaining({ ...ordered, ...filled, status: "cancelled" })]);
    // Bitget's clientOid filter of history-orders
    expect((await alice.get<{ orderList: Row[] }>(`${C.historyOrders}?symbol=BTCUSDT&clientOid=mg-1`)).body.data.orderList).toHaveLength(1);
    expect((await alice.get<{ orderList: Row[] }>(`${C.historyOrders}?symbol=BTCUSDT&clientOid=nope`)).body.data.orderList).toEqual([]);
    // done, it still reads back, from storage
    expect((await info(alice, `orderId=${id}&marginMode=cross`)).body.data[0]).toMatchObject({
      status: "cancelled",
      baseVolume: "0.004000",
    });
    ws.close();
  });

  it("reads an isolated margin order back through orderInfo", async () => {
    const alice = await account("mg-iso");
    const t = await alice.post(MIX_PRIVATE.walletTransfer, {
      fromType: "spot",
      toType: "isolated_margin",
      symbol: "BTCUSDT",
      coin: "USDT",
      amount: "1000",
    });
    expect(t.body.code).toBe("00000");
    const placed = await alice.post<Placed>(I.placeOrder, {
      symbol: "BTCUSDT",
      orderType: "limit",
      price: px(at(90)),
      loanType: "normal",
      baseSize: "0.001",
      side: "buy",
    });
    expect(placed.body.code, placed.body.msg).toBe("00000");
    for (const q of ["&marginMode=isolated", ""])
      expect((await info(alice, `orderId=${placed.body.data.orderId}${q}`)).body.data[0]).toMatchObject({
        orderId: placed.body.data.orderId,
        size: "0.001000",
        status: "live",
      });
  });
});
