import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENCRYPTED_PATHS } from "../../protocol/signing";
import { totpAt } from "../../gateway/accounts/totp";
import { codeOf, registerByEmail, solveCaptcha, withDb, wrongCode, type GatewayUnderTest } from "../setup/accounts";
import { messagesTo } from "../setup/outbox";
import { startGateway, tempDataDir, type Started } from "../setup/processes";
import { ProtocolClient } from "../setup/protocol-client";

let gw: Started;
const data = tempDataDir();
let under: GatewayUnderTest;
beforeAll(async () => {
  gw = await startGateway(data.dir);
  under = { url: gw.url, dataDir: data.dir };
});
afterAll(async () => {
  await gw.stop();
  data.remove();
});

const RESET = "/v1/user/public/reset-password";

async function guest() {
  const c = new ProtocolClient(gw.url);
  await c.loadConfig();
  return c;
}

describe("forgotten password", () => {
  it("resets with the e-mail code, ends every session, and the old password stops working", async () => {
    const email = "reset@example.com";
    const { c: oldBrowser } = await registerByEmail(under, email);
    const c = await guest();
    expect((await c.call("POST", "/v1/user/public/send-code", { scene: "reset-password", channel: "email", email })).body.code).toBe(
      "00000",
    );
    const code = codeOf(under, email);
    const reset = (fields: Record<string, unknown>) =>
      c.secure(RESET, { email, verifyCode: code, pwd: "N3w-passw0rd", rePwd: "N3w-passw0rd", ...fields });

    expect((await reset({ verifyCode: wrongCode(code) })).body.code).toBe("20002");
    expect((await reset({ pwd: "short", rePwd: "short" })).body.code).toBe("20005");
    expect((await reset({ rePwd: "N3w-passw0rd?" })).body.code).toBe("20006");
    const done = await reset({});
    expect(done.body).toMatchObject({ code: "00000", data: { reset: true, sessionsEnded: 1 } });
    expect((await reset({})).body.code).toBe("20003"); // the code is spent

    expect((await oldBrowser.call("POST", "/v1/user/overview/userinfo", {})).body.code).toBe("00004");
    expect((await c.secure("/v1/user/login", { loginName: email, pwd: "Passw0rd!x" })).body.code).toBe("20001");
    expect((await c.secure("/v1/user/login", { loginName: email, pwd: "N3w-passw0rd" })).body.data.verify.kind).toBe("device");
    const notice = messagesTo(data.dir, email).find((m) => m.subject === "Your password was changed");
    expect(notice?.text).toContain("every session was logged out");
    expect(notice?.code).toBeUndefined();
  });

  it("refuses an expired code, an undecryptable or clear body, and answers unknown accounts like known ones", async () => {
    const email = "reset-expired@example.com";
    await registerByEmail(under, email);
    const c = await guest();
    await c.call("POST", "/v1/user/public/send-code", { scene: "reset-password", channel: "email", email });
    const code = codeOf(under, email);
    withDb(under, (db) =>
      db.prepare("UPDATE verify_codes SET expires_at = ? WHERE target = ? AND scene = 'reset-password'").run(Date.now() - 1, email),
    );
    expect((await c.secure(RESET, { email, verifyCode: code, pwd: "N3w-passw0rd", rePwd: "N3w-passw0rd" })).body.code).toBe("20003");

    // The password never travels in clear: a body without bodyCiphertext is refused.
    const clear = await c.call("POST", RESET, { email, verifyCode: code, pwd: "N3w-passw0rd", rePwd: "N3w-passw0rd" });
    expect(clear.body.code).toBe("20011");
    const junk = await c.call("POST", RESET, { bodyCiphertext: Buffer.alloc(400).toString("base64") });
    expect(junk.body.code).toBe("20011");
    expect(junk.status).toBeLessThan(500);

    // Unknown account: same answers as a known one, for send-code (twice: the cooldown too) and the reset.
    const nobody = "nobody-here@example.com";
    expect(
      (await c.call("POST", "/v1/user/public/send-code", { scene: "reset-password", channel: "email", email: nobody })).body.code,
    ).toBe("00000");
    expect(
      (await c.call("POST", "/v1/user/public/send-code", { scene: "reset-password", channel: "email", email: nobody })).body.code,
    ).toBe("20007");
    expect((await c.call("POST", "/v1/user/public/send-code", { scene: "reset-password", channel: "email", email })).body.code).toBe(
      "20007",
    );
    expect(messagesTo(data.dir, nobody)).toEqual([]);
    expect((await c.secure(RESET, { email: nobody, verifyCode: "123456", pwd: "N3w-passw0rd", rePwd: "N3w-passw0rd" })).body.code).toBe(
      "20002",
    );
  });

  it("wants a captcha for a burst of resets from one address", async () => {
    const c = await guest();
    const attempt = () => c.secure(RESET, { email: "burst@example.com", verifyCode: "123456", pwd: "N3w-passw0rd", rePwd: "N3w-passw0rd" });
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await attempt()).body.code);
    // Three wrong codes for the account already want a human; the address rule backs it up.
    expect(codes.slice(0, 3)).toEqual(["20003", "20003", "20003"]);
    expect(codes.slice(3)).toEqual(["10021", "10021", "10021"]);
    const other = await guest();
    other.ip = c.ip;
    const blocked = await other.secure(RESET, {
      email: "burst-2@example.com",
      verifyCode: "123456",
      pwd: "N3w-passw0rd",
      rePwd: "N3w-passw0rd",
    });
    expect(blocked.body.code).toBe("20003");
    for (let i = 0; i < 2; i++)
      await other.secure(RESET, { email: `burst-${3 + i}@example.com`, verifyCode: "123456", pwd: "N3w-passw0rd", rePwd: "N3w-passw0rd" });
    const overTheLimit = await other.secure(RESET, {
      email: "burst-9@example.com",
      verifyCode: "123456",
      pwd: "N3w-passw0rd",
      rePwd: "N3w-passw0rd",
    });
    expect(overTheLimit.body).toMatchObject({ code: "10021", data: { group: "gateway", scene: "reset-password" } });
    // Both rules tripped (address and account): one solved challenge lets the retry through, once.
    const token = await solveCaptcha(under, c, "reset-password");
    const retry = { email: "burst@example.com", verifyCode: "123456", pwd: "N3w-passw0rd", rePwd: "N3w-passw0rd" };
    expect((await c.secure(RESET, retry, {}, { "captcha-token": token })).body.code).toBe("20003");
    expect((await c.secure(RESET, retry, {}, { "captcha-token": token })).body.code).toBe("10021");
  });
});

