/**
 * Withdrawal keys and one authentication (docs/decisions/342), through the gateway alone and
 * through the BFF: granting `withdraw` to a key needs an IP allow-list and what a web withdrawal
 * needs (Google Authenticator bound and its code); an API withdrawal is refused whenever the
 * account could not withdraw on the web; an older key with `withdraw` and no list keeps the rest;
 * and the private stream's `login` with a key applies what every HTTP call with it applies (the
 * IP list with the address settled as the front door settles it, held keys, frozen accounts).
 */
import { describe, expect, it } from "vitest";
import { V2 } from "../../protocol/bitget.ts";
import { WALLET_PATHS } from "../../protocol/wallet.ts";
import { totpAt } from "../../gateway/accounts/totp.ts";
import { Client, makeKey } from "../../gateway/exchange/testing/harness.ts";
import type { NewApiKey } from "../../gateway/security/api-keys.ts";
import { codeOf, registerByEmail, withDb, type GatewayUnderTest } from "../setup/accounts.ts";
import { apiKeyLogin } from "../setup/exchange.ts";
import { gatewayForSuite, webForSuite, type SuiteServer } from "../setup/suite.ts";
import { isObj, WsClient, type Msg } from "../setup/ws-client.ts";

const TRON_TO = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const WITHDRAW = { coin: "USDT", transferType: "on_chain", chain: "TRC20", address: TRON_TO, size: "10" };
const HOME = "198.51.100.7";
const ELSEWHERE = "198.51.100.8";

type Row = Record<string, string>;

/** The stream's answer to a key's login from `ip` (as the BFF or the test's loopback reports it). */
async function streamLogin(base: string, key: NewApiKey, headers: Record<string, string>): Promise<Msg> {
  const ws = await WsClient.open(`${base.replace(/^http/, "ws")}/v2/ws/private`, headers);
  try {
    ws.send(apiKeyLogin(key, String(Math.floor(Date.now() / 1000))));
    return (await ws.waitFor((m) => isObj(m) && (m.event === "login" || m.event === "error"))) as Msg;
  } finally {
    ws.close();
  }
}

