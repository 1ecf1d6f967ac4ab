import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gatewayForSuite } from "../setup/suite";
import { ProtocolClient } from "../setup/protocol-client";
import { assetsByKey, codeOf, registerByEmail, solveCaptcha } from "../setup/accounts";

const gw = gatewayForSuite();

const lastCode = (to: string) => codeOf({ url: gw.url, dataDir: gw.dir }, to);

const register = (email: string) => registerByEmail({ url: gw.url, dataDir: gw.dir }, email);

/** An API key change needs 2FA (docs/decisions/506): the api-key code, sent to the main account's e-mail. */
async function apiKeyCode(c: ProtocolClient, email: string): Promise<string> {
  expect((await c.call("POST", "/v1/user/public/send-code", { scene: "api-key" })).body.code).toBe("00000");
  return lastCode(email);
}

describe("registration and sessions", () => {
  it("registers with an e-mail code, sets the three cookies and answers user info on a signed call", async () => {
    const { c, userId } = await register("alice@example.com");
    expect(userId).toMatch(/^\d{10}$/);
    expect([...c.cookies.keys()].sort()).toEqual(["bt_rtoken", "bt_session", "bt_sid"]);
    const info = await c.call("POST", "/v1/user/overview/userinfo", { locale: "en" });
    expect(info.body.code).toBe("00000");
    expect(info.body.data.userInfo).toMatchObject({ userId, bindEmail: true, email: "al****@example.com", bindPhone: false, mobile: "" });
    expect(info.body.data.settings).toMatchObject({ ebf: true, mbf: false });
  });

  it("refuses a wrong or reused code, a weak or mismatched password and a taken e-mail", async () => {
    const c = new ProtocolClient(gw.url);
    await c.loadConfig();
    const email = "bob@example.com";
    await c.call("POST", "/v1/user/public/send-code", { scene: "register", channel: "email", email });
    const code = lastCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(
      (await c.secure("/v1/user/register/email", { email, pwd: "Passw0rd!x", rePwd: "Passw0rd!x", verifyCode: wrong })).body.code,
    ).toBe("20002");
    expect((await c.secure("/v1/user/register/email", { email, pwd: "short", rePwd: "short", verifyCode: code })).body.code).toBe("20005");
    expect((await c.secure("/v1/user/register/email", { email, pwd: "Passw0rd!x", rePwd: "Passw0rd!y", verifyCode: code })).body.code).toBe(
      "20006",
    );
    expect((await c.secure("/v1/user/register/email", { email, pwd: "Passw0rd!x", rePwd: "Passw0rd!x", verifyCode: code })).body.code).toBe(
      "00000",
    );
    // A taken address answers like a free one (docs/decisions/506): no probing for accounts.
    const again = await c.call("POST", "/v1/user/public/send-code", { scene: "register", channel: "email", email });
    expect(again.body.code).toBe("00000");
    expect(
      (await c.call("POST", "/v1/user/public/send-code", { scene: "register", channel: "email", email: "not-an-email" })).body.code,
    ).toBe("40017");
  });

  it("rejects garbage, truncated and replayed login ciphertexts with a clear code", async () => {
    const c = new ProtocolClient(gw.url);
    await c.loadConfig();
    const bad = (bodyCiphertext: unknown) => c.call("POST", "/v1/user/login", { bodyCiphertext }, { sign: false });
    for (const junk of ["", "%%%", Buffer.alloc(300).toString("base64"), 42]) {
      const r = await bad(junk);
      expect(r.body.code).toBe("20011");
      expect(r.status).toBeLessThan(500);
    }
    const sealed = c.encrypt({ loginName: "nobody@example.com", pwd: "Passw0rd!x" });
    expect((await bad(sealed.slice(0, 200))).body.code).toBe("20011");
    expect((await bad(sealed)).body.code).toBe("20001");
    expect((await bad(sealed)).body.code).toBe("20011");
  });
});

