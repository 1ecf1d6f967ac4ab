import { request } from "node:http";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_PATHS } from "../../protocol/account-paths";
import { PATHS } from "../../protocol/paths";
import { createApiKey, signRequest } from "../../gateway/security/api-keys";
import { registerByEmail, withDb, type GatewayUnderTest } from "../setup/accounts";
import { ProtocolClient } from "../setup/protocol-client";
import { startWeb, tempDataDir, type Started } from "../setup/processes";
import { startEchoUpstream } from "../setup/echo-upstream";

/**
 * The holes of the outside security review (docs/decisions/010, 011, 012), attacked as the
 * review did: through the web server's BFF with the real embedded gateway behind it.
 */
let web: Started;
let gw: GatewayUnderTest;
const data = tempDataDir();
// Registering is captcha-guarded per address after a few, and every call here comes from one: two users serve all.
let alice: Awaited<ReturnType<typeof registerByEmail>> & { email: string };
let mallory: Awaited<ReturnType<typeof registerByEmail>>;
beforeAll(async () => {
  web = await startWeb({ DATA_DIR: data.dir });
  gw = { url: web.url, dataDir: data.dir };
  const email = `alice-${Date.now()}@example.com`;
  alice = { ...(await registerByEmail(gw, email)), email };
  mallory = await registerByEmail(gw, `mallory-${Date.now()}@example.com`);
});
afterAll(async () => {
  await web.stop();
  data.remove();
});

// a bid far under the market, above the price band's floor of a fifth of it (docs/decisions/340)
const ORDER = { symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "gtc", price: "20000", size: "0.001" };

