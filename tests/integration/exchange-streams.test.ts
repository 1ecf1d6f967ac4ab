import { crc32 } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V2, WS_PATHS } from "../../protocol/bitget.ts";
import { apiKeyLogin, limitOrder, ordersAndAccount } from "../setup/exchange.ts";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";
import { Client, makeKey, startGateway, stopGateway, tempDataDir, type RunningGateway } from "../../gateway/exchange/testing/harness.ts";

describe("exchange public streams on the simulated market", () => {
  let gw: RunningGateway;
  beforeAll(async () => {
    gw = await startGateway(tempDataDir());
  });
  afterAll(async () => {
    await stopGateway(gw);
  });

  it("answers ping and rejects bad requests cleanly", async () => {
    const c = await WsClient.open(`ws://127.0.0.1:${gw.port}${WS_PATHS.public}`);
    c.send("ping");
    expect(await c.waitFor((m) => m === "pong")).toBe("pong");
    c.send("{nope");
    await c.waitFor((m) => isObj(m) && m.code === 30002);
    c.send({ op: "dance", args: [] });
    await c.waitFor((m) => isObj(m) && m.code === 30003);
    c.send({ op: "subscribe", args: [{ instType: "SPOT", channel: "weather", instId: "BTCUSDT" }] });
    await c.waitFor((m) => isObj(m) && m.code === 30001);
    c.send({ op: "subscribe", args: [{ instType: "SPOT", channel: "ticker", instId: "NOPE" }] });
    await c.waitFor((m) => isObj(m) && m.code === 30016);
    c.send({ op: "subscribe", args: [{ instType: "SPOT", channel: "orders", instId: "default" }] });
    await c.waitFor((m) => isObj(m) && m.code === 30001 && String(m.msg).includes("private"));
    c.send({ op: "login", args: [] });
    await c.waitFor((m) => isObj(m) && m.code === 30002);
    c.close();
  });

  it("refuses a client sending more than 10 messages a second", async () => {
    const c = await WsClient.open(`ws://127.0.0.1:${gw.port}${WS_PATHS.public}`);
    for (let i = 0; i < 15; i++) c.send("ping");
    await c.waitFor((m) => isObj(m) && m.code === 30006);
    expect(c.messages.filter((m) => m === "pong").length).toBeLessThanOrEqual(10);
    c.close();
  });

  it("streams ticker, trades, candles and books5 of the living market", async () => {
    const c = await WsClient.open(`ws://127.0.0.1:${gw.port}${WS_PATHS.public}`);
    c.send({
      op: "subscribe",
      args: [
        { instType: "SPOT", channel: "ticker", instId: "BTCUSDT" },
        { instType: "SPOT", channel: "trade", instId: "BTCUSDT" },
        { instType: "SPOT", channel: "candle1m", instId: "BTCUSDT" },
        { instType: "SPOT", channel: "books5", instId: "ETHUSDT" },
      ],
    });
    const tk = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "ticker" && m.action === "snapshot")) as Msg;
    expect(Number((tk.data![0] as { lastPr: string }).lastPr)).toBeGreaterThan(0);
    const tr = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "trade" && m.action === "update", 5000)) as Msg;
    expect(tr.data![0]).toMatchObject({ side: expect.stringMatching(/^(buy|sell)$/) });
    const cd = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "candle1m" && m.action === "snapshot")) as Msg;
    expect((cd.data as string[][]).length).toBe(100);
    const b5 = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "books5" && m.action === "snapshot")) as Msg;
    const d = b5.data![0] as { asks: string[][]; bids: string[][] };
    expect(d.asks).toHaveLength(5);
    expect(Number(d.bids[0]![0])).toBeLessThan(Number(d.asks[0]![0]));
    c.send({ op: "unsubscribe", args: [{ instType: "SPOT", channel: "trade", instId: "BTCUSDT" }] });
    await c.waitFor((m) => isObj(m) && m.event === "unsubscribe");
    c.close();
  });
});