describe("request signing (docs/protocol.md §5)", () => {
  it("answers 00020 without a signature, 00021 for the wrong mode, 00022 for a stale time, 00023 for tampering and replays", async () => {
    const { c } = await register("sig@example.com");
    const path = "/v1/user/security/devices";
    const missing = await c.call("POST", path, {}, { sign: false });
    expect(missing.body.code).toBe("00020");
    expect(missing.headers.get("gw-sign-error")).toBe("missing");

    const mode = await c.call("POST", path, {}, { tamper: (h, b) => ((h["device-sign-mode"] = "2"), b) });
    expect(mode.body.code).toBe("00021");

    c.timeOffsetMs = -400_000;
    const stale = await c.call("POST", path, {});
    expect(stale.body.code).toBe("00022");
    c.timeOffsetMs = 0;

    // Mode 2 signs the body: change one byte after signing.
    const tampered = await c.call(
      "POST",
      "/v1/user/security/anti-phishing",
      { code: "good1234" },
      { tamper: (_h, b) => b.replace("good", "evil") },
    );
    expect(tampered.body.code).toBe("00023");
    expect(tampered.headers.get("gw-sign-error")).toBe("md5");

    const other = new ProtocolClient(gw.url);
    const forged = await c.call(
      "POST",
      path,
      {},
      { tamper: (h, b) => (Object.assign(h, other.signatureHeaders(1, path, h.tm!, h.uhti!, b)), b) },
    );
    expect(forged.body.code).toBe("00023");
    expect(forged.headers.get("gw-sign-error")).toBe("key");

    const fixed = { uhti: "replayed-trace-id-0001" };
    expect((await c.call("POST", path, {}, { headers: fixed })).body.code).toBe("00000");
    const replay = await c.call("POST", path, {}, { headers: fixed });
    expect(replay.body.code).toBe("00023");
    expect(replay.headers.get("gw-sign-error")).toBe("replay");

    expect((await c.call("POST", "/v1/user/security/anti-phishing", { code: "good1234" })).body.code).toBe("00000");
  });

  it("publishes a sign config whose key the issuer certificate vouches for", async () => {
    const c = new ProtocolClient(gw.url);
    const config = await c.loadConfig();
    expect(config).toMatchObject({ clientOpen: true, defaultAlgorithm: "rsa2048", signModes: [0, 1, 2] });
    const { X509Certificate, verify } = await import("node:crypto");
    const cert = new X509Certificate(readFileSync(join(gw.dir, "keys", "issuer-cert.pem")));
    expect(cert.ca).toBe(true);
    expect(cert.publicKey.asymmetricKeyDetails).toMatchObject({ modulusLength: 2048, publicExponent: 65537n });
    expect(verify("sha256", Buffer.from(config.serverPublicKey), cert.publicKey, Buffer.from(config.serverPublicKeySign, "base64"))).toBe(
      true,
    );
  });
});

describe("login, new device, captcha, logout", () => {
  it("asks a new device for the e-mail code, skips the step on a proven device, and logs out", async () => {
    const { userId } = await register("carol@example.com");
    const fresh = new ProtocolClient(gw.url);
    await fresh.loadConfig();
    const first = await fresh.secure("/v1/user/login", { loginName: "carol@example.com", pwd: "Passw0rd!x" });
    expect(first.body.code).toBe("00000");
    expect(first.body.data.verify.channels).toEqual(["email"]);
    expect(fresh.cookies.has("bt_session")).toBe(false);
    const wrong = await fresh.secure(
      "/v1/user/login/verify-login",
      { emailCode: "000000" === lastCode("carol@example.com") ? "111111" : "000000" },
      { token: first.body.data.verify.token },
    );
    expect(wrong.body.code).toBe("20002");
    const ok = await fresh.secure(
      "/v1/user/login/verify-login",
      { emailCode: lastCode("carol@example.com") },
      { token: first.body.data.verify.token },
    );
    expect(ok.body.code).toBe("00000");
    expect(ok.body.data.userInfo.userId).toBe(userId);
    fresh.remember(userId);
    expect((await fresh.call("POST", "/v1/user/security/devices", {})).body.code).toBe("00000");

    // Same browser, next login: its previous key proves the device, no code needed.
    await fresh.call("POST", "/v1/user/logout", {});
    expect(fresh.cookies.has("bt_session")).toBe(false);
    fresh.newKey();
    const again = await fresh.secure(
      "/v1/user/login",
      { loginName: "carol@example.com", pwd: "Passw0rd!x" },
      { __deviceCheckUser: userId },
    );
    expect(again.body.code).toBe("00000");
    expect(again.body.data.verify).toBeUndefined();
    expect(again.body.data.userInfo.userId).toBe(userId);
    const stranger = new ProtocolClient(gw.url);
    stranger.cookies.set("bt_session", "stale");
    expect((await stranger.call("POST", "/v1/user/overview/userinfo", {})).body.code).toBe("00004");
  });

  it("wants a captcha after three failed logins and takes each token once", async () => {
    await register("dave@example.com");
    const c = new ProtocolClient(gw.url);
    await c.loadConfig();
    const attempt = (pwd: string, headers: Record<string, string> = {}) =>
      c.secure("/v1/user/login", { loginName: "dave@example.com", pwd }, {}, headers);
    for (let i = 0; i < 3; i++) expect((await attempt("WrongPass1")).body.code).toBe("20001");
    const blocked = await attempt("Passw0rd!x");
    expect(blocked.body).toMatchObject({ code: "10021", data: { group: "gateway", scene: "login" } });

    const token = await solveCaptcha({ url: gw.url, dataDir: gw.dir }, c, "login");
    const passed = await attempt("Passw0rd!x", { "captcha-token": token });
    expect(passed.body.code).toBe("00000");
    // The address still has its failures; the spent token does not let it in again.
    expect((await attempt("WrongPass1", { "captcha-token": token })).body.code).toBe("10021");
  });
});

