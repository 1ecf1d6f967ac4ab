import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { V2, WS_PATHS } from "../../protocol/bitget.ts";
import { gatewayForSuite } from "../setup/suite";
import { ProtocolClient } from "../setup/protocol-client";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";

/** The private stream for a logged-in browser: cookie on the upgrade, device-sign in a login message (decision 700). */
const gw = gatewayForSuite({ EXCHANGE_RATE_LIMITS: "off" });

function lastCode(to: string): string {
  const dir = join(gw.dir, "outbox");
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith(".json"))
    .sort()
    .reverse()) {
    const m = JSON.parse(readFileSync(join(dir, f), "utf8")) as { to: string; code: string };
    if (m.to === to) return m.code;
  }
  throw new Error(`no message to ${to}`);
}

async function registered(email: string): Promise<ProtocolClient> {
  const c = new ProtocolClient(gw.url);
  await c.loadConfig();
  await c.call("POST", "/v1/user/public/send-code", { scene: "register", channel: "email", email });
  const r = await c.secure("/v1/user/register/email", { email, pwd: "Passw0rd!x", rePwd: "Passw0rd!x", verifyCode: lastCode(email) });
  expect(r.body.code).toBe("00000");
  return c;
}

/** The login message a browser builds: the headers it would send on `GET /v2/ws/private`. */
function loginArgs(c: ProtocolClient, opts: { mode?: number; tm?: string } = {}): Record<string, string> {
  const tm = opts.tm ?? String(Date.now());
  const uhti = randomUUID().replace(/-/g, "");
  return { tm, uhti, ...c.signatureHeaders(opts.mode ?? 1, WS_PATHS.private, tm, uhti, "") };
}

const wsUrl = (paper = false) => `${gw.url.replace("http", "ws")}${WS_PATHS.private}${paper ? "?paptrading=1" : ""}`;
const orders = { instType: "SPOT", channel: "orders", instId: "BTCUSDT" };
const account = { instType: "SPOT", channel: "account", coin: "default" };

describe("private stream for a web session", () => {
  it("publishes the private stream's path as signed with mode 1", async () => {
    const c = new ProtocolClient(gw.url);
    expect((await c.loadConfig()).exactUrls[WS_PATHS.private]).toBe(1);
  });

  it("does not log in on the cookie alone, nor without a session, nor with a bad or stale signature", async () => {
    const user = await registered("ws-refused@example.com");
    const ws = await WsClient.open(wsUrl(), { cookie: user.cookieHeader() });
    ws.send({ op: "subscribe", args: [orders] });
    await ws.waitFor((m) => isObj(m) && m.code === 30004);

    const guest = await WsClient.open(wsUrl());
    guest.send({ op: "login", args: [loginArgs(user)] });
    await guest.waitFor((m) => isObj(m) && m.code === 30005);
    guest.close();

    const bad = loginArgs(user);
    ws.send({ op: "login", args: [{ ...bad, "device-sign": bad["device-sign"]!.replace(/^./, (ch) => (ch === "A" ? "B" : "A")) }] });
    await ws.waitFor((m) => isObj(m) && m.code === 30015 && String(m.msg).includes("00023"));
    ws.send({ op: "login", args: [loginArgs(user, { mode: 2 })] });
    await ws.waitFor((m) => isObj(m) && m.code === 30015 && String(m.msg).includes("00021"));
    ws.send({ op: "login", args: [loginArgs(user, { tm: String(Date.now() - 3_600_000) })] });
    await ws.waitFor((m) => isObj(m) && m.code === 30014);
    ws.send({ op: "login", args: [{ tm: "1" }] });
    await ws.waitFor((m) => isObj(m) && m.code === 30016);
    expect(ws.messages.some((m) => isObj(m) && m.event === "login")).toBe(false);
    ws.close();
  });

  it("logs in with the session's key, pushes its orders and balances, and refuses the same login twice", async () => {
    const user = await registered("ws-ok@example.com");
    // The page reads its balances once (which funds a new account) before it follows them.
    expect((await user.call("GET", V2.assets)).body.code).toBe("00000");
    const args = loginArgs(user);
    const ws = await WsClient.open(wsUrl(), { cookie: user.cookieHeader() });
    ws.send({ op: "login", args: [args] });
    await ws.waitFor((m) => isObj(m) && m.event === "login" && m.code === 0);
    ws.send({ op: "subscribe", args: [orders, account] });
    const snap = (await ws.waitFor((m) => isObj(m) && m.arg?.channel === "account" && m.action === "snapshot")) as Msg;
    expect(snap.data).toEqual([expect.objectContaining({ coin: "USDT", available: "10000.00000000" })]);
    const placed = await user.call("POST", V2.placeOrder, {
      symbol: "BTCUSDT",
      side: "buy",
      orderType: "limit",
      force: "gtc",
      // a bid far under the market (the price band's floor is a fifth of it, docs/decisions/340)
      price: "20000.00",
      size: "0.001",
      clientOid: "ws-web-1",
    });
    expect(placed.body.code).toBe("00000");
    const upd = (await ws.waitFor((m) => isObj(m) && m.arg?.channel === "orders" && m.action === "update")) as Msg;
    expect(upd.data![0]).toMatchObject({ clientOid: "ws-web-1", status: "live", instId: "BTCUSDT" });

    const again = await WsClient.open(wsUrl(), { cookie: user.cookieHeader() });
    again.send({ op: "login", args: [args] });
    await again.waitFor((m) => isObj(m) && m.code === 30015 && String(m.msg).includes("replayed"));
    again.close();
    ws.close();
  });

  it("follows the simulation account on a paptrading=1 connection", async () => {
    const user = await registered("ws-paper@example.com");
    expect((await user.call("GET", V2.assets, undefined, { headers: { paptrading: "1" } })).body.code).toBe("00000");
    const ws = await WsClient.open(wsUrl(true), { cookie: user.cookieHeader() });
    ws.send({ op: "login", args: [loginArgs(user)] });
    await ws.waitFor((m) => isObj(m) && m.event === "login");
    ws.send({ op: "subscribe", args: [account] });
    const snap = (await ws.waitFor((m) => isObj(m) && m.arg?.channel === "account" && m.action === "snapshot")) as Msg;
    const coins = Object.fromEntries((snap.data as Array<{ coin: string; available: string }>).map((b) => [b.coin, b.available]));
    expect(coins).toEqual({ USDT: "50000.00000000", BTC: "1.00000000", ETH: "10.00000000" });
    ws.close();
  });
});
