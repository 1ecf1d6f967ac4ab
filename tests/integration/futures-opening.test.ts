import { describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget";
import { FUTURES_AGREEMENT_VERSION, FUTURES_OPENING_PATH } from "../../protocol/futures-opening";
import { MIX, MIX_PRIVATE } from "../../protocol/mix";
import { PATHS } from "../../protocol/paths";
import { Client, makeKey } from "../../gateway/exchange/testing/harness";
import { registerByEmail, type GatewayUnderTest } from "../setup/accounts";
import { BTC_FUTURES as BTC, OPENING_BODY } from "../setup/futures";
import type { ProtocolClient } from "../setup/protocol-client";
import { webForSuite } from "../setup/suite";

/**
 * Opening futures through the BFF (docs/decisions/351): `openContract` (user info `oc`) turns true
 * only through the agreement-and-quiz call, and until then every order-placing futures path of a
 * live account is refused with 40301, whichever spelling it is sent in; reads stay open.
 */
const web = webForSuite({ TRUST_PROXY: "loopback", EXCHANGE_RATE_LIMITS: "off" });
const under: GatewayUnderTest = {
  get url() {
    return web.url;
  },
  dataDir: web.dir,
};
let n = 0;
const register = () => registerByEmail(under, `open-${++n}-${Date.now()}@example.com`);
const PAPER = { paptrading: "1" };

/** A resting buy's price: 2% under the mark, inside the price band. */
async function restingPrice(headers: Record<string, string> = {}): Promise<string> {
  const r = await new Client(web.url, undefined, headers).get<Array<{ markPrice: string }>>(
    `${MIX.ticker}?symbol=BTCUSDT&productType=USDT-FUTURES`,
  );
  return (Number(r.body.data[0]!.markPrice) * 0.98).toFixed(1);
}

async function opened(c: ProtocolClient): Promise<[boolean, boolean]> {
  const r = await c.call("POST", PATHS.userInfo, { locale: "en" });
  expect(r.body.code).toBe("00000");
  return [r.body.data.userInfo.openContract, r.body.data.settings.oc];
}

/** Every order-placing futures call, in Bitget's shapes and other spellings (once opened, none is refused with 40301). */
const PLACING: Array<[string, Record<string, unknown>]> = [
  [MIX_PRIVATE.placeOrder, { ...BTC, marginMode: "crossed", side: "buy", orderType: "market", size: "0.01" }],
  [MIX_PRIVATE.placeOrder, { ...BTC, productType: "usdt-futures", marginMode: "crossed", side: "buy", orderType: "market", size: "0.01" }],
  [
    MIX_PRIVATE.placeOrder,
    { ...BTC, symbol: "btcusdt", marginMode: "crossed", side: "buy", orderType: "limit", price: "1000", size: "0.01" },
  ],
  [
    MIX_PRIVATE.batchPlaceOrder,
    { ...BTC, marginMode: "crossed", orderList: [{ side: "buy", orderType: "limit", price: "1000", size: "0.01" }] },
  ],
  [
    MIX_PRIVATE.placePlanOrder,
    { ...BTC, marginMode: "crossed", planType: "normal_plan", side: "buy", orderType: "market", size: "0.01", triggerPrice: "1000" },
  ],
  [MIX_PRIVATE.placeTpslOrder, { ...BTC, planType: "pos_profit", triggerPrice: "900000", holdSide: "long" }],
  [MIX_PRIVATE.placePosTpsl, { ...BTC, holdSide: "long", stopSurplusTriggerPrice: "900000" }],
  [MIX_PRIVATE.modifyOrder, { ...BTC, orderId: "1", newClientOid: "x", newSize: "0.02", newPrice: "1000" }],
  [MIX_PRIVATE.clickBackhand, { ...BTC, side: "buy", size: "0.01" }],
  [MIX_PRIVATE.modifyPlanOrder, { ...BTC, orderId: "1", planType: "normal_plan", newTriggerPrice: "1000" }],
  [MIX_PRIVATE.modifyTpslOrder, { ...BTC, orderId: "1", triggerPrice: "1000", size: "" }],
];

describe("a live account that has not opened futures", () => {
  it("is refused on every order-placing path with 40301, through the web session and an API key, and keeps its reads", async () => {
    const { c, userId } = await register();
    expect(await opened(c)).toEqual([false, false]);
    const moved = await c.call("POST", MIX_PRIVATE.walletTransfer, {
      fromType: "spot",
      toType: "usdt_futures",
      amount: "100",
      coin: "USDT",
    });
    expect(moved.body.code).toBe("00000");
    const key = new Client(web.url, makeKey(web.dir, userId));
    for (const [path, body] of PLACING) {
      const viaWeb = await c.call("POST", path, body);
      expect([viaWeb.status, viaWeb.body.code], `web ${path} ${JSON.stringify(body)}`).toEqual([400, "40301"]);
      const viaKey = await key.post(path, body);
      expect(viaKey.body.code, `key ${path}`).toBe("40301");
    }
    // a demo product type without the demo header is not a way around it either (40099: wrong environment)
    const demoName = await c.call("POST", MIX_PRIVATE.placeOrder, {
      ...BTC,
      productType: "SUSDT-FUTURES",
      marginMode: "crossed",
      side: "buy",
      orderType: "market",
      size: "0.01",
    });
    expect(demoName.body.code).toBe("40099");
    // nothing was placed, and the reads answer
    const pending = await c.call("GET", `${MIX_PRIVATE.ordersPending}?productType=USDT-FUTURES`);
    expect([pending.body.code, pending.body.data.entrustedList ?? []]).toEqual(["00000", []]);
    expect((await c.call("GET", `${MIX_PRIVATE.allPosition}?productType=USDT-FUTURES&marginCoin=USDT`)).body.code).toBe("00000");
    expect((await c.call("GET", `${MIX_PRIVATE.account}?symbol=BTCUSDT&productType=USDT-FUTURES&marginCoin=USDT`)).body.code).toBe("00000");
    expect(await opened(c)).toEqual([false, false]);
  });

  it("trades demo futures without opening (Bitget's demo trading asks for no agreement)", async () => {
    const { c } = await register();
    const t = await c.call(
      "POST",
      MIX_PRIVATE.walletTransfer,
      { fromType: "spot", toType: "usdt_futures", amount: "1000", coin: "USDT" },
      { headers: PAPER },
    );
    expect(t.body.code).toBe("00000");
    const o = await c.call(
      "POST",
      MIX_PRIVATE.placeOrder,
      {
        ...BTC,
        productType: "SUSDT-FUTURES",
        marginMode: "crossed",
        side: "buy",
        orderType: "limit",
        price: await restingPrice(PAPER),
        size: "0.01",
      },
      { headers: PAPER },
    );
    expect(o.body.code).toBe("00000");
    // trading demo futures opens nothing live
    expect(await opened(c)).toEqual([false, false]);
    expect((await c.call("POST", MIX_PRIVATE.placeOrder, PLACING[0]![1])).body.code).toBe("40301");
  });
});

describe("the opening call", () => {
  it("refuses a wrong answer, another agreement, a missing or extra field, and a read-only key; oc stays false", async () => {
    const { c, userId } = await register();
    const wrongs: Array<[unknown, string]> = [
      [{ ...OPENING_BODY, answers: { ...OPENING_BODY.answers, leverage: "a" } }, "40017"],
      [{ ...OPENING_BODY, answers: { ...OPENING_BODY.answers, funding: "" } }, "40017"],
      [{ ...OPENING_BODY, agreement: "2020-01" }, "40017"],
      [{ ...OPENING_BODY, agreement: "" }, "40017"],
      [{ agreement: FUTURES_AGREEMENT_VERSION }, "40019"],
      [{ ...OPENING_BODY, answers: { leverage: OPENING_BODY.answers.leverage } }, "40019"],
      [{ ...OPENING_BODY, answers: { ...OPENING_BODY.answers, extra: "a" } }, "40017"],
      [{ ...OPENING_BODY, openContract: true }, "40017"],
      [{ ...OPENING_BODY, answers: ["b", "c", "a"] }, "40017"],
      [{ ...OPENING_BODY, answers: { ...OPENING_BODY.answers, leverage: "b".repeat(100_000) } }, "40017"],
    ];
    for (const [body, code] of wrongs) {
      const r = await c.call("POST", FUTURES_OPENING_PATH, body);
      expect([r.status < 500, r.body.code], JSON.stringify(body).slice(0, 120)).toEqual([true, code]);
    }
    const readOnly = await new Client(web.url, makeKey(web.dir, userId, ["read"])).post(FUTURES_OPENING_PATH, OPENING_BODY);
    expect(readOnly.body.code).not.toBe("00000");
    // user info takes no say in it
    await c.call("POST", PATHS.userInfo, { locale: "en", openContract: true, oc: true });
    expect(await opened(c)).toEqual([false, false]);
    // without a session there is no one to open
    const guest = await fetch(`${web.url}${FUTURES_OPENING_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(OPENING_BODY),
    });
    expect(((await guest.json()) as { code: string }).code).toBe("40001");
  });

  it("opens futures once for this account only: oc turns true and live orders go through", async () => {
    const { c } = await register();
    const { c: other } = await register();
    const r = await c.call("POST", FUTURES_OPENING_PATH, OPENING_BODY);
    expect(r.body.code).toBe("00000");
    expect(r.body.data.openContract).toBe(true);
    expect(await opened(c)).toEqual([true, true]);
    expect(await opened(other)).toEqual([false, false]);
    // a replay answers the first opening
    const again = await c.call("POST", FUTURES_OPENING_PATH, OPENING_BODY);
    expect([again.body.code, again.body.data.openedAt]).toEqual(["00000", r.body.data.openedAt]);

    expect(
      (await c.call("POST", MIX_PRIVATE.walletTransfer, { fromType: "spot", toType: "usdt_futures", amount: "1000", coin: "USDT" })).body
        .code,
    ).toBe("00000");
    const price = await restingPrice();
    const placed = await c.call("POST", MIX_PRIVATE.placeOrder, {
      ...BTC,
      marginMode: "crossed",
      side: "buy",
      orderType: "limit",
      price,
      size: "0.01",
    });
    expect(placed.body.code).toBe("00000");
    const batch = await c.call("POST", MIX_PRIVATE.batchPlaceOrder, {
      ...BTC,
      marginMode: "crossed",
      orderList: [{ side: "buy", orderType: "limit", price, size: "0.01" }],
    });
    expect([batch.body.code, batch.body.data.successList.length]).toEqual(["00000", 1]);
    expect((await other.call("POST", MIX_PRIVATE.placeOrder, PLACING[0]![1])).body.code).toBe("40301");
    // every path that refused before answers on its own merits now
    for (const [path, body] of PLACING) expect((await c.call("POST", path, body)).body.code, path).not.toBe("40301");
    expect((await c.call("GET", `${V2.assets}?coin=USDT`)).body.code).toBe("00000");
  });
});

describe("sub-accounts", () => {
  it("open their own futures: the main account's opening is not theirs, and theirs is not the main's", async () => {
    const { c, userId: mainId } = await register();
    expect((await c.call("POST", FUTURES_OPENING_PATH, OPENING_BODY)).body.code).toBe("00000");
    const sub = await c.call("POST", "/v1/user/sub/create", { nickName: "desk" });
    expect(sub.body.code).toBe("00000");
    const subId = sub.body.data.userId as string;
    // the sub-account's own key, and its web view after switching into it
    expect((await new Client(web.url, makeKey(web.dir, subId)).post(MIX_PRIVATE.placeOrder, PLACING[0]![1])).body.code).toBe("40301");
    expect((await c.secure("/v1/user/sub/switchWeb", { userId: subId })).body.code).toBe("00000");
    expect(await opened(c)).toEqual([false, false]);
    expect((await c.call("POST", MIX_PRIVATE.placeOrder, PLACING[0]![1])).body.code).toBe("40301");
    expect((await c.call("POST", FUTURES_OPENING_PATH, OPENING_BODY)).body.code).toBe("00000");
    expect(await opened(c)).toEqual([true, true]);
    expect((await c.secure("/v1/user/sub/switchWeb", { userId: mainId })).body.code).toBe("00000");
    expect(await opened(c)).toEqual([true, true]);
  });
});