describe("login steps", () => {
  it("agency login admits only agency accounts and finishes its device step on its own path", async () => {
    const email = "agency@example.com";
    const { userId } = await registerByEmail(under, email);
    const c = await guest();
    const login = (pwd: string) => c.secure("/v1/user/agency/login", { loginName: email, pwd });
    expect((await login("Wrong-pass1")).body.code).toBe("20001");
    expect((await login("Passw0rd!x")).body.code).toBe("20012");
    withDb(under, (db) => db.prepare("UPDATE users SET agency = 1 WHERE id = ?").run(userId));
    const first = await login("Passw0rd!x");
    expect(first.body.data.verify).toMatchObject({ kind: "agency-device", channels: ["email"] });
    const token = first.body.data.verify.token as string;
    // The ordinary path does not finish an agency login, and a replayed ciphertext is refused.
    expect((await c.secure("/v1/user/login/verify-login", { emailCode: codeOf(under, email) }, { token })).body.code).toBe("20008");
    const sealed = c.encrypt({ emailCode: codeOf(under, email) });
    const ok = await c.call("POST", "/v1/user/agency/login/verify-login", { token, bodyCiphertext: sealed });
    expect(ok.body.data.userInfo.userId).toBe(userId);
    expect((await c.call("POST", "/v1/user/agency/login/verify-login", { token, bodyCiphertext: sealed })).body.code).toBe("20011");
    expect((await c.call("POST", "/v1/user/agency/login", { bodyCiphertext: "%%%" })).body.code).toBe("20011");
  });

  it("a proven device at a new address proves a code on verifySystemLogin (and -v2)", async () => {
    const email = "system@example.com";
    const { c, userId } = await registerByEmail(under, email);
    await c.call("POST", "/v1/user/logout", {});
    for (const [i, path] of ["/v1/user/login/verifySystemLogin", "/v1/user/login/verifySystemLogin-v2"].entries()) {
      c.ip = `203.0.113.${i + 1}`;
      c.newKey();
      const first = await c.secure("/v1/user/login", { loginName: email, pwd: "Passw0rd!x" }, { __deviceCheckUser: userId });
      expect(first.body.data?.verify, JSON.stringify(first.body)).toMatchObject({ kind: "system", channels: ["email"] });
      const token = first.body.data.verify.token as string;
      expect((await c.secure(path, { verifyCode: wrongCode(codeOf(under, email)) }, { token })).body.code).toBe("20002");
      expect((await c.secure(path, { verifyCode: "12" }, { token })).body.code).toBe("40017");
      expect((await c.secure("/v1/user/login/verify-login", { emailCode: codeOf(under, email) }, { token })).body.code).toBe("20008");
      const done = await c.secure(path, { verifyCode: codeOf(under, email) }, { token });
      expect(done.body.data.userInfo.userId).toBe(userId);
      c.remember(userId);
      await c.call("POST", "/v1/user/logout", {});
      // The address is known now: the next login from it goes straight in.
      c.newKey();
      const again = await c.secure("/v1/user/login", { loginName: email, pwd: "Passw0rd!x" }, { __deviceCheckUser: userId });
      expect(again.body.data.userInfo.userId).toBe(userId);
      c.remember(userId);
      await c.call("POST", "/v1/user/logout", {});
    }
  });

  it("an account with Google Authenticator proves its TOTP code on verify-auth-login, five wrong codes end the attempt", async () => {
    const email = "totp@example.com";
    const { c, userId } = await registerByEmail(under, email);
    const init = await c.call("POST", "/v1/user/security/google/init", {});
    const secret = init.body.data.secret as string;
    expect(init.body.data.otpauthUrl).toContain(`secret=${secret}`);
    expect((await c.call("POST", "/v1/user/security/google/bind", { googleCode: wrongCode(totpAt(secret, Date.now())) })).body.code).toBe(
      "20002",
    );
    expect((await c.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("00000");
    await c.call("POST", "/v1/user/logout", {});

    const start = async () => {
      c.newKey();
      const r = await c.secure("/v1/user/login", { loginName: email, pwd: "Passw0rd!x" }, { __deviceCheckUser: userId });
      expect(r.body.data.verify).toMatchObject({ kind: "auth", channels: ["google"] });
      return r.body.data.verify.token as string;
    };
    const token = await start();
    const bad = wrongCode(totpAt(secret, Date.now()));
    for (let i = 0; i < 5; i++)
      expect((await c.secure("/v1/user/login/verify-auth-login", { googleCode: bad }, { token })).body.code).toBe("20002");
    expect((await c.secure("/v1/user/login/verify-auth-login", { googleCode: totpAt(secret, Date.now()) }, { token })).body.code).toBe(
      "20008",
    );
    const next = await start();
    // The bind spent this step's code (each step is good once); the next step's is within the window.
    const done = await c.secure("/v1/user/login/verify-auth-login", { googleCode: totpAt(secret, Date.now() + 30_000) }, { token: next });
    expect(done.body.data.userInfo.userId).toBe(userId);

    // A new device proves the e-mail code and the TOTP code together.
    const fresh = await guest();
    const first = await fresh.secure("/v1/user/login", { loginName: email, pwd: "Passw0rd!x" });
    expect(first.body.data.verify).toMatchObject({ kind: "device", channels: ["email", "google"] });
    const noTotp = await fresh.secure(
      "/v1/user/login/verify-login-v2",
      { emailCode: codeOf(under, email) },
      { token: first.body.data.verify.token },
    );
    expect(noTotp.body.code).toBe("20002");
  });
});

describe("third-party, QR and FIDO logins", () => {
  const third = Object.keys(ENCRYPTED_PATHS).filter((p) => p.startsWith("/v1/user/public/third/"));

  it("lists no provider, and every path opens its payload before answering provider not configured", async () => {
    const c = await guest();
    expect((await c.call("POST", "/v1/user/public/loginConfig", {})).body).toMatchObject({ code: "00000", data: { providers: [] } });
    expect(third).toHaveLength(15);
    for (const path of third) {
      const good = await c.secure(path, { token: "provider-token", id: "42" });
      expect([path, good.body.code]).toEqual([path, "20010"]);
      const junk = await c.call("POST", path, { bodyCiphertext: "not base64!" });
      expect([path, junk.body.code]).toEqual([path, "20011"]);
      expect(junk.status).toBeLessThan(500);
      expect((await c.secure(path, { unexpected: "field" })).body.code).toBe("40017");
    }
    for (const path of ["/v1/user/public/getQrKeyStatus", "/v1/user/public/getCrossTerminalLoginStatus"]) {
      expect((await c.secure(path, { qrcodeKey: "0123456789abcdef" })).body.code).toBe("20010");
      expect((await c.secure(path, { qrcodeKey: "x" })).body.code).toBe("40017");
      expect((await c.call("POST", path, {})).body.code).toBe("20011");
    }
    expect((await c.secure("/v1/user/public/fido/login", { fidoVerifyCode: "assertion" })).body.code).toBe("20010");
    expect((await c.call("POST", "/v1/user/public/fido/login", { fidoVerifyCode: "in clear" })).body.code).toBe("20011");
  });
});
