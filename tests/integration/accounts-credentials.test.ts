import { describe, expect, it } from "vitest";
import { totpAt } from "../../gateway/accounts/totp";
import { assetsByKey, codeOf, registerByEmail, solveCaptcha, withDb, wrongCode, type GatewayUnderTest } from "../setup/accounts";
import { messagesTo } from "../setup/outbox";
import { webForSuite } from "../setup/suite";
import { ProtocolClient } from "../setup/protocol-client";

/**
 * Credentials that really end, 2FA that holds, no account enumeration and forms as browsers send
 * them (docs/decisions/506), all through the BFF with its embedded gateway, as the browser calls.
 */
// The tests act as the trusted proxy: each client names its own address.
const web = webForSuite({ TRUST_PROXY: "loopback" });
const under: GatewayUnderTest = {
  get url() {
    return web.url;
  },
  dataDir: web.dir,
};

const PWD = "Passw0rd!x";
const SEND = "/v1/user/public/send-code";
const RESET = "/v1/user/public/reset-password";

async function guest() {
  const c = new ProtocolClient(web.url);
  await c.loadConfig();
  return c;
}

/** A second browser of the same person: it proves the code of the new-device step. */
async function secondDevice(email: string) {
  const c = await guest();
  const first = await c.secure("/v1/user/login", { loginName: email, pwd: PWD });
  expect(first.body.data.verify.kind).toBe("device");
  const done = await c.secure("/v1/user/login/verify-login", { emailCode: codeOf(under, email) }, { token: first.body.data.verify.token });
  expect(done.body.code).toBe("00000");
  return c;
}

/** Idle expiry as the clock would bring it: the session's expiry moved into the past, then seen. */
function idleOut(c: ProtocolClient) {
  withDb(under, (db) => db.prepare("UPDATE sessions SET expires_at = ? WHERE id = ?").run(Date.now() - 1000, c.cookies.get("bt_sid")));
}

/** The cooldown of a target's codes passed, as a minute would pass. */
function ageCodes(target: string) {
  withDb(under, (db) => db.prepare("UPDATE verify_codes SET created_at = created_at - 61000 WHERE target = ?").run(target));
}

async function apiKeyByEmailCode(c: ProtocolClient, email: string, fields: Record<string, unknown> = {}) {
  expect((await c.call("POST", SEND, { scene: "api-key" })).body.code).toBe("00000");
  const r = await c.call("POST", "/v1/user/api/create", {
    label: "bot",
    passphrase: "bot-passphrase",
    permissions: ["read", "trade"],
    verifyCode: codeOf(under, email),
    ...fields,
  });
  expect(r.body.code).toBe("00000");
  return r.body.data as { apiKey: string; secretKey: string };
}

async function resetPassword(email: string, pwd = "N3w-passw0rd") {
  const c = await guest();
  expect((await c.call("POST", SEND, { scene: "reset-password", channel: "email", email })).body.code).toBe("00000");
  const r = await c.secure(RESET, { email, verifyCode: codeOf(under, email), pwd, rePwd: pwd });
  expect(r.body.code).toBe("00000");
  return r;
}

