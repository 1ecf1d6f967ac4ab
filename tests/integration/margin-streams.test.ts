/**
 * The private margin channels through the BFF's WebSocket pipe (docs/decisions/320): after an
 * API-key login, `orders-crossed`/`orders-isolated` and `account-crossed`/`account-isolated` under
 * `instType: "MARGIN"` give a snapshot, then updates from committed orders, transfers and loans;
 * another user's stream sees none of it, and MARGIN has no public channels.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { WS_PATHS } from "../../protocol/bitget.ts";
import { MARGIN_CROSSED as C, MARGIN_ISOLATED as I } from "../../protocol/margin.ts";
import { MIX_PRIVATE } from "../../protocol/mix.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import type { NewApiKey } from "../../gateway/security/api-keys.ts";
import { apiKeyLogin } from "../setup/exchange.ts";
import { webForSuite } from "../setup/suite.ts";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";

const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off", EXCHANGE_SIMULATOR: "off" });
let aliceKey: NewApiKey;
let bobKey: NewApiKey;
let alice: Client;

beforeAll(() => {
  aliceKey = makeKey(web.dir, "ms-alice");
  bobKey = makeKey(web.dir, "ms-bob");
  alice = new Client(web.url, aliceKey);
});

async function loggedIn(key: NewApiKey): Promise<WsClient> {
  const ws = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.private}`);
  ws.send(apiKeyLogin(key, String(Math.floor(Date.now() / 1000))));
  await ws.waitFor((m) => isObj(m) && m.event === "login");
  return ws;
}

const on = (channel: string, action?: string) => (m: Msg | string) =>
  isObj(m) && m.arg?.instType === "MARGIN" && m.arg.channel === channel && (!action || m.action === action);

describe("private margin channels", () => {
  it("pushes the crossed and isolated accounts and orders to their owner only", async () => {
    const ws = await loggedIn(aliceKey);
    const other = await loggedIn(bobKey);
    const args = [
      { instType: "MARGIN", channel: "account-crossed", coin: "default" },
      { instType: "MARGIN", channel: "orders-crossed", instId: "default" },
      { instType: "MARGIN", channel: "account-isolated", instId: "default" },
      { instType: "MARGIN", channel: "orders-isolated", instId: "BTCUSDT" },
    ];
    ws.send({ op: "subscribe", args });
    other.send({ op: "subscribe", args });
    await ws.waitFor(on("orders-isolated", "snapshot"));
    expect(((await ws.waitFor(on("account-crossed", "snapshot"))) as Msg).data).toEqual([
      expect.objectContaining({ coin: "USDT", available: "0.00000000", riskRateRatio: "0" }),
    ]);

    expect(
      (await alice.post(MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "crossed_margin", amount: "300", coin: "USDT" })).body.code,
    ).toBe("00000");
    const moved = (await ws.waitFor(
      (m) => on("account-crossed", "update")(m) && JSON.stringify(m).includes('"available":"300.00000000"'),
    )) as Msg;
    expect(moved.data?.[0]).toMatchObject({ coin: "USDT", totalAmount: "300.00000000" });
    expect((await alice.post(C.borrow, { coin: "USDT", borrowAmount: "100" })).body.code).toBe("00000");
    const borrowed = (await ws.waitFor(
      (m) => on("account-crossed", "update")(m) && JSON.stringify(m).includes('"borrow":"100.00000000"'),
    )) as Msg;
    expect(Number((borrowed.data?.[0] as Record<string, string>).riskRateRatio)).toBeGreaterThan(3.9);

    const placed = await alice.post<{ orderId: string }>(C.placeOrder, {
      symbol: "BTCUSDT",
      orderType: "limit",
      price: "30000",
      loanType: "autoLoan",
      force: "gtc",
      baseSize: "0.001",
      side: "buy",
    });
    expect(placed.body.code, placed.body.msg).toBe("00000");
    const o = (await ws.waitFor((m) => on("orders-crossed", "update")(m) && JSON.stringify(m).includes(placed.body.data.orderId))) as Msg;
    expect(o.data?.[0]).toMatchObject({ instId: "BTCUSDT", orderId: placed.body.data.orderId, loanType: "autoLoan", status: "live" });

    expect(
      (
        await alice.post(MIX_PRIVATE.walletTransfer, {
          fromType: "spot",
          toType: "isolated_margin",
          amount: "50",
          coin: "USDT",
          symbol: "BTCUSDT",
        })
      ).body.code,
    ).toBe("00000");
    const iso = (await ws.waitFor((m) => on("account-isolated", "update")(m) && JSON.stringify(m).includes('"symbol":"BTCUSDT"'))) as Msg;
    expect(iso.data?.[0]).toMatchObject({ symbol: "BTCUSDT", coin: "USDT" });
    expect(
      (
        await alice.post(I.placeOrder, {
          symbol: "BTCUSDT",
          orderType: "limit",
          price: "30000",
          loanType: "normal",
          baseSize: "0.001",
          side: "buy",
        })
      ).body.code,
    ).toBe("00000");
    await ws.waitFor(on("orders-isolated", "update"));

    // bob saw only his own (empty) snapshots
    await new Promise((r) => setTimeout(r, 500));
    expect(other.messages.filter((m) => isObj(m) && m.action === "update")).toEqual([]);
    ws.close();
    other.close();
  });

  it("refuses MARGIN public channels and a private channel before login", async () => {
    const pub = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.public}`);
    pub.send({ op: "subscribe", args: [{ instType: "MARGIN", channel: "books", instId: "BTCUSDT" }] });
    const err = (await pub.waitFor((m) => isObj(m) && m.event === "error")) as Msg;
    expect(err.code).toBeDefined();
    pub.close();
    const guest = await WsClient.open(`ws://127.0.0.1:${web.port}${WS_PATHS.private}`);
    guest.send({ op: "subscribe", args: [{ instType: "MARGIN", channel: "orders-crossed", instId: "default" }] });
    expect(((await guest.waitFor((m) => isObj(m) && m.event === "error")) as Msg).code).toBeDefined();
    guest.close();
  });
});