describe("exchange books and private streams", () => {
  let gw: RunningGateway;
  let maker: Client;
  let taker: Client;
  let makerKey: ReturnType<typeof makeKey>;
  beforeAll(async () => {
    // No simulator: only this test's orders move the book, so exact comparisons are possible.
    gw = await startGateway(tempDataDir(), { EXCHANGE_SIMULATOR: "off", EXCHANGE_RATE_LIMITS: "off", EXCHANGE_WELCOME_USDT: "100000" });
    makerKey = makeKey(gw.dataDir, "maker");
    maker = new Client(gw.base, makerKey, { paptrading: "1" });
    taker = new Client(gw.base, makeKey(gw.dataDir, "taker"), { paptrading: "1" });
  });
  afterAll(async () => {
    await stopGateway(gw);
  });

  it("a client following books by seq rebuilds exactly the gateway's book", async () => {
    const c = await WsClient.open(`ws://127.0.0.1:${gw.port}${WS_PATHS.public}?paptrading=1`);
    const arg = { instType: "SPOT", channel: "books", instId: "ETHUSDT" };
    c.send({ op: "subscribe", args: [arg] });
    const bids = new Map<string, string>();
    const asks = new Map<string, string>();
    let seq = -1;
    let applied = 0;
    const checksum = () => {
      const b = [...bids].sort((x, y) => Number(y[0]) - Number(x[0]));
      const a = [...asks].sort((x, y) => Number(x[0]) - Number(y[0]));
      const parts: string[] = [];
      for (let i = 0; i < 25; i++) {
        if (b[i]) parts.push(b[i]![0], b[i]![1]);
        if (a[i]) parts.push(a[i]![0], a[i]![1]);
      }
      return crc32(parts.join(":")) | 0;
    };
    const apply = (m: Msg) => {
      const d = m.data![0] as { asks: string[][]; bids: string[][]; seq: number; pseq?: number; checksum: number };
      if (m.action === "snapshot") {
        bids.clear();
        asks.clear();
      } else {
        expect(d.pseq).toBe(seq); // no gap
      }
      for (const [side, levels] of [
        [bids, d.bids],
        [asks, d.asks],
      ] as const) {
        for (const [p, s] of levels) {
          if (s === "0") side.delete(p!);
          else side.set(p!, s!);
        }
      }
      seq = d.seq;
      expect(checksum()).toBe(d.checksum);
      applied++;
    };
    let cursor = 0;
    const drain = () => {
      for (; cursor < c.messages.length; cursor++) {
        const m = c.messages[cursor]!;
        if (isObj(m) && m.arg?.channel === "books" && m.action) apply(m);
      }
    };
    await c.waitFor((m) => isObj(m) && m.action === "snapshot");
    drain();
    // a stream of adds, partial fills, full fills and cancels from two users
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const side = i % 2 === 0 ? "buy" : "sell";
      // around 3200, the last candle: the price band (docs/decisions/340) refuses a sell 6 % under it
      const px = side === "buy" ? 3200 - (i % 7) : 3201 + (i % 5);
      const r = await maker.post<{ orderId: string }>(V2.placeOrder, {
        symbol: "ETHUSDT",
        side,
        orderType: "limit",
        force: "gtc",
        price: `${px}.00`,
        size: `0.${(i % 9) + 1}`,
      });
      expect(r.body.code).toBe("00000");
      ids.push(r.body.data.orderId);
      if (i % 6 === 5)
        await taker.post(V2.placeOrder, {
          symbol: "ETHUSDT",
          side: i % 4 === 1 ? "buy" : "sell",
          orderType: "market",
          size: i % 4 === 1 ? "1500" : "0.35",
        });
      if (i % 5 === 4) await maker.post(V2.cancelOrder, { symbol: "ETHUSDT", orderId: ids[i - 2]! });
      if (i % 3 === 0) {
        await new Promise((r) => setTimeout(r, 120));
        drain();
      }
    }
    await new Promise((r) => setTimeout(r, 400));
    drain();
    expect(applied).toBeGreaterThan(3);
    // the gateway's book, full depth, equals the client's
    const ob = (await maker.get<{ asks: string[][]; bids: string[][] }>(`${V2.orderbook}?symbol=ETHUSDT&limit=150`)).body.data;
    expect(ob.bids.length + ob.asks.length).toBeGreaterThan(5);
    expect([...bids].sort((x, y) => Number(y[0]) - Number(x[0]))).toEqual(ob.bids);
    expect([...asks].sort((x, y) => Number(x[0]) - Number(y[0]))).toEqual(ob.asks);
    c.close();
  });

  it("logs in with an API key and pushes the user's orders and balances", async () => {
    const c = await WsClient.open(`ws://127.0.0.1:${gw.port}${WS_PATHS.private}?paptrading=1`);
    c.send({ op: "subscribe", args: [{ instType: "SPOT", channel: "orders", instId: "default" }] });
    await c.waitFor((m) => isObj(m) && m.code === 30004);
    const ts = String(Math.floor(Date.now() / 1000));
    c.send(apiKeyLogin(makerKey, ts, { passphrase: "wrong" }));
    await c.waitFor((m) => isObj(m) && m.code === 30012);
    c.send(apiKeyLogin(makerKey, ts, { sign: "bad" }));
    await c.waitFor((m) => isObj(m) && m.code === 30015);
    c.send(apiKeyLogin(makerKey, ts));
    await c.waitFor((m) => isObj(m) && m.event === "login" && m.code === 0);
    c.send(ordersAndAccount("default", "USDT"));
    await c.waitFor((m) => isObj(m) && m.arg?.channel === "account" && m.action === "snapshot");
    const r = await limitOrder(maker, "20000.00", { clientOid: "ws-1" });
    const upd = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "orders" && m.action === "update")) as Msg;
    expect(upd.data![0]).toMatchObject({ orderId: r.body.data.orderId, clientOid: "ws-1", status: "live", instId: "BTCUSDT" });
    const acc = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "account" && m.action === "update")) as Msg;
    expect(acc.data![0]).toMatchObject({ coin: "USDT" });
    c.send({ op: "subscribe", args: [{ instType: "SPOT", channel: "orders-algo", instId: "BTCUSDT" }] });
    await c.waitFor((m) => isObj(m) && m.arg?.channel === "orders-algo" && m.action === "snapshot");
    const plan = await maker.post<{ orderId: string }>(V2.placePlan, {
      symbol: "BTCUSDT",
      side: "buy",
      triggerPrice: "150000.00",
      orderType: "market",
      size: "50",
    });
    const algo = (await c.waitFor((m) => isObj(m) && m.arg?.channel === "orders-algo" && m.action === "update")) as Msg;
    expect(algo.data![0]).toMatchObject({ orderId: plan.body.data.orderId, status: "live", triggerPrice: "150000.00" });
    c.close();
  });
});