/** A request with the path exactly as written (fetch would resolve dot segments itself). */
function rawPost(path: string, c: ProtocolClient, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: { code: string; msg: string } }>((resolve, reject) => {
    const req = request(
      `${web.url}${path}`,
      { method: "POST", headers: { "content-type": "application/json", cookie: c.cookieHeader(), ...headers } },
      (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const openOrders = async (c: ProtocolClient) =>
  (await c.call("GET", "/api/v2/spot/trade/unfilled-orders?symbol=BTCUSDT")).body.data as unknown[];

describe("1. an API-key header does not switch the session signature off", () => {
  it("refuses a session call that carries an ACCESS-KEY header of any value instead of the device-sign", async () => {
    const { c } = alice;
    for (const value of ["", "bg_0000", " "]) {
      const r = await c.call(
        "POST",
        ACCOUNT_PATHS.subCreate,
        { nickName: `sub${value.length}x` },
        { sign: false, headers: { "access-key": value } },
      );
      expect(r.body.code, `access-key ${JSON.stringify(value)}`).not.toBe("00000");
      expect(r.status).toBe(401);
    }
    const list = await c.call("POST", ACCOUNT_PATHS.subList, { page: 1, size: 20 });
    expect(list.body.code).toBe("00000");
    expect(JSON.stringify(list.body.data)).not.toContain("subx");
  });

  it("judges a valid API-key call by the key alone: the session cookie it carries is not used", async () => {
    const [victim, attacker] = [alice, mallory];
    const key = withDb(gw, (db) =>
      createApiKey(db as never, { userId: attacker.userId, passphrase: "pass-phrase", permissions: ["read"] }),
    );
    const ts = String(Date.now());
    const headers = {
      "access-key": key.apiKey,
      "access-timestamp": ts,
      "access-passphrase": "pass-phrase",
      "access-sign": signRequest(key.secretKey, ts, "POST", ACCOUNT_PATHS.apiKeyList, "{}"),
    };
    const r = await victim.c.call("POST", ACCOUNT_PATHS.apiKeyList, {}, { sign: false, headers });
    expect(r.body.code).toBe("00004");
  });
});

describe("2. one spelling of a path for routing, signing and limits; JSON only; no cross-site writes", () => {
  it("asks for the device-sign however the order path is spelt", async () => {
    const { c } = alice;
    for (const path of [
      "/api/v2/spot/%74rade/place-order",
      "/api/v2/spot//trade/place-order",
      "/api/v2/spot/market/../trade/place-order",
      "/api/v2/spot/./trade/place-order",
    ]) {
      const r = await rawPost(path, c, JSON.stringify(ORDER));
      expect(r.body.code, path).toBe("00020");
    }
    expect(await openOrders(c)).toEqual([]);
  });

  it("refuses encoded separators and double encoding with a clear 400", async () => {
    const { c } = alice;
    for (const path of ["/api/v2/spot%2Ftrade/place-order", "/api/v2/spot/%5Ctrade/place-order", "/api/v2/spot/%2574rade/place-order"]) {
      const r = await rawPost(path, c, JSON.stringify(ORDER));
      expect([r.status, r.body.code], path).toEqual([400, "40017"]);
    }
  });

  it("takes JSON bodies as JSON only: a signed text/plain order is refused with 415", async () => {
    const { c } = alice;
    const r = await c.call("POST", "/api/v2/spot/trade/place-order", ORDER, { headers: { "content-type": "text/plain;charset=UTF-8" } });
    expect([r.status, r.body.code]).toEqual([415, "40000"]);
    expect(await openOrders(c)).toEqual([]);
  });

  it("stops another site's page from writing with the visitor's session, before the gateway", async () => {
    const { c } = alice;
    const foreign: Array<Record<string, string>> = [
      { "sec-fetch-site": "same-site" },
      { "sec-fetch-site": "cross-site" },
      { origin: "https://evil.example" },
    ];
    for (const headers of foreign) {
      const r = await c.call("POST", "/api/v2/spot/trade/place-order", ORDER, { headers });
      expect([r.status, r.body.code]).toEqual([403, "40300"]);
    }
    expect(await openOrders(c)).toEqual([]);
    const own = await c.call("POST", "/api/v2/spot/trade/place-order", ORDER, { headers: { "sec-fetch-site": "same-origin" } });
    expect(own.body.code).toBe("00000");
  });
});

describe("3. a captured login cannot be sent again", () => {
  it("refuses the same sealed login in another base64 spelling", async () => {
    const { email } = alice;
    const c = new ProtocolClient(web.url);
    await c.loadConfig();
    const sealed = c.encrypt({ loginName: email, pwd: "Passw0rd!x" });
    const first = await c.call("POST", ACCOUNT_PATHS.login, { loginName: "", bodyCiphertext: sealed }, { sign: false });
    expect(first.body.code).toBe("00000");
    const variants = sealed.endsWith("=") ? [sealed.replace(/=+$/, ""), flipUnusedBits(sealed)] : [`${sealed}==`, `${sealed}=`];
    for (const spelling of [...variants, sealed]) {
      const again = await new ProtocolClient(web.url).call("POST", ACCOUNT_PATHS.login, { bodyCiphertext: spelling }, { sign: false });
      expect(again.body.code, spelling.slice(-4)).toBe("20011");
    }
  });
});

/** The same bytes, spelt with the unused low bits of the last base64 character set. */
function flipUnusedBits(b64: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const pad = b64.length - b64.replace(/=+$/, "").length;
  const i = b64.length - pad - 1;
  const value = alphabet.indexOf(b64[i]!) | (pad === 2 ? 0b1111 : 0b11);
  return b64.slice(0, i) + alphabet[value] + b64.slice(i + 1);
}

describe("3. login keys rotate; a retired key opens nothing", () => {
  it("hands out a new issuer-signed key on schedule and refuses logins sealed with one past its grace", async () => {
    const dir = tempDataDir();
    const fast = await startWeb({ DATA_DIR: dir.dir, LOGIN_KEY_ROTATE_MS: "2000", LOGIN_KEY_GRACE_MS: "500" });
    try {
      const c = new ProtocolClient(fast.url);
      const first = (await c.loadConfig()).serverPublicKey;
      const sealedWithFirst = c.encrypt({ loginName: "nobody@example.com", pwd: "Passw0rd!x" });
      await expect.poll(async () => (await c.loadConfig()).serverPublicKey, { timeout: 15_000, interval: 200 }).not.toBe(first);
      await new Promise((r) => setTimeout(r, 1500));
      const stale = await c.call("POST", ACCOUNT_PATHS.login, { bodyCiphertext: sealedWithFirst }, { sign: false });
      expect(stale.body).toMatchObject({ code: "20011", data: { reason: "unreadable" } });
      await c.loadConfig();
      const fresh = await c.call(
        "POST",
        ACCOUNT_PATHS.login,
        { bodyCiphertext: c.encrypt({ loginName: "nobody@example.com", pwd: "Passw0rd!x" }) },
        { sign: false },
      );
      expect(fresh.body.code).toBe("20001");
      expect(readdirSync(join(dir.dir, "keys", "login")).length).toBeLessThanOrEqual(2);
    } finally {
      await fast.stop();
      dir.remove();
    }
  });
});

describe("7. whose address it is", () => {
  let echo: Awaited<ReturnType<typeof startEchoUpstream>>;
  let proxied: Started;
  const echoData = tempDataDir();
  beforeAll(async () => {
    echo = await startEchoUpstream();
    proxied = await startWeb({ GATEWAY_URL: echo.url, DATA_DIR: echoData.dir, GATEWAY_PROXY_SECRET: "a-secret-of-the-operator" });
  });
  afterAll(async () => {
    await proxied.stop();
    await echo.close();
    echoData.remove();
  });

  it("page loaders call the gateway with the visitor's address and the proxy secret, never a header the visitor sent", async () => {
    const before = echo.seen.length;
    await fetch(`${proxied.url}/wiki`, { headers: { "x-forwarded-for": "6.6.6.6", "x-proxy-secret": "guess" } });
    const calls = echo.seen.slice(before);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      expect(call.headers["x-forwarded-for"]).toBe("127.0.0.1");
      expect(call.headers["x-proxy-secret"]).toBe("a-secret-of-the-operator");
    }
  });

  it("the BFF names the socket's address and sends the secret; a visitor's own forwarded headers never pass", async () => {
    const before = echo.seen.length;
    await fetch(`${proxied.url}/v1/whoami`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", "x-forwarded-for": "6.6.6.6", "x-proxy-secret": "guess" },
    });
    const seen = echo.seen[before]!;
    expect([seen.headers["x-forwarded-for"], seen.headers["x-proxy-secret"]]).toEqual(["127.0.0.1", "a-secret-of-the-operator"]);
  });

  it("the embedded gateway believes a forwarded address only with the secret", async () => {
    const gatewayUrl = web.logs.map((l) => /"url":"(http:[^"]+)".*embedded gateway started/.exec(l)?.[1]).find(Boolean);
    expect(gatewayUrl).toBeDefined();
    const res = await fetch(`${gatewayUrl}${PATHS.clientCommonConfig}`, { method: "POST", headers: { "x-forwarded-for": "6.6.6.6" } });
    const body = (await res.json()) as { data: { localVo: { ip: string } } };
    expect(body.data.localVo.ip).not.toBe("6.6.6.6");
  });
});

describe("9. proofs and logouts that cannot be reused", () => {
  it("takes a device proof once: the same proof sent again with the password asks for the new-device step", async () => {
    const { c, email, userId } = alice;
    const proofOfFirstKey = c.previousKeys.get(userId)!;
    c.newKey();
    const own = await c.secure(ACCOUNT_PATHS.login, { loginName: email, pwd: "Passw0rd!x" }, { __deviceCheckUser: userId });
    expect(own.body.data.userInfo?.userId).toBe(userId);
    c.remember(userId);
    // Someone who captured that login's headers, and knows the password, sends the proof again.
    const thief = new ProtocolClient(web.url);
    await thief.loadConfig();
    thief.previousKeys.set(userId, proofOfFirstKey);
    const stolen = await thief.secure(ACCOUNT_PATHS.login, { loginName: email, pwd: "Passw0rd!x" }, { __deviceCheckUser: userId });
    expect(stolen.body.code).toBe("00000");
    expect(stolen.body.data.verify?.token).toEqual(expect.any(String));
    expect(stolen.body.data.userInfo).toBeUndefined();
  });

  it("signs /btapi/common/logout like the other logout: unsigned, the session lives on", async () => {
    const { c } = alice;
    const unsigned = await c.call("POST", PATHS.btapiLogout, {}, { sign: false });
    expect([unsigned.status, unsigned.body.code]).toEqual([401, "00020"]);
    expect((await c.call("POST", PATHS.userInfo, {})).body.code).toBe("00000");
    expect((await c.call("POST", PATHS.btapiLogout, {})).body.code).toBe("00000");
    expect((await c.call("POST", PATHS.userInfo, {})).body.code).toBe("00004");
  });
});

describe("6. cheap refusals first, each with a retry time", () => {
  it("limits challenges per address: past the budget a 429 envelope says when to come back", async () => {
    const c = new ProtocolClient(web.url);
    const answers: Array<{ status: number; code: string; retryAfter: string | null; data: unknown }> = [];
    for (let i = 0; i < 25; i++) {
      const r = await c.call("POST", PATHS.captchaId, { scene: "login" });
      answers.push({ status: r.status, code: r.body.code, retryAfter: r.headers.get("retry-after"), data: r.body.data });
    }
    expect(answers.slice(0, 20).every((a) => a.code === "00000")).toBe(true);
    const refused = answers.at(-1)!;
    expect(refused).toMatchObject({ status: 429, code: "42900", data: { retryAfterMs: expect.any(Number) } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
  });

  it("limits logins per address before any decryption: even unreadable ones count", async () => {
    const c = new ProtocolClient(web.url);
    const codes: string[] = [];
    for (let i = 0; i < 25; i++)
      codes.push((await c.call("POST", ACCOUNT_PATHS.login, { bodyCiphertext: "AAAA" }, { sign: false })).body.code);
    expect(codes.slice(0, 10).every((code) => code === "20011")).toBe(true);
    expect(codes.at(-1)).toBe("42900");
  });
});