describe("settings, sub-accounts, devices and API keys", () => {
  it("creates a sub-account, an API key that works from a plain HMAC client, and revokes a device", async () => {
    const { c, userId } = await register("erin@example.com");
    const sub = await c.call("POST", "/v1/user/sub/create", { nickName: "bots" });
    expect(sub.body.code).toBe("00000");
    const list = await c.call("POST", "/v1/user/sub/list", {});
    expect(list.body.data.list).toEqual([expect.objectContaining({ userId: sub.body.data.userId, nickName: "bots", frozen: false })]);

    // Switch into the sub-account (encrypted and signed switch path, a new session), then back.
    const into = await c.secure("/v1/user/sub/switchWeb", { userId: sub.body.data.userId });
    expect(into.body.data.userInfo.userId).toBe(sub.body.data.userId);
    const subInfo = await c.call("POST", "/v1/user/overview/userinfo", {});
    expect(subInfo.body.data.userInfo).toMatchObject({ userId: sub.body.data.userId, subAccount: true });
    expect((await c.call("POST", "/v1/user/sub/create", { nickName: "nested" })).body.code).toBe("40017");
    const stranger = await register("frank@example.com");
    expect((await c.secure("/v1/user/sub/switchWeb", { userId: stranger.userId })).body.code).toBe("40017");
    const subKey = await c.call("POST", "/v1/user/api/create", {
      label: "sub-bot",
      passphrase: "passphrase2",
      permissions: ["read"],
      verifyCode: await apiKeyCode(c, "erin@example.com"),
    });
    expect(subKey.body.code).toBe("00000");
    const back = await c.secure("/v1/user/sub/switchWeb", { userId });
    expect(back.body.data.userInfo.userId).toBe(userId);
    expect((await assetsByKey(gw.url, subKey.body.data, "passphrase2")).code).toBe("00000");
    await c.call("POST", "/v1/user/sub/freeze", { userId: sub.body.data.userId, frozen: true });
    expect((await c.secure("/v1/user/sub/switchWeb", { userId: sub.body.data.userId })).body.code).toBe("20013");
    expect((await assetsByKey(gw.url, subKey.body.data, "passphrase2")).code).not.toBe("00000");

    const badIp = await c.call("POST", "/v1/user/api/create", {
      label: "x",
      passphrase: "passphrase1",
      permissions: ["read"],
      ipAllow: ["nope"],
    });
    expect(badIp.body.code).toBe("40017");
    const key = await c.call("POST", "/v1/user/api/create", {
      label: "bot",
      passphrase: "passphrase1",
      permissions: ["read", "trade"],
      verifyCode: await apiKeyCode(c, "erin@example.com"),
    });
    expect(key.body.code).toBe("00000");
    expect(key.body.data.secretKey).toMatch(/^[0-9a-f]{64}$/);
    const listed = await c.call("POST", "/v1/user/api/list", {});
    expect(JSON.stringify(listed.body)).not.toContain(key.body.data.secretKey);

    expect((await assetsByKey(gw.url, key.body.data, "passphrase1")).code).toBe("00000");
    expect((await assetsByKey(gw.url, key.body.data, "wrong-passphrase")).code).not.toBe("00000");

    const devices = await c.call("POST", "/v1/user/security/devices", {});
    expect(devices.body.data.list).toEqual([expect.objectContaining({ deviceId: c.deviceId, current: true })]);
    const revoke = await c.call("POST", "/v1/user/security/devices/revoke", { deviceId: c.deviceId });
    expect(revoke.body.data.ended).toBe(1);
    expect((await c.call("POST", "/v1/user/security/devices", {})).body.code).toBe("00004");
    expect(userId).toMatch(/^\d{10}$/);
  });
});