describe("sessions that end for good", () => {
  it("a password reset kills the refresh token of a session idle expiry already ended", async () => {
    const email = "idle-reset@example.com";
    const { c } = await registerByEmail(under, email);
    idleOut(c);
    expect((await c.call("POST", "/v1/user/overview/userinfo", {})).body.code).toBe("00004");
    const other = await secondDevice(email);
    await resetPassword(email);
    expect((await c.call("POST", "/v1/user/public/refresh", {})).body.code).toBe("00004");
    expect((await other.call("POST", "/v1/user/public/refresh", {})).body.code).toBe("00004");
    expect((await other.call("POST", "/v1/user/overview/userinfo", {})).body.code).toBe("00004");
  });

  it("revoking a device kills its refresh tokens, idle-expired sessions included, and only that device's", async () => {
    const email = "idle-revoke@example.com";
    const { c } = await registerByEmail(under, email);
    const laptop = await secondDevice(email);
    idleOut(laptop);
    expect((await laptop.call("POST", "/v1/user/overview/userinfo", {})).body.code).toBe("00004");
    const r = await c.call("POST", "/v1/user/security/devices/revoke", { deviceId: laptop.deviceId });
    expect(r.body.code).toBe("00000");
    expect((await laptop.call("POST", "/v1/user/public/refresh", {})).body.code).toBe("00004");
    // The caller's own session is not that device's.
    expect((await c.call("POST", "/v1/user/overview/userinfo", {})).body.code).toBe("00000");
    // Another user's device id ends nothing of theirs.
    const { c: mallory } = await registerByEmail(under, "mallory-revoke@example.com");
    expect((await mallory.call("POST", "/v1/user/security/devices/revoke", { deviceId: c.deviceId })).body.data.ended).toBe(0);
    expect((await c.call("POST", "/v1/user/overview/userinfo", {})).body.code).toBe("00000");
  });

  it("an idle-expired session still refreshes (nothing revoked it), and the new session signs with the page's key", async () => {
    const { c, userId } = await registerByEmail(under, "refresh-keys@example.com");
    idleOut(c);
    expect((await c.call("POST", "/v1/user/overview/userinfo", {})).body.code).toBe("00004");
    const r = await c.call("POST", "/v1/user/public/refresh", {});
    expect(r.body.code).toBe("00000");
    // The same page, the same key: a signed call of the new session is good, not 00023.
    const info = await c.call("POST", "/v1/user/overview/userinfo", {});
    expect(info.body.code).toBe("00000");
    expect(info.body.data.userInfo.userId).toBe(userId);
    expect((await c.call("POST", "/v1/user/security/devices", {})).body.code).toBe("00000");
  });

  it("a password reset suspends API keys until the owner re-confirms them with a code", async () => {
    const email = "keys-reset@example.com";
    const { c } = await registerByEmail(under, email);
    const key = await apiKeyByEmailCode(c, email);
    expect((await assetsByKey(web.url, key, "bot-passphrase")).code).toBe("00000");
    const reset = await resetPassword(email);
    expect(reset.body.data.apiKeysSuspended).toBe(1);
    expect(messagesTo(web.dir, email).at(-1)?.text).toMatch(/API key is suspended/);
    expect((await assetsByKey(web.url, key, "bot-passphrase")).code).not.toBe("00000");

    const back = await guest();
    const login = await back.secure("/v1/user/login", { loginName: email, pwd: "N3w-passw0rd" });
    const done = await back.secure(
      "/v1/user/login/verify-login",
      { emailCode: codeOf(under, email) },
      { token: login.body.data.verify.token },
    );
    expect(done.body.code).toBe("00000");
    const list = await back.call("POST", "/v1/user/api/list", {});
    expect(list.body.data.list).toMatchObject([{ apiKey: key.apiKey, suspended: true }]);
    // Re-confirming needs the code; a wrong one changes nothing.
    expect((await back.call("POST", "/v1/user/api/reconfirm", { apiKey: key.apiKey })).body.code).toBe("20002");
    ageCodes(email);
    expect((await back.call("POST", SEND, { scene: "api-key" })).body.code).toBe("00000");
    const code = codeOf(under, email);
    expect((await back.call("POST", "/v1/user/api/reconfirm", { apiKey: key.apiKey, verifyCode: wrongCode(code) })).body.code).toBe(
      "20002",
    );
    expect((await assetsByKey(web.url, key, "bot-passphrase")).code).not.toBe("00000");
    // Another account cannot re-confirm it, even with a code of its own.
    const { c: other } = await registerByEmail(under, "keys-other@example.com");
    expect((await other.call("POST", "/v1/user/api/reconfirm", { apiKey: key.apiKey, verifyCode: code })).body.code).toBe("40017");
    expect((await back.call("POST", "/v1/user/api/reconfirm", { apiKey: key.apiKey, verifyCode: code })).body.code).toBe("00000");
    expect((await assetsByKey(web.url, key, "bot-passphrase")).code).toBe("00000");
    expect((await back.call("POST", "/v1/user/api/list", {})).body.data.list).toMatchObject([{ apiKey: key.apiKey, suspended: false }]);
  });
});

