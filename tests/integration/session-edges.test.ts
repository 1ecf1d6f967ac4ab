import { describe, expect, it } from "vitest";
import { ACCOUNT_PATHS } from "../../protocol/account-paths";
import { V2 } from "../../protocol/bitget";
import { PATHS } from "../../protocol/paths";
import { signModeFor } from "../../protocol/signing";
import { registerByEmail, withDb, type GatewayUnderTest } from "../setup/accounts";
import type { ProtocolClient } from "../setup/protocol-client";
import { webForSuite } from "../setup/suite";

/**
 * The edges of a web session, through the BFF with its embedded gateway as the browser calls it:
 * what logging out ends, how /api/v2/ answers a caller with no or a dead session, and what the
 * sign config signs (docs/decisions/005, 006).
 */
const web = webForSuite({ TRUST_PROXY: "loopback" });
const under: GatewayUnderTest = {
  get url() {
    return web.url;
  },
  dataDir: web.dir,
};

let n = 0;
const register = () => registerByEmail(under, `edge-${++n}-${Date.now()}@example.com`);
/** The session cookies a client holds now, to send again after it let them go. */
const keepCookies = (c: ProtocolClient) => new Map(c.cookies);
const putBack = (c: ProtocolClient, jar: Map<string, string>) => {
  c.cookies.clear();
  for (const [k, v] of jar) c.cookies.set(k, v);
};
const PAPER = { paptrading: "1" };

