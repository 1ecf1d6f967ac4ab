/**
 * USDT-M futures on the private stream through the BFF (docs/decisions/314): `orders`, `positions`,
 * `account` and `fill` under `instType: "USDT-FUTURES"`, with the spot channels' login, snapshot
 * and per-user rules; another user's socket sees none of it, and odd requests get error events.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { V2, WS_PATHS } from "../../protocol/bitget.ts";
import { MIX, MIX_PRIVATE } from "../../protocol/mix.ts";
import { openFutures } from "../setup/futures.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import type { NewApiKey } from "../../gateway/security/api-keys.ts";
import { apiKeyLogin } from "../setup/exchange.ts";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";
import { webForSuite } from "../setup/suite.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off" });
const BTC = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" };
const FUT = "USDT-FUTURES";
const CHANNELS = [
  { instType: FUT, channel: "orders", instId: "default" },
  { instType: FUT, channel: "positions", instId: "default" },
  { instType: FUT, channel: "account", coin: "default" },
  { instType: FUT, channel: "fill", instId: "default" },
];
let aliceKey: NewApiKey;
let bobKey: NewApiKey;
let alice: Client;
let bob: Client;

beforeAll(async () => {
  aliceKey = makeKey(web.dir, "fps-alice");
  bobKey = makeKey(web.dir, "fps-bob");
  alice = new Client(web.url, aliceKey);
  bob = new Client(web.url, bobKey);
  for (const c of [alice, bob]) await openFutures(c);
  for (const c of [alice, bob]) {
    expect((await c.get(V2.assets)).body.code).toBe("00000");
    const t = await c.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "1000", coin: "USDT" });
    expect(t.body.code).toBe("00000");
  }
});

async function loggedIn(key: NewApiKey): Promise<WsClient> {
  const ws = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.private}`);
  ws.send(apiKeyLogin(key, String(Math.floor(Date.now() / 1000))));
  await ws.waitFor((m) => isObj(m) && m.event === "login" && m.code === 0);
  return ws;
}

const update = (channel: string, pred: (d: Record<string, string>) => boolean) => (m: Msg | string) =>
  isObj(m) &&
  m.arg?.channel === channel &&
  m.arg?.instType === FUT &&
  m.action === "update" &&
  (m.data ?? []).some((d) => pred(d as never));

describe("futures private stream", () => {
  it("snapshots on subscribe, then pushes the user's orders, fills, positions and account, and nothing to another user", async () => {
    const a = await loggedIn(aliceKey);
    const b = await loggedIn(bobKey);
    a.send({ op: "subscribe", args: CHANNELS });
    b.send({ op: "subscribe", args: CHANNELS });
    const snap = (await a.waitFor((m) => isObj(m) && m.arg?.channel === "account" && m.action === "snapshot")) as Msg;
    expect(snap.arg).toMatchObject({ instType: FUT, coin: "default" });
    expect(snap.data![0]).toMatchObject({ marginCoin: "USDT", available: expect.any(String), accountEquity: expect.any(String) });
    await a.waitFor((m) => isObj(m) && m.arg?.channel === "positions" && m.action === "snapshot");
    await a.waitFor((m) => isObj(m) && m.arg?.channel === "orders" && m.action === "snapshot");
    await b.waitFor((m) => isObj(m) && m.arg?.channel === "account" && m.action === "snapshot");

    // a resting limit order, then its cancel
    const t = await alice.get<Array<Record<string, string>>>(`${MIX.ticker}?symbol=BTCUSDT&productType=USDT-FUTURES`);
    const bid = (Number(t.body.data[0]!.markPrice) * 0.9).toFixed(1);
    const placed = await alice.post<{ orderId: string }>(MIX_PRIVATE.placeOrder, {
      ...BTC,
      marginMode: "crossed",
      size: "0.002",
      side: "buy",
      orderType: "limit",
      price: bid,
      force: "gtc",
      clientOid: "fps-limit-1",
    });
    expect(placed.body.code).toBe("00000");
    const id = placed.body.data.orderId;
    const live = (await a.waitFor(update("orders", (d) => d.orderId === id && d.status === "live"))) as Msg;
    expect(live.data![0]).toMatchObject({
      instId: "BTCUSDT",
      clientOid: "fps-limit-1",
      side: "buy",
      tradeSide: "open",
      orderType: "limit",
    });
    await a.waitFor(update("account", (d) => Number(d.locked) > 0));
    expect((await alice.post(MIX_PRIVATE.cancelOrder, { ...BTC, orderId: id })).body.code).toBe("00000");
    await a.waitFor(update("orders", (d) => d.orderId === id && d.status === "cancelled"));

    // a market order fills: fill, position and account follow
    const mkt = await alice.post<{ orderId: string }>(MIX_PRIVATE.placeOrder, {
      ...BTC,
      marginMode: "crossed",
      size: "0.002",
      side: "buy",
      orderType: "market",
      clientOid: "fps-mkt-1",
    });
    expect(mkt.body.code).toBe("00000");
    const mid = mkt.body.data.orderId;
    await a.waitFor(update("orders", (d) => d.orderId === mid && d.status === "filled"));
    const fill = (await a.waitFor(update("fill", (d) => d.orderId === mid))) as Msg;
    expect(fill.data![0]).toMatchObject({ symbol: "BTCUSDT", side: "buy", tradeSide: "open", tradeId: expect.any(String) });
    // positions go out whole, as Bitget's channel does, so a closed position simply drops out
    const pos = (await a.waitFor(
      (m) =>
        isObj(m) &&
        m.arg?.channel === "positions" &&
        m.action === "snapshot" &&
        (m.data ?? []).some((d) => (d as Record<string, string>).holdSide === "long"),
    )) as Msg;
    const p = pos.data!.find((d) => (d as Record<string, string>).holdSide === "long") as Record<string, string>;
    expect(p).toMatchObject({ marginCoin: "USDT", marginMode: "crossed", marginRatio: expect.any(String) });
    expect(Number(p.total)).toBe(0.002);
    expect(Number(p.markPrice)).toBeGreaterThan(0);
    await a.waitFor(update("account", (d) => Number(d.crossedMargin) > 0));

    // bob's socket saw his own snapshots and not one of alice's updates
    const leaked = b.messages.filter((m) => isObj(m) && m.action === "update" && JSON.stringify(m).includes(mid));
    expect(leaked).toEqual([]);
    expect(b.messages.some((m) => isObj(m) && m.action === "update" && m.arg?.instType === FUT)).toBe(false);

    // a new subscriber gets the open position in its snapshot
    const again = await loggedIn(aliceKey);
    again.send({ op: "subscribe", args: [{ instType: "usdt-futures", channel: "positions", instId: "BTCUSDT" }] });
    const ps = (await again.waitFor((m) => isObj(m) && m.arg?.channel === "positions" && m.action === "snapshot")) as Msg;
    expect(ps.arg).toMatchObject({ instType: FUT, instId: "BTCUSDT" });
    expect(ps.data).toEqual([expect.objectContaining({ instId: "BTCUSDT", holdSide: "long", total: p.total })]);
    for (const c of [a, b, again]) c.close();
  });

  it("answers odd channels, product types and contracts with error events, and keeps the socket", async () => {
    const pub = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.public}`);
    pub.send({ op: "subscribe", args: [{ instType: FUT, channel: "positions", instId: "default" }] });
    await pub.waitFor((m) => isObj(m) && m.code === 30001);
    pub.close();

    const guest = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.private}`);
    guest.send({ op: "subscribe", args: [{ instType: FUT, channel: "fill", instId: "default" }] });
    await guest.waitFor((m) => isObj(m) && m.code === 30004);
    guest.close();

    const ws = await loggedIn(aliceKey);
    const bad = [
      { instType: FUT, channel: "nope", instId: "default" },
      // (COIN-FUTURES is served, empty: docs/decisions/319) but no instId of it exists
      { instType: "COIN-FUTURES", channel: "positions", instId: "BTCUSD" },
      { instType: "USDT_FUTURES", channel: "orders", instId: "default" },
      { instType: "SPOT", channel: "positions", instId: "default" },
      { instType: FUT, channel: "orders", instId: "NOPEUSDT" },
      { instType: FUT, channel: "positions", instId: 42 },
      { instType: FUT, channel: "account", coin: "BTC" },
      { instType: FUT, channel: "orders-algo", instId: "NOPEUSDT" },
      { instType: FUT },
    ];
    ws.send({ op: "subscribe", args: bad });
    await ws.waitFor(() => ws.messages.filter((m) => isObj(m) && m.event === "error").length >= bad.length);
    const errors = ws.messages.filter((m) => isObj(m) && m.event === "error") as Msg[];
    expect(errors.every((e) => e.code === 30001 || e.code === 30016)).toBe(true);
    expect(ws.messages.some((m) => isObj(m) && m.event === "subscribe")).toBe(false);
    // the socket still serves a good request
    ws.send({ op: "subscribe", args: [{ instType: FUT, channel: "account", coin: "USDT" }] });
    await ws.waitFor((m) => isObj(m) && m.arg?.channel === "account" && m.action === "snapshot");
    ws.close();
  });

  it("follows the demo account on a paptrading=1 connection", async () => {
    expect((await new Client(web.url, aliceKey, { paptrading: "1" }).get(V2.assets)).body.code).toBe("00000");
    const ws = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.private}?paptrading=1`);
    ws.send(apiKeyLogin(aliceKey, String(Math.floor(Date.now() / 1000))));
    await ws.waitFor((m) => isObj(m) && m.event === "login" && m.code === 0);
    ws.send({ op: "subscribe", args: [{ instType: FUT, channel: "positions", instId: "default" }] });
    const ps = (await ws.waitFor((m) => isObj(m) && m.arg?.channel === "positions" && m.action === "snapshot")) as Msg;
    // the live long is not the demo account's
    expect(ps.data).toEqual([]);
    ws.close();
  });
});
