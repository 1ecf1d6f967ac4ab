/**
 * The streams as Bitget clients use them (docs/decisions/319): the demo instTypes address the
 * simulation on either address, the product types without contracts answer empty or "doesn't
 * exist", the spot `orders` push carries Bitget's stream fields, a spot `fill` channel exists, the
 * futures `positions` and `fill` items carry the stream names clients parse, and one instType's
 * pushes never reach another's subscription. Also the public futures market statistics.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V2, WS_PATHS } from "../../protocol/bitget.ts";
import { MIX, MIX_PRIVATE, MIX_STATS } from "../../protocol/mix.ts";
import { openFutures } from "../setup/futures.ts";
import { Client, makeKey, startGateway, stopGateway, tempDataDir, type RunningGateway } from "../../gateway/exchange/testing/harness.ts";
import type { NewApiKey } from "../../gateway/security/api-keys.ts";
import { apiKeyLogin } from "../setup/exchange.ts";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";

type Row = Record<string, unknown>;
let gw: RunningGateway;
let key: NewApiKey;
let live: Client;
let demo: Client;

beforeAll(async () => {
  const dir = tempDataDir();
  gw = await startGateway(dir, { EXCHANGE_RATE_LIMITS: "off", EXCHANGE_WELCOME_USDT: "100000" });
  key = makeKey(dir, "sc-user");
  live = new Client(`http://127.0.0.1:${gw.port}`, key);
  demo = new Client(`http://127.0.0.1:${gw.port}`, key, { paptrading: "1" });
  await openFutures(live);
  for (const c of [live, demo]) {
    expect((await c.get(V2.assets)).body.code).toBe("00000");
    const t = await c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "1000", coin: "USDT" });
    expect(t.body.code).toBe("00000");
  }
});
afterAll(async () => {
  await stopGateway(gw);
});

async function privateWs(query = ""): Promise<WsClient> {
  const ws = await WsClient.open(`ws://127.0.0.1:${gw.port}${WS_PATHS.private}${query}`);
  ws.send(apiKeyLogin(key, String(Math.floor(Date.now() / 1000))));
  await ws.waitFor((m) => isObj(m) && m.event === "login" && m.code === 0);
  return ws;
}

const isPush =
  (instType: string, channel: string, action: string, pred: (d: Row) => boolean = () => true) =>
  (m: Msg | string) =>
    isObj(m) &&
    m.arg?.instType === instType &&
    m.arg?.channel === channel &&
    m.action === action &&
    (m.data ?? []).some((d) => pred(d as Row));

const FUT = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT", marginMode: "isolated" };

async function futuresMarket(c: Client, side: "buy" | "sell", clientOid: string) {
  const r = await c.post<{ orderId: string }>(MIX_PRIVATE.placeOrder, { ...FUT, size: "0.001", side, orderType: "market", clientOid });
  expect(r.body.code).toBe("00000");
  return r.body.data.orderId;
}

describe("demo instTypes on the streams", () => {
  it("serve the simulation account on the live address, and a live subscription never sees it", async () => {
    const ws = await privateWs();
    ws.send({
      op: "subscribe",
      args: [
        { instType: "SUSDT-FUTURES", channel: "positions", instId: "default" },
        { instType: "SUSDT-FUTURES", channel: "orders", instId: "default" },
        { instType: "USDT-FUTURES", channel: "orders", instId: "default" },
      ],
    });
    await ws.waitFor((m) => isObj(m) && m.arg?.instType === "SUSDT-FUTURES" && m.arg?.channel === "positions" && m.action === "snapshot");
    await ws.waitFor((m) => isObj(m) && m.arg?.instType === "USDT-FUTURES" && m.arg?.channel === "orders" && m.action === "snapshot");

    const demoId = await futuresMarket(demo, "buy", "sc-demo-1");
    const pos = (await ws.waitFor(isPush("SUSDT-FUTURES", "positions", "snapshot", (d) => d.holdSide === "long"))) as Msg;
    expect(pos.arg).toEqual({ instType: "SUSDT-FUTURES", channel: "positions", instId: "default" });
    await ws.waitFor(isPush("SUSDT-FUTURES", "orders", "update", (d) => d.orderId === demoId && d.status === "filled"));

    // a live order reaches the live subscription only
    const liveId = await futuresMarket(live, "buy", "sc-live-1");
    await ws.waitFor(isPush("USDT-FUTURES", "orders", "update", (d) => d.orderId === liveId));
    const demoOrders = ws.messages.filter(isPush("SUSDT-FUTURES", "orders", "update")) as Msg[];
    expect(demoOrders.flatMap((m) => m.data as Row[]).map((d) => d.orderId)).not.toContain(liveId);
    const liveOrders = ws.messages.filter(isPush("USDT-FUTURES", "orders", "update")) as Msg[];
    expect(liveOrders.flatMap((m) => m.data as Row[]).map((d) => d.orderId)).not.toContain(demoId);
    ws.close();
  });

  it("answer the public channels from the simulation's books", async () => {
    const ws = await WsClient.open(`ws://127.0.0.1:${gw.port}${WS_PATHS.public}`);
    ws.send({ op: "subscribe", args: [{ instType: "susdt-futures", channel: "ticker", instId: "BTCUSDT" }] });
    const t = (await ws.waitFor((m) => isObj(m) && m.arg?.channel === "ticker" && m.action === "snapshot")) as Msg;
    expect(t.arg?.instType).toBe("SUSDT-FUTURES");
    expect((t.data![0] as Row).markPrice).toEqual(expect.any(String));
    expect((t.data![0] as Row).instId).toBe("BTCUSDT");
    // trades of the simulation's book reach a demo-spelled subscription on the live address
    ws.send({ op: "subscribe", args: [{ instType: "SUSDT-FUTURES", channel: "trade", instId: "BTCUSDT" }] });
    await ws.waitFor((m) => isObj(m) && m.arg?.channel === "trade" && m.action === "snapshot");
    await futuresMarket(demo, "buy", "sc-demo-trade");
    const tr = (await ws.waitFor((m) => isObj(m) && m.arg?.channel === "trade" && m.action === "update")) as Msg;
    expect(tr.arg?.instType).toBe("SUSDT-FUTURES");
    ws.close();
  });
});

describe("product types without contracts", () => {
  it("answer private channels with an empty snapshot and public ones as an instId that does not exist", async () => {
    const ws = await privateWs();
    ws.send({
      op: "subscribe",
      args: [
        { instType: "COIN-FUTURES", channel: "orders", instId: "default" },
        { instType: "SCOIN-FUTURES", channel: "positions", instId: "default" },
        { instType: "USDC-FUTURES", channel: "account", coin: "default" },
        { instType: "COIN-FUTURES", channel: "orders", instId: "BTCUSD" },
      ],
    });
    for (const [instType, channel] of [
      ["COIN-FUTURES", "orders"],
      ["SCOIN-FUTURES", "positions"],
      ["USDC-FUTURES", "account"],
    ]) {
      const s = (await ws.waitFor(
        (m) => isObj(m) && m.arg?.instType === instType && m.arg?.channel === channel && m.action === "snapshot",
      )) as Msg;
      expect(s.data).toEqual([]);
    }
    const bad = (await ws.waitFor((m) => isObj(m) && m.event === "error")) as Msg;
    expect(bad.code).toBe(30001);
    expect(String(bad.msg)).toContain("doesn't exist");
    ws.close();

    const pub = await WsClient.open(`ws://127.0.0.1:${gw.port}${WS_PATHS.public}`);
    pub.send({ op: "subscribe", args: [{ instType: "USDC-FUTURES", channel: "ticker", instId: "BTCUSDT" }] });
    const e = (await pub.waitFor((m) => isObj(m) && m.event === "error")) as Msg;
    expect(e.code).toBe(30001);
    expect(e.msg).toBe("instType:USDC-FUTURES,channel:ticker,instId:BTCUSDT doesn't exist");
    pub.close();
  });
});

describe("spot private streams in Bitget's stream shape", () => {
  it("push orders with the stream fields, fills on the fill channel, and nothing to a futures subscription", async () => {
    const ws = await privateWs();
    ws.send({
      op: "subscribe",
      args: [
        { instType: "SPOT", channel: "orders", instId: "default" },
        { instType: "SPOT", channel: "fill", instId: "default" },
        { instType: "USDT-FUTURES", channel: "orders", instId: "default" },
        { instType: "USDT-FUTURES", channel: "account", coin: "default" },
      ],
    });
    await ws.waitFor((m) => isObj(m) && m.arg?.instType === "SPOT" && m.arg?.channel === "fill" && m.action === "snapshot");
    await ws.waitFor((m) => isObj(m) && m.arg?.instType === "USDT-FUTURES" && m.arg?.channel === "account" && m.action === "snapshot");

    const tk = await live.get<Row[]>(`${V2.tickers}?symbol=BTCUSDT`);
    const bid = (Number(tk.body.data[0]!.lastPr) * 0.9).toFixed(2);
    const limit = await live.post<{ orderId: string }>(V2.placeOrder, {
      symbol: "BTCUSDT",
      side: "buy",
      orderType: "limit",
      force: "gtc",
      price: bid,
      size: "0.001",
      clientOid: "sc-spot-limit",
    });
    expect(limit.body.code).toBe("00000");
    const placed = (await ws.waitFor(isPush("SPOT", "orders", "update", (d) => d.orderId === limit.body.data.orderId))) as Msg;
    const o = (placed.data as Row[]).find((d) => d.orderId === limit.body.data.orderId)!;
    expect(o).toMatchObject({
      instId: "BTCUSDT",
      clientOid: "sc-spot-limit",
      price: bid,
      newSize: "0.001000",
      orderType: "limit",
      force: "gtc",
      side: "buy",
      accBaseVolume: "0.000000",
      priceAvg: "0",
      status: "live",
      stpMode: "none",
      feeDetail: [],
      enterPointSource: "API",
    });
    // a buy's size and notional are its quote value
    expect(Number(o.size)).toBeCloseTo(Number(bid) * 0.001, 6);
    expect(o.notional).toBe(o.size);
    // not the REST row
    expect(o).not.toHaveProperty("userId");
    expect(o).not.toHaveProperty("basePrice");

    const mkt = await live.post<{ orderId: string }>(V2.placeOrder, { symbol: "BTCUSDT", side: "buy", orderType: "market", size: "100" });
    expect(mkt.body.code).toBe("00000");
    const id = mkt.body.data.orderId;
    const filled = (await ws.waitFor(isPush("SPOT", "orders", "update", (d) => d.orderId === id && d.status === "filled"))) as Msg;
    const f = (filled.data as Row[]).find((d) => d.orderId === id)!;
    // a market buy is sized in quote: its newSize, size and notional are the budget
    expect(f).toMatchObject({ orderType: "market", side: "buy", newSize: "100.00000000", size: "100.00000000", notional: "100.00000000" });
    expect(f).toMatchObject({ fillFeeCoin: "BTC", tradeScope: "T" });
    expect(f).not.toHaveProperty("price");
    expect(f.tradeId).toEqual(expect.any(String));
    expect(Number(f.fillPrice)).toBeGreaterThan(0);
    expect(Number(f.fillFee)).toBeLessThan(0);
    expect(Number(f.accBaseVolume)).toBeGreaterThan(0);
    // feeDetail is the order's whole fee so far: at least this fill's
    const total = (f.feeDetail as Row[])[0]!;
    expect(total.feeCoin).toBe("BTC");
    expect(Number(total.fee)).toBeLessThanOrEqual(Number(f.fillFee));

    const fill = (await ws.waitFor(isPush("SPOT", "fill", "update", (d) => d.orderId === id))) as Msg;
    const row = (fill.data as Row[]).find((d) => d.orderId === id)!;
    expect(row).toMatchObject({ symbol: "BTCUSDT", orderType: "market", side: "buy", tradeScope: "taker", size: f.baseVolume });
    // the order's source, as `trade/fills` and the orders channel (docs/decisions/362)
    expect(row.enterPointSource).toBe("API");
    expect(row.priceAvg).toBe(f.fillPrice);
    expect(row.tradeId).toBe(f.tradeId);
    expect(row.feeDetail).toEqual([{ feeCoin: "BTC", deduction: "no", totalDeductionFee: "0", totalFee: f.fillFee }]);
    expect(Number(row.amount)).toBeCloseTo(Number(row.priceAvg) * Number(row.size), 6);

    // a spot order is never a futures order or account push
    const futuresItems = (ws.messages.filter(isPush("USDT-FUTURES", "orders", "update")) as Msg[]).flatMap((m) => m.data as Row[]);
    expect(futuresItems.map((d) => d.orderId)).not.toContain(id);
    expect(futuresItems.map((d) => d.orderId)).not.toContain(limit.body.data.orderId);
    expect((ws.messages.filter(isPush("USDT-FUTURES", "account", "update")) as Msg[]).flatMap((m) => m.data as Row[])).toEqual([]);

    // a later subscriber's fill snapshot starts with the newest fill
    const ws2 = await privateWs();
    ws2.send({ op: "subscribe", args: [{ instType: "SPOT", channel: "fill", instId: "BTCUSDT" }] });
    const snap = (await ws2.waitFor((m) => isObj(m) && m.arg?.channel === "fill" && m.action === "snapshot")) as Msg;
    expect((snap.data![0] as Row).tradeId).toBe(row.tradeId);
    expect((snap.data![0] as Row).enterPointSource).toBe("API");
    ws.close();
    ws2.close();
  });
});

describe("futures private items carry the stream names clients parse", () => {
  it("positions: posId, frozen, marginRate, unrealizedPLR; fill: orderType and uTime", async () => {
    const ws = await privateWs();
    ws.send({
      op: "subscribe",
      args: [
        { instType: "USDT-FUTURES", channel: "positions", instId: "default" },
        { instType: "USDT-FUTURES", channel: "fill", instId: "default" },
      ],
    });
    await ws.waitFor((m) => isObj(m) && m.arg?.channel === "fill" && m.action === "snapshot");
    const id = await futuresMarket(live, "buy", "sc-live-2");
    const f = (await ws.waitFor(isPush("USDT-FUTURES", "fill", "update", (d) => d.orderId === id))) as Msg;
    const fill = (f.data as Row[]).find((d) => d.orderId === id)!;
    expect(fill).toMatchObject({ orderType: "market", side: "buy", uTime: fill.cTime });
    const p = (await ws.waitFor(isPush("USDT-FUTURES", "positions", "snapshot", (d) => d.holdSide === "long"))) as Msg;
    const pos = (p.data as Row[]).find((d) => d.holdSide === "long")!;
    expect(pos.posId).toEqual(expect.any(String));
    expect(pos.frozen).toBe(pos.locked);
    expect(pos.marginRate).toBe(pos.marginRatio);
    expect(Number(pos.unrealizedPLR)).toBeCloseTo(Number(pos.unrealizedPL) / Number(pos.marginSize), 6);
    // a new subscriber's fill snapshot has the order type too
    const ws2 = await privateWs();
    ws2.send({ op: "subscribe", args: [{ instType: "USDT-FUTURES", channel: "fill", instId: "default" }] });
    const snap = (await ws2.waitFor((m) => isObj(m) && m.arg?.channel === "fill" && m.action === "snapshot")) as Msg;
    expect((snap.data as Row[]).find((d) => d.orderId === id)).toMatchObject({ orderType: "market" });

    // an order's preset TP/SL shows on its stream item as on its REST row (decision 318)
    const mark = Number((await live.get<Row[]>(`${MIX.ticker}?symbol=BTCUSDT&productType=USDT-FUTURES`)).body.data[0]!.markPrice);
    const [bid, tp, sl] = [mark * 0.9, mark * 1.2, mark * 0.8].map((x) => x.toFixed(1));
    const r = await live.post<{ orderId: string }>(MIX_PRIVATE.placeOrder, {
      ...FUT,
      size: "0.001",
      side: "buy",
      orderType: "limit",
      price: bid,
      force: "gtc",
      presetStopSurplusPrice: tp,
      presetStopLossPrice: sl,
    });
    expect(r.body.code).toBe("00000");
    ws2.send({ op: "subscribe", args: [{ instType: "USDT-FUTURES", channel: "orders", instId: "BTCUSDT" }] });
    const os = (await ws2.waitFor((m) => isObj(m) && m.arg?.channel === "orders" && m.action === "snapshot")) as Msg;
    const item = (os.data as Row[]).find((d) => d.orderId === r.body.data.orderId)!;
    expect(Number(item.presetStopSurplusPrice)).toBe(Number(tp));
    expect(Number(item.presetStopLossPrice)).toBe(Number(sl));
    ws.close();
    ws2.close();
  });
});

describe("public futures market statistics", () => {
  it("answer the open positions' long/short ratios in Bitget's fields, and refuse bad queries with Bitget's codes", async () => {
    const pub = new Client(`http://127.0.0.1:${gw.port}`);
    const acc = await pub.get<Row[]>(`${MIX_STATS.accountLongShort}?symbol=BTCUSDT&period=5m`);
    expect(acc.body.code).toBe("00000");
    const last = acc.body.data.at(-1)!;
    expect(Object.keys(last).sort()).toEqual(["longAccountRatio", "longShortAccountRatio", "shortAccountRatio", "ts"]);
    expect(Number(last.ts) % 300_000).toBe(0);
    expect(Number(last.longAccountRatio) + Number(last.shortAccountRatio)).toBeCloseTo(1, 3);
    const pos = await pub.get<Row[]>(`${MIX_STATS.positionLongShort}?symbol=BTCUSDT&period=1h`);
    expect(Object.keys(pos.body.data.at(-1)!).sort()).toEqual(["longPositionRatio", "longShortPositionRatio", "shortPositionRatio", "ts"]);
    expect(Number(pos.body.data.at(-1)!.ts) % 3_600_000).toBe(0);
    const ls = await pub.get<Row[]>(`${MIX_STATS.longShort}?symbol=BTCUSDT`);
    expect(ls.body.data.at(-1)).toMatchObject({
      longRatio: expect.any(String),
      shortRatio: expect.any(String),
      longShortRatio: expect.any(String),
    });
    expect((await pub.get(`${MIX_STATS.takerBuySell}?symbol=BTCUSDT&period=15m`)).body.code).toBe("00000");

    expect((await pub.get(`${MIX_STATS.accountLongShort}?symbol=BTCUSDT&period=7m`)).body.code).toBe("40017");
    expect((await pub.get(`${MIX_STATS.accountLongShort}?period=5m`)).body.code).toBe("40019");
    expect((await pub.get(`${MIX_STATS.accountLongShort}?symbol=NOPEUSDT`)).body.code).toBe("40034");
    // the ticker the statistics sit beside answers as before
    expect((await pub.get(`${MIX.ticker}?symbol=BTCUSDT&productType=USDT-FUTURES`)).body.code).toBe("00000");
  });
});