describe("API keys need 2FA", () => {
  it("creating a key needs the account's e-mail code of the api-key scene; other codes and none are refused", async () => {
    const email = "keys-2fa@example.com";
    const { c } = await registerByEmail(under, email);
    const body = { label: "bot", passphrase: "bot-passphrase", permissions: ["read"] };
    expect((await c.call("POST", "/v1/user/api/create", body)).body.code).toBe("20002");
    expect((await c.call("POST", "/v1/user/api/create", { ...body, verifyCode: "" })).body.code).toBe("20002");
    // The registration code of the same address is not an api-key code.
    expect((await c.call("POST", "/v1/user/api/create", { ...body, verifyCode: "123456" })).body.code).toMatch(/^2000[23]$/);
    expect((await c.call("POST", "/v1/user/api/list", {})).body.data.list).toEqual([]);
    // Not logged in: no code is sent anywhere.
    const anon = await guest();
    expect((await anon.call("POST", SEND, { scene: "api-key" })).body.code).toBe("00004");
    const key = await apiKeyByEmailCode(c, email);
    expect(key.apiKey).toMatch(/^bg_/);
    // A code is good once.
    ageCodes(email);
    expect((await c.call("POST", "/v1/user/api/create", { ...body, verifyCode: codeOf(under, email) })).body.code).toBe("20003");
  });

  it("changing a key's permissions, label or addresses needs a code too, and only its owner can", async () => {
    const email = "keys-update@example.com";
    const { c } = await registerByEmail(under, email);
    const key = await apiKeyByEmailCode(c, email, { permissions: ["read"] });
    const change = { apiKey: key.apiKey, permissions: ["read", "trade"] };
    expect((await c.call("POST", "/v1/user/api/update", change)).body.code).toBe("20002");
    expect((await c.call("POST", "/v1/user/api/list", {})).body.data.list[0].permissions).toEqual(["read"]);
    ageCodes(email);
    expect((await c.call("POST", SEND, { scene: "api-key" })).body.code).toBe("00000");
    const code = codeOf(under, email);
    const { c: other } = await registerByEmail(under, "keys-update-other@example.com");
    expect((await other.call("POST", "/v1/user/api/update", { ...change, verifyCode: code })).body.code).toBe("40017");
    expect((await c.call("POST", "/v1/user/api/update", { apiKey: key.apiKey, verifyCode: code })).body.code).toBe("40017");
    const r = await c.call("POST", "/v1/user/api/update", { ...change, label: "bot 2", ipAllow: [], verifyCode: code });
    expect(r.body).toMatchObject({ code: "00000", data: { permissions: ["read", "trade"], label: "bot 2", ipAllow: [] } });
    expect((await c.call("POST", "/v1/user/api/list", {})).body.data.list[0]).toMatchObject({
      label: "bot 2",
      permissions: ["read", "trade"],
    });
  });

  it("with Google Authenticator bound, the TOTP code is the factor and the e-mail code is not offered", async () => {
    const email = "keys-totp@example.com";
    const { c } = await registerByEmail(under, email);
    const secret = (await c.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
    expect((await c.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("00000");
    expect((await c.call("POST", SEND, { scene: "api-key" })).body.code).toBe("40017");
    const body = { label: "bot", passphrase: "bot-passphrase", permissions: ["read"] };
    expect((await c.call("POST", "/v1/user/api/create", { ...body, verifyCode: "123456" })).body.code).toBe("20002");
    const r = await c.call("POST", "/v1/user/api/create", { ...body, googleCode: totpAt(secret, Date.now() + 30_000) });
    expect(r.body.code).toBe("00000");
  });
});

describe("authenticator codes", () => {
  async function withGoogle(email: string) {
    const r = await registerByEmail(under, email);
    const secret = (await r.c.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
    const code = totpAt(secret, Date.now());
    expect((await r.c.call("POST", "/v1/user/security/google/bind", { googleCode: code })).body.code).toBe("00000");
    return { ...r, secret, code };
  }

  it("a code is accepted once: not again for unbinding, nor for a login step", async () => {
    const email = "totp-once@example.com";
    const { c, userId, secret, code } = await withGoogle(email);
    expect((await c.call("POST", "/v1/user/security/google/unbind", { googleCode: code })).body.code).toBe("20002");
    await c.call("POST", "/v1/user/logout", {});
    c.newKey();
    const login = await c.secure("/v1/user/login", { loginName: email, pwd: PWD }, { __deviceCheckUser: userId });
    expect(login.body.data.verify.kind).toBe("auth");
    expect(
      (await c.secure("/v1/user/login/verify-auth-login", { googleCode: code }, { token: login.body.data.verify.token })).body.code,
    ).toBe("20002");
    // The next step's code is good (clocks a step apart are allowed), once.
    const next = totpAt(secret, Date.now() + 30_000);
    const done = await c.secure("/v1/user/login/verify-auth-login", { googleCode: next }, { token: login.body.data.verify.token });
    expect(done.body.code).toBe("00000");
    expect((await c.call("POST", "/v1/user/security/google/unbind", { googleCode: next })).body.code).toBe("20002");
  });

  it("wrong codes lock the authenticator for a while, everywhere, with a retry time; a lock outlives the count", async () => {
    const email = "totp-lock@example.com";
    const { c, userId, secret } = await withGoogle(email);
    const valid = new Set([-1, 0, 1, 2].map((d) => totpAt(secret, Date.now() + d * 30_000)));
    const bad = ["000000", "111111", "222222", "333333", "444444", "555555"].find((x) => !valid.has(x))!;
    let last: Awaited<ReturnType<typeof c.call>> | undefined;
    for (let i = 0; i < 10; i++) {
      last = await c.call("POST", "/v1/user/security/google/unbind", { googleCode: bad });
      if (last.body.code !== "20002") break;
    }
    expect(last?.body.code).toBe("42900");
    expect(last?.status).toBe(429);
    expect(last?.body.data.retryAfterMs).toBeGreaterThan(60_000);
    expect(last?.headers.get("retry-after")).toMatch(/^\d+$/);
    // Even the right code waits now, here and at login.
    const right = totpAt(secret, Date.now() + 30_000);
    expect((await c.call("POST", "/v1/user/security/google/unbind", { googleCode: right })).body.code).toBe("42900");
    await c.call("POST", "/v1/user/logout", {});
    c.newKey();
    const login = await c.secure("/v1/user/login", { loginName: email, pwd: PWD }, { __deviceCheckUser: userId });
    const step = await c.secure("/v1/user/login/verify-auth-login", { googleCode: right }, { token: login.body.data.verify.token });
    expect(step.body.code).toBe("42900");
    // The lock is stored, not held in memory: it is in the database for a restart to find.
    const row = withDb(
      under,
      (db) => db.prepare("SELECT locked_until FROM totp_guard WHERE user_id = ?").get(userId) as { locked_until: number },
    );
    expect(row.locked_until).toBeGreaterThan(Date.now());
  });

  it("binding has the same limit", async () => {
    const { c } = await registerByEmail(under, "totp-bind-lock@example.com");
    const secret = (await c.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
    const codes = new Set([-1, 0, 1, 2].map((d) => totpAt(secret, Date.now() + d * 30_000)));
    const wrong = ["000000", "111111", "222222", "333333", "444444", "555555"].find((x) => !codes.has(x))!;
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) answers.push((await c.call("POST", "/v1/user/security/google/bind", { googleCode: wrong })).body.code);
    expect(answers.slice(0, 9)).toEqual(Array(9).fill("20002"));
    expect(answers.slice(9)).toEqual(["42900", "42900"]);
    expect((await c.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("42900");
  });
});

describe("no enumeration at registration", () => {
  it("send-code answers a taken address like a free one, the owner is told, and registering fails as a wrong code does", async () => {
    const email = "taken@example.com";
    await registerByEmail(under, email);
    const c = await guest();
    const taken = await c.call("POST", SEND, { scene: "register", channel: "email", email });
    const fresh = await c.call("POST", SEND, { scene: "register", channel: "email", email: "free-address@example.com" });
    expect(taken.status).toBe(fresh.status);
    expect(taken.body.code).toBe("00000");
    expect(taken.body.data).toEqual(fresh.body.data);
    // The same cooldown either way.
    expect((await c.call("POST", SEND, { scene: "register", channel: "email", email })).body.code).toBe("20007");
    expect((await c.call("POST", SEND, { scene: "register", channel: "email", email: "free-address@example.com" })).body.code).toBe(
      "20007",
    );
    const notice = messagesTo(web.dir, email).at(-1);
    expect(notice?.code).toBeUndefined();
    expect(notice?.text).toMatch(/already has one.*log in.*reset your password/s);
    // Any code for the taken address fails as a mistyped code does for a free one.
    const takenTry = await c.secure("/v1/user/register/email", { email, pwd: PWD, rePwd: PWD, verifyCode: "123456" });
    const freeTry = await c.secure("/v1/user/register/email", {
      email: "free-address@example.com",
      pwd: PWD,
      rePwd: PWD,
      verifyCode: wrongCode(codeOf(under, "free-address@example.com")),
    });
    expect(takenTry.body.code).toBe("20002");
    expect(freeTry.body.code).toBe("20002");
    expect(takenTry.body.msg).toBe(freeTry.body.msg);
  });
});

describe("optional fields sent empty", () => {
  it('an e-mail login with areaCode "" and a device step with mobileCode "" and googleCode "" are not refused', async () => {
    const email = "empty-fields@example.com";
    const { userId } = await registerByEmail(under, email);
    const c = await guest();
    const login = await c.secure("/v1/user/login", { loginName: email, pwd: PWD, areaCode: "" });
    expect(login.body.code).toBe("00000");
    expect(login.body.data.verify.kind).toBe("device");
    const done = await c.secure(
      "/v1/user/login/verify-login",
      { emailCode: codeOf(under, email), mobileCode: "", googleCode: "" },
      { token: login.body.data.verify.token },
    );
    expect(done.body.code).toBe("00000");
    expect(done.body.data.userInfo.userId).toBe(userId);
    // A non-empty bad value is still refused.
    expect((await c.secure("/v1/user/login", { loginName: email, pwd: PWD, areaCode: "x" })).body.code).toBe("40017");
  });
});

describe("cheap checks first", () => {
  it("send-code: a few codes per target, then 42900 with a retry time, whoever asks", async () => {
    const email = "flooded@example.com";
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const c = await guest();
      const r = await c.call("POST", SEND, { scene: "reset-password", channel: "email", email });
      answers.push(r.body.code);
      if (r.body.code === "42900") {
        expect(r.status).toBe(429);
        expect(r.body.data.retryAfterMs).toBeGreaterThan(0);
      }
      ageCodes(email);
    }
    expect(answers).toEqual(["00000", "00000", "00000", "00000", "00000", "42900"]);
  });

  it("send-code: one client asking for many addresses needs a captcha after a few", async () => {
    const c = await guest();
    const answers: string[] = [];
    for (let i = 0; i < 4; i++)
      answers.push((await c.call("POST", SEND, { scene: "register", channel: "email", email: `probe-${i}@example.com` })).body.code);
    expect(answers).toEqual(["00000", "00000", "00000", "10021"]);
    const token = await solveCaptcha(under, c, "send-code");
    const passed = await c.call(
      "POST",
      SEND,
      { scene: "register", channel: "email", email: "probe-4@example.com" },
      { headers: { "captcha-token": token } },
    );
    expect(passed.body.code).toBe("00000");
  });

  it("login: an address past its failures needs a captcha before its login data is even opened", async () => {
    const c = await guest();
    for (let i = 0; i < 3; i++)
      expect((await c.secure("/v1/user/login", { loginName: `nobody-${i}@example.com`, pwd: PWD })).body.code).toBe("20001");
    // Unreadable login data: the captcha is asked for first, not 20011 after decryption work.
    const r = await c.call("POST", "/v1/user/login", { bodyCiphertext: "A".repeat(400) });
    expect(r.body.code).toBe("10021");
  });
});