describe("/api/v2/ private routes and the caller they cannot find", () => {
  it("answer no ACCESS-* headers and no cookie with Bitget's 40001", async () => {
    const { c } = await register();
    c.cookies.clear();
    const read = await c.call("GET", `${V2.assets}?coin=USDT`);
    expect([read.status, read.body.code]).toEqual([401, "40001"]);
    const write = await c.call("POST", V2.placeOrder, { symbol: "BTCUSDT", side: "buy", orderType: "market", size: "1" });
    expect([write.status, write.body.code]).toEqual([401, "40001"]);
  });

  it("answer a web session that ended with the session-end code, as every other private call does", async () => {
    const { c } = await register();
    const jar = keepCookies(c);
    expect((await c.call("POST", PATHS.logout, {})).body.code).toBe("00000");
    putBack(c, jar);
    const ended = await c.call("GET", `${V2.assets}?coin=USDT`);
    expect([ended.status, ended.body.code]).toEqual([200, "00004"]);
    const order = await c.call("POST", V2.placeOrder, { symbol: "BTCUSDT", side: "buy", orderType: "market", size: "1" });
    expect(order.body.code).toBe("00004");
  });

  it("answer a frozen account's session with 20205, and an API-key call beside a dead cookie still by its key", async () => {
    const { c, userId } = await register();
    withDb(under, (db) => db.prepare("UPDATE users SET frozen = 1 WHERE id = ?").run(userId));
    expect((await c.call("GET", `${V2.assets}?coin=USDT`)).body.code).toBe("20205");
    const keyed = await c.call("GET", `${V2.assets}?coin=USDT`, undefined, { headers: { "access-key": "bg_0000" } });
    expect(keyed.status).toBe(401);
    expect(keyed.body.code).toMatch(/^400\d\d$/);
  });

  it("an idle-expired session answers 00004, and after a refresh the same page's signed reads work again", async () => {
    const { c } = await register();
    withDb(under, (db) => db.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?").run(Date.now() - 1000, c.cookies.get("bt_sid")));
    expect((await c.call("GET", `${V2.assets}?coin=USDT`)).body.code).toBe("00004");
    expect((await c.call("POST", ACCOUNT_PATHS.refresh, {})).body.code).toBe("00000");
    expect((await c.call("GET", `${V2.assets}?coin=USDT`)).body.code).toBe("00000");
  });
});

describe("logging out ends the server session", () => {
  it("a logout the browser cannot sign, then clearCookie, leaves the old session and refresh token dead", async () => {
    const { c } = await register();
    const jar = keepCookies(c);
    // A page whose key is gone (a 00023 logout) cannot sign: the logout is refused as unsigned…
    const unsigned = await c.call("POST", PATHS.logout, {}, { sign: false });
    expect([unsigned.status, unsigned.body.code]).toEqual([401, "00020"]);
    // …and the clearCookie that follows it ends the session it drops.
    expect((await c.call("POST", PATHS.clearCookie, {})).body.code).toBe("00000");
    expect(c.cookies.has("bt_session")).toBe(false);
    putBack(c, jar);
    expect((await c.call("POST", PATHS.userInfo, {})).body.code).toBe("00004");
    expect((await c.call("GET", `${V2.assets}?coin=USDT`)).body.code).toBe("00004");
    expect((await c.call("POST", ACCOUNT_PATHS.refresh, {})).body.code).toBe("00004");
  });

  it("a signed logout leaves the old cookie and refresh token dead too", async () => {
    const { c } = await register();
    const jar = keepCookies(c);
    expect((await c.call("POST", PATHS.logout, {})).body.code).toBe("00000");
    putBack(c, jar);
    expect((await c.call("POST", PATHS.userInfo, {})).body.code).toBe("00004");
    expect((await c.call("POST", ACCOUNT_PATHS.refresh, {})).body.code).toBe("00004");
  });

  it("clearCookie without a session, or with another's session id only, ends nothing", async () => {
    const { c } = await register();
    const { c: other } = await register();
    other.cookies.set("bt_sid", c.cookies.get("bt_sid")!);
    other.cookies.delete("bt_session");
    expect((await other.call("POST", PATHS.clearCookie, {})).body.code).toBe("00000");
    expect((await c.call("POST", PATHS.userInfo, {})).body.code).toBe("00000");
  });
});

/** Every state-changing call of the exchange: its body is signed (mode 2). */
const V2_POSTS = [
  V2.placeOrder,
  V2.batchOrders,
  V2.cancelOrder,
  V2.batchCancel,
  V2.cancelSymbol,
  V2.placePlan,
  V2.modifyPlan,
  V2.cancelPlan,
  V2.subaccountTransfer,
  V2.paperReset,
];
/** Public market data: never signed, whoever calls. */
const PUBLIC_READS = [
  V2.time,
  V2.symbols,
  V2.coins,
  V2.tickers,
  V2.orderbook,
  V2.candles,
  V2.marginCurrencies,
  "/api/v2/mix/market/tickers",
];

describe("the sign config", () => {
  it("signs the body of every state-changing /api/v2/ call and no public market data", async () => {
    const { c } = await register();
    for (const path of V2_POSTS) expect(signModeFor(c.config, path), path).toBe(2);
    for (const path of PUBLIC_READS) expect(signModeFor(c.config, path), path).toBeUndefined();
    // The private families of margin and futures are signed like spot's.
    for (const path of ["/api/v2/margin/crossed/account/assets", "/api/v2/margin/isolated/place-order", "/api/v2/mix/order/place-order"]) {
      expect(signModeFor(c.config, path), path).toBe(2);
    }
  });

  it("refuses a paper-reset whose body was changed after signing", async () => {
    const { c } = await register();
    const tampered = await c.call("POST", V2.paperReset, {}, { headers: PAPER, tamper: () => JSON.stringify({ coin: "BTC" }) });
    expect([tampered.status, tampered.body.code, tampered.headers.get("gw-sign-error")]).toEqual([401, "00023", "md5"]);
    expect((await c.call("POST", V2.paperReset, {}, { headers: PAPER })).body.code).toBe("00000");
  });

  it("lets a logged-in page read public margin currencies without a signature", async () => {
    const { c } = await register();
    const r = await c.call("GET", V2.marginCurrencies, undefined, { sign: false });
    expect([r.status, r.body.code]).toEqual([200, "00000"]);
  });
});