/** Everything of decision 342, against one server: the gateway alone or the web server in front of its embedded one. */
function withdrawKeySuite(name: string, server: SuiteServer) {
  const under = (): GatewayUnderTest => ({ url: server.url, dataDir: server.dir });
  const from = (ip: string) => ({ "x-forwarded-for": ip });
  const keyFrom = (key: NewApiKey, ip: string) => new Client(server.url, key, from(ip));
  /** A fresh code of the account's authenticator; the guard's memory of used steps is set back as a clock moving on would. */
  const totp = (userId: string, secret: string) => {
    withDb(under(), (db) => db.prepare("UPDATE totp_guard SET last_step = 0 WHERE user_id = ?").run(userId));
    return totpAt(secret, Date.now());
  };

  async function account(tag: string, google = true) {
    const email = `wk-${tag}-${name}@example.com`;
    const { c, userId } = await registerByEmail(under(), email);
    let secret = "";
    if (google) {
      secret = (await c.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
      expect((await c.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("00000");
    }
    return { c, userId, email, secret, code: () => totp(userId, secret) };
  }

  describe(`${name}: granting withdraw`, () => {
    it("needs Google Authenticator: without it bound, 47010, and the e-mail code is not spent", async () => {
      const a = await account("nogoogle", false);
      expect((await a.c.call("POST", "/v1/user/public/send-code", { scene: "api-key" })).body.code).toBe("00000");
      const verifyCode = codeOf(under(), a.email);
      const base = { label: "payouts", passphrase: "payout-pass", ipAllow: [HOME], verifyCode };
      const refused = await a.c.call("POST", "/v1/user/api/create", { ...base, permissions: ["read", "withdraw"] });
      expect(refused.body.code).toBe("47010");
      expect((await a.c.call("POST", "/v1/user/api/list", {})).body.data.list).toEqual([]);
      // the same code still makes a key that cannot withdraw
      expect((await a.c.call("POST", "/v1/user/api/create", { ...base, permissions: ["read", "trade"] })).body.code).toBe("00000");
    });

    it("needs a non-empty IP list and the authenticator's code, on create and on update", async () => {
      const a = await account("grant");
      const base = { label: "payouts", passphrase: "payout-pass", permissions: ["read", "withdraw"] };
      expect((await a.c.call("POST", "/v1/user/api/create", { ...base, googleCode: a.code() })).body.code).toBe("20016");
      expect((await a.c.call("POST", "/v1/user/api/create", { ...base, ipAllow: [], googleCode: a.code() })).body.code).toBe("20016");
      // an e-mail code is not the factor a withdrawal needs
      expect((await a.c.call("POST", "/v1/user/api/create", { ...base, ipAllow: [HOME], verifyCode: "123456" })).body.code).toBe("20002");
      expect((await a.c.call("POST", "/v1/user/api/list", {})).body.data.list).toEqual([]);
      const made = await a.c.call("POST", "/v1/user/api/create", { ...base, ipAllow: [` ${HOME} `], googleCode: a.code() });
      expect(made.body).toMatchObject({ code: "00000", data: { permissions: ["read", "withdraw"], ipAllow: [HOME] } });
      const key = { apiKey: made.body.data.apiKey as string, secretKey: made.body.data.secretKey as string, passphrase: "payout-pass" };

      // Update: a key that keeps `withdraw` cannot lose its list; adding `withdraw` to a key needs the list and the code.
      const upd = (b: Record<string, unknown>) => a.c.call("POST", "/v1/user/api/update", b);
      expect((await upd({ apiKey: key.apiKey, ipAllow: [], googleCode: a.code() })).body.code).toBe("20016");
      const plain = await a.c.call("POST", "/v1/user/api/create", { ...base, permissions: ["read"], googleCode: a.code() });
      expect(plain.body.code).toBe("00000");
      const plainKey = plain.body.data.apiKey as string;
      expect((await upd({ apiKey: plainKey, permissions: ["read", "withdraw"], googleCode: a.code() })).body.code).toBe("20016");
      expect((await upd({ apiKey: plainKey, permissions: ["read", "withdraw"], ipAllow: [HOME] })).body.code).toBe("20002");
      expect((await upd({ apiKey: plainKey, permissions: ["read", "withdraw"], ipAllow: [HOME], googleCode: a.code() })).body.code).toBe(
        "00000",
      );

      // and the key withdraws from its address only
      expect((await keyFrom(key, ELSEWHERE).post(WALLET_PATHS.withdrawal, WITHDRAW)).body.code).toBe("40018");
      expect((await keyFrom(key, HOME).post(WALLET_PATHS.withdrawal, WITHDRAW)).body.code).toBe("00000");
    });

    it("refuses entries that are not one address, and forgives other spellings of one", async () => {
      const a = await account("spell");
      const base = { label: "spell", passphrase: "payout-pass", permissions: ["read", "withdraw"] };
      for (const bad of ["0.0.0.0", "::", "198.51.100.0/24", "*", "localhost", "fe80::1%eth0"]) {
        expect((await a.c.call("POST", "/v1/user/api/create", { ...base, ipAllow: [bad], googleCode: a.code() })).body.code, bad).toBe(
          "40017",
        );
      }
      const made = await a.c.call("POST", "/v1/user/api/create", {
        ...base,
        ipAllow: [`::ffff:${HOME}`, ` ${HOME}`, "2001:DB8::1"],
        googleCode: a.code(),
      });
      expect(made.body).toMatchObject({ code: "00000", data: { ipAllow: [`::ffff:${HOME}`, "2001:db8::1"] } });
      const key = { apiKey: made.body.data.apiKey as string, secretKey: made.body.data.secretKey as string, passphrase: "payout-pass" };
      expect((await keyFrom(key, HOME).get(`${V2.assets}?coin=USDT`)).body.code).toBe("00000");
      expect((await keyFrom(key, `::ffff:${HOME}`).get(`${V2.assets}?coin=USDT`)).body.code).toBe("00000");
      expect((await keyFrom(key, "2001:db8:0:0::1").get(`${V2.assets}?coin=USDT`)).body.code).toBe("00000");
      expect((await keyFrom(key, "198.51.100.70").get(`${V2.assets}?coin=USDT`)).body.code).toBe("40018");
      expect((await streamLogin(server.url, key, from(`::ffff:${HOME}`))).code).toBe(0);
      expect((await streamLogin(server.url, key, from("198.51.100.70"))).code).toBe(30005);
    });
  });

  describe(`${name}: an API withdrawal only while the web could withdraw`, () => {
    it("is refused while the authenticator is locked and once it is unbound (47010)", async () => {
      const a = await account("standing");
      const made = await a.c.call("POST", "/v1/user/api/create", {
        label: "bot",
        passphrase: "payout-pass",
        permissions: ["read", "withdraw"],
        ipAllow: [HOME],
        googleCode: a.code(),
      });
      const key = { apiKey: made.body.data.apiKey as string, secretKey: made.body.data.secretKey as string, passphrase: "payout-pass" };
      const bot = keyFrom(key, HOME);

      // locked after wrong codes: the web could not withdraw, nor can the key
      withDb(under(), (db) => db.prepare("UPDATE totp_guard SET locked_until = ? WHERE user_id = ?").run(Date.now() + 600_000, a.userId));
      expect((await bot.post(WALLET_PATHS.withdrawal, WITHDRAW)).body.code).toBe("42900");
      withDb(under(), (db) => db.prepare("UPDATE totp_guard SET locked_until = 0 WHERE user_id = ?").run(a.userId));

      // Google Authenticator unbound: 47010 as on the web, nothing held
      expect((await a.c.call("POST", "/v1/user/security/google/unbind", { googleCode: a.code() })).body.code).toBe("00000");
      const before = (await bot.get<Row[]>(`${V2.assets}?coin=USDT`)).body.data[0]!;
      expect((await bot.post(WALLET_PATHS.withdrawal, WITHDRAW)).body.code).toBe("47010");
      expect((await bot.get<Row[]>(`${V2.assets}?coin=USDT`)).body.data[0]).toMatchObject({ available: before.available });
    });

    it("a frozen account's key is refused on HTTP and on the stream, whatever revoking did", async () => {
      const a = await account("frozen", false);
      const key = makeKey(server.dir, a.userId, ["read", "trade"]);
      expect((await keyFrom(key, HOME).get(`${V2.assets}?coin=USDT`)).body.code).toBe("00000");
      withDb(under(), (db) => db.prepare("UPDATE users SET frozen = 1 WHERE id = ?").run(a.userId));
      const fresh = makeKey(server.dir, a.userId, ["read", "trade"]);
      expect((await keyFrom(fresh, HOME).get(`${V2.assets}?coin=USDT`)).body.code).toBe("20205");
      const login = await streamLogin(server.url, fresh, from(HOME));
      expect(login).toMatchObject({ event: "error", code: 30005 });
      expect(String(login.msg)).toContain("20205");
    });

    it("an older key with withdraw and no IP list keeps read and trade; its withdrawals wait for a list", async () => {
      const a = await account("older");
      const key = makeKey(server.dir, a.userId, ["read", "trade", "withdraw"]);
      const bot = keyFrom(key, HOME);
      expect((await bot.get(`${V2.assets}?coin=USDT`)).body.code).toBe("00000");
      expect((await streamLogin(server.url, key, from(HOME))).code).toBe(0);
      const refused = await bot.post(WALLET_PATHS.withdrawal, WITHDRAW);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("20016");
      const listed = (await a.c.call("POST", "/v1/user/api/list", {})).body.data.list as Array<Record<string, unknown>>;
      expect(listed.find((k) => k.apiKey === key.apiKey)).toMatchObject({ withdrawSuspended: true, suspended: false });
      // the owner adds a list (with the authenticator's code): the key withdraws from there
      const upd = await a.c.call("POST", "/v1/user/api/update", { apiKey: key.apiKey, ipAllow: [HOME], googleCode: a.code() });
      expect(upd.body.code).toBe("00000");
      expect((await bot.post(WALLET_PATHS.withdrawal, WITHDRAW)).body.code).toBe("00000");
      const after = (await a.c.call("POST", "/v1/user/api/list", {})).body.data.list as Array<Record<string, unknown>>;
      expect(after.find((k) => k.apiKey === key.apiKey)).toMatchObject({ withdrawSuspended: false });
    });

    it("re-confirming a held key that withdraws needs what a withdrawal needs, not an e-mail code", async () => {
      const a = await account("held", false);
      const key = makeKey(server.dir, a.userId, ["read", "withdraw"], [HOME]);
      withDb(under(), (db) => db.prepare("UPDATE api_keys SET suspended_at = ? WHERE api_key = ?").run(Date.now(), key.apiKey));
      expect((await keyFrom(key, HOME).get(`${V2.assets}?coin=USDT`)).body.code).toBe("20015");
      expect((await streamLogin(server.url, key, from(HOME))).code).toBe(30011);
      expect((await a.c.call("POST", "/v1/user/public/send-code", { scene: "api-key" })).body.code).toBe("00000");
      const verifyCode = codeOf(under(), a.email);
      expect((await a.c.call("POST", "/v1/user/api/reconfirm", { apiKey: key.apiKey, verifyCode })).body.code).toBe("47010");
      expect((await keyFrom(key, HOME).get(`${V2.assets}?coin=USDT`)).body.code).toBe("20015");
      const secret = (await a.c.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
      expect((await a.c.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("00000");
      const googleCode = totpAt(secret, Date.now() + 30_000);
      expect((await a.c.call("POST", "/v1/user/api/reconfirm", { apiKey: key.apiKey, googleCode })).body.code).toBe("00000");
      expect((await keyFrom(key, HOME).get(`${V2.assets}?coin=USDT`)).body.code).toBe("00000");
    });
  });

  describe(`${name}: one authentication for HTTP and the private stream`, () => {
    it("a key whose IP list excludes the caller is refused on both; a matching list works on both", async () => {
      const a = await account("stream", false);
      const key = makeKey(server.dir, a.userId, ["read", "trade"], [HOME]);
      const away = await keyFrom(key, ELSEWHERE).get(`${V2.assets}?coin=USDT`);
      expect(away.body.code).toBe("40018");
      const refused = await streamLogin(server.url, key, from(ELSEWHERE));
      expect(refused).toMatchObject({ event: "error", code: 30005 });
      expect(String(refused.msg)).toContain("40018");
      expect((await keyFrom(key, HOME).get(`${V2.assets}?coin=USDT`)).body.code).toBe("00000");
      expect(await streamLogin(server.url, key, from(HOME))).toMatchObject({ event: "login", code: 0 });
    });

    it("a stream logged in with a key ends once the key is held, as its next HTTP call is refused", async () => {
      const a = await account("recheck", false);
      const key = makeKey(server.dir, a.userId, ["read", "trade"], [HOME]);
      const ws = await WsClient.open(`${server.url.replace(/^http/, "ws")}/v2/ws/private`, from(HOME));
      const closed = new Promise<number>((resolve) => ws.ws.once("close", (code) => resolve(code)));
      ws.send(apiKeyLogin(key, String(Math.floor(Date.now() / 1000))));
      expect(await ws.waitFor((m) => isObj(m) && m.event === "login")).toMatchObject({ code: 0 });
      withDb(under(), (db) => db.prepare("UPDATE api_keys SET suspended_at = ? WHERE api_key = ?").run(Date.now(), key.apiKey));
      // the key's lookup is cached for a few seconds; the stream judges it again within two such periods
      expect(await ws.waitFor((m) => isObj(m) && m.event === "error", 20_000)).toMatchObject({ code: 30011 });
      expect(await closed).toBe(1008);
      expect((await keyFrom(key, HOME).get(`${V2.assets}?coin=USDT`)).body.code).toBe("20015");
    });
  });
}

describe("through the gateway alone (a loopback peer's x-forwarded-for is believed, as the BFF's)", () => {
  withdrawKeySuite("gateway", gatewayForSuite({ EXCHANGE_RATE_LIMITS: "off" }));
});

describe("through the BFF", () => {
  withdrawKeySuite("bff", webForSuite({ TRUST_PROXY: "loopback", EXCHANGE_RATE_LIMITS: "off" }));
});

describe("an address nobody vouches for", () => {
  const SECRET = "s".repeat(32);
  const gw = gatewayForSuite({ GATEWAY_PROXY_SECRET: SECRET, EXCHANGE_RATE_LIMITS: "off" });
  const web = webForSuite({ EXCHANGE_RATE_LIMITS: "off" });

  it("the gateway believes x-forwarded-for only with the proxy's secret, on HTTP and on the stream's upgrade", async () => {
    const key = makeKey(gw.dir, "wk-untrusted", ["read"], [HOME]);
    const spoofed = { "x-forwarded-for": HOME };
    const vouched = { "x-forwarded-for": HOME, "x-proxy-secret": SECRET };
    expect((await new Client(gw.url, key, spoofed).get(`${V2.assets}?coin=USDT`)).body.code).toBe("40018");
    expect((await streamLogin(gw.url, key, spoofed)).code).toBe(30005);
    expect((await new Client(gw.url, key, vouched).get(`${V2.assets}?coin=USDT`)).body.code).toBe("00000");
    expect((await streamLogin(gw.url, key, vouched)).code).toBe(0);
  });

  it("a web server that trusts no proxy reports the socket's address, whatever the visitor claims", async () => {
    const key = makeKey(web.dir, "wk-untrusted-web", ["read"], [HOME]);
    const spoofed = { "x-forwarded-for": HOME };
    expect((await new Client(web.url, key, spoofed).get(`${V2.assets}?coin=USDT`)).body.code).toBe("40018");
    expect((await streamLogin(web.url, key, spoofed)).code).toBe(30005);
    const local = makeKey(web.dir, "wk-local-web", ["read"], ["::ffff:127.0.0.1"]);
    expect((await new Client(web.url, local, spoofed).get(`${V2.assets}?coin=USDT`)).body.code).toBe("00000");
    expect((await streamLogin(web.url, local, spoofed)).code).toBe(0);
  });
});
