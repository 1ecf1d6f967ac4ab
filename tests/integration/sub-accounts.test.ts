import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf, registerByEmail, wrongCode, type GatewayUnderTest } from "../setup/accounts";
import { startGateway, tempDataDir, type Started } from "../setup/processes";
import type { ProtocolClient } from "../setup/protocol-client";

let gw: Started;
const data = tempDataDir();
let under: GatewayUnderTest;
beforeAll(async () => {
  // Many calls in a row from one user: Bitget's per-user limits would only slow the test down.
  gw = await startGateway(data.dir, { EXCHANGE_RATE_LIMITS: "off" });
  under = { url: gw.url, dataDir: data.dir };
});
afterAll(async () => {
  await gw.stop();
  data.remove();
});

const TRANSFER = "/api/v2/spot/wallet/subaccount-transfer";

async function usdt(c: ProtocolClient, headers: Record<string, string> = {}): Promise<string> {
  const r = await c.call("GET", "/api/v2/spot/account/assets?coin=USDT", undefined, { headers });
  return (r.body.data as Array<{ available: string }>)[0]?.available ?? "0";
}

describe("binding and unbinding", () => {
  it("binds a mobile with its code, unbinds the e-mail, and refuses to unbind the last address", async () => {
    const { c } = await registerByEmail(under, "binder@example.com");
    const other = await registerByEmail(under, "taken@example.com");
    const mobile = { channel: "mobile", mobile: "5550001", areaCode: "44" };
    expect((await c.call("POST", "/v1/user/security/unbind-email", { emailCode: "123456" })).body.code).toBe("20014");

    // send-code for bind needs a session and a free address.
    expect(
      (await other.c.call("POST", "/v1/user/public/send-code", { scene: "bind", channel: "email", email: "binder@example.com" })).body.code,
    ).toBe("20004");
    expect((await c.call("POST", "/v1/user/public/send-code", { scene: "bind", ...mobile })).body.code).toBe("00000");
    const code = codeOf(under, "+445550001");
    expect(
      (await c.call("POST", "/v1/user/security/bind-mobile", { mobile: "5550001", areaCode: "44", mobileCode: wrongCode(code) })).body.code,
    ).toBe("20002");
    expect(
      (await other.c.call("POST", "/v1/user/security/bind-mobile", { mobile: "5550001", areaCode: "44", mobileCode: code })).body.code,
    ).toBe("20002");
    expect((await c.call("POST", "/v1/user/security/bind-mobile", { mobile: "5550001", areaCode: "44", mobileCode: code })).body.code).toBe(
      "00000",
    );
    expect((await c.call("POST", "/v1/user/security/bind-mobile", { mobile: "5550002", areaCode: "44", mobileCode: code })).body.code).toBe(
      "40017",
    );
    expect((await c.call("POST", "/v1/user/security/bind-email", { email: "x@example.com", emailCode: "123456" })).body.code).toBe("40017");

    expect((await c.call("POST", "/v1/user/public/send-code", { scene: "unbind", channel: "email" })).body.code).toBe("00000");
    const unbindCode = codeOf(under, "binder@example.com");
    expect((await c.call("POST", "/v1/user/security/unbind-email", { emailCode: wrongCode(unbindCode) })).body.code).toBe("20002");
    expect((await c.call("POST", "/v1/user/security/unbind-email", { emailCode: unbindCode })).body.code).toBe("00000");
    expect((await c.call("POST", "/v1/user/security/unbind-email", { emailCode: unbindCode })).body.code).toBe("40017");
    const info = await c.call("POST", "/v1/user/overview/userinfo", {});
    expect(info.body.data.userInfo).toMatchObject({ bindEmail: false, email: "", bindPhone: true, areaCode: "44" });
    expect((await c.call("POST", "/v1/user/public/send-code", { scene: "unbind", channel: "mobile" })).body.code).toBe("00000");
    const last = await c.call("POST", "/v1/user/security/unbind-mobile", { mobileCode: codeOf(under, "+445550001") });
    expect(last.body.code).toBe("20014");
    expect(last.body.msg).toContain("only address");
    // The refused unbind did not spend the code... and the unbind scene needs a session.
    const guest = (await registerByEmail(under, "guest-ish@example.com")).c;
    await guest.call("POST", "/v1/user/logout", {});
    expect((await guest.call("POST", "/v1/user/public/send-code", { scene: "unbind", channel: "email" })).body.code).toBe("00004");
  });

  it("unbinds Google Authenticator only with a right code", async () => {
    const { c } = await registerByEmail(under, "google-unbind@example.com");
    expect((await c.call("POST", "/v1/user/security/google/unbind", { googleCode: "123456" })).body.code).toBe("40017");
    const { totpAt } = await import("../../gateway/accounts/totp");
    const secret = (await c.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
    expect((await c.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("00000");
    expect((await c.call("POST", "/v1/user/security/google/init", {})).body.code).toBe("40017");
    expect((await c.call("POST", "/v1/user/security/google/unbind", { googleCode: wrongCode(totpAt(secret, Date.now())) })).body.code).toBe(
      "20002",
    );
    // The bind spent this step's code (each step is good once); the next step's is within the window.
    expect((await c.call("POST", "/v1/user/security/google/unbind", { googleCode: totpAt(secret, Date.now() + 30_000) })).body.code).toBe(
      "00000",
    );
    expect((await c.call("POST", "/v1/user/overview/userinfo", {})).body.data.settings.gbf).toBe(false);
  });
});

describe("sub-accounts", () => {
  it("checks nicknames, and moves USDT and other coins between main and sub on the ledger", async () => {
    const { c, userId: mainId } = await registerByEmail(under, "owner@example.com");
    expect((await c.call("POST", "/v1/user/sub/create", { nickName: "x" })).body.code).toBe("40017");
    expect((await c.call("POST", "/v1/user/sub/create", { nickName: "bad*name" })).body.code).toBe("40017");
    const created = await c.call("POST", "/v1/user/sub/create", { nickName: "Desk 1" });
    expect(created.body.code).toBe("00000");
    expect((await c.call("POST", "/v1/user/sub/create", { nickName: "desk 1" })).body.code).toBe("20004");
    const subId = created.body.data.userId as string;

    expect(await usdt(c)).toBe("10000.00000000");
    const subAssets = await c.call("GET", "/api/v2/spot/account/subaccount-assets");
    // A sub-account starts empty: a welcome balance per sub-account would be free money for its owner.
    expect(subAssets.body.data).toEqual([
      { id: subId, userId: subId, assetsList: [expect.objectContaining({ coin: "USDT", available: "0.00000000" })] },
    ]);

    const move = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      c.call(
        "POST",
        TRANSFER,
        { fromType: "spot", toType: "spot", coin: "USDT", amount: "250.5", fromUserId: mainId, toUserId: subId, ...body },
        { headers },
      );
    const first = await move({ clientOid: "move-1" });
    expect(first.body).toMatchObject({ code: "00000", data: { clientOid: "move-1" } });
    expect((await move({ clientOid: "move-1" })).body.code).toBe("43118");
    expect(await usdt(c)).toBe("9749.50000000");

    for (const amount of ["0", "-1", "abc", "1.123456789", ""])
      expect([amount, (await move({ amount })).body.code]).toEqual([amount, "40017"]);
    expect((await move({ coin: "NOPE" })).body.code).toBe("40034");
    expect((await move({ fromType: "usdt_futures" })).body.code).toBe("40017");
    expect((await move({ toUserId: mainId })).body.code).toBe("40017");
    expect((await move({ amount: "1", fromUserId: subId, toUserId: mainId }, { paptrading: "1" })).body.code).toBe("40017");
    expect((await move({ amount: "251", fromUserId: subId, toUserId: mainId })).body.code).toBe("43012");
    const stranger = await registerByEmail(under, "stranger@example.com");
    expect((await move({ toUserId: stranger.userId })).body.code).toBe("40017");

    // Back to main, then another coin: main has no BTC, so it cannot send any.
    expect((await move({ amount: "50.5", fromUserId: subId, toUserId: mainId })).body.code).toBe("00000");
    expect((await move({ coin: "BTC", amount: "0.1" })).body.code).toBe("43012");

    // Double-entry bills under one id, with Bitget's business types.
    const bills = await c.call("GET", "/api/v2/spot/account/bills?groupType=transfer");
    expect(bills.body.data.slice(0, 2).map((b: { businessType: string; size: string }) => [b.businessType, b.size])).toEqual([
      ["TRANSFER_IN", "50.50000000"],
      ["TRANSFER_OUT", "-250.50000000"],
    ]);

    // The sub-account's own view, after switching into it; it cannot move money itself.
    await c.secure("/v1/user/sub/switchWeb", { userId: subId });
    expect(await usdt(c)).toBe("200.00000000");
    expect((await move({ amount: "1", fromUserId: subId, toUserId: mainId })).body.code).toBe("40014");
    await c.secure("/v1/user/sub/switchWeb", { userId: mainId });

    // A frozen sub-account neither sends nor receives.
    expect((await c.call("POST", "/v1/user/sub/freeze", { userId: subId, frozen: true })).body.code).toBe("00000");
    expect((await move({ amount: "1" })).body.code).toBe("20013");
    expect((await move({ amount: "1", fromUserId: subId, toUserId: mainId })).body.code).toBe("20013");
    expect((await c.secure("/v1/user/sub/switchWeb", { userId: subId })).body.code).toBe("20013");
    expect((await c.call("POST", "/v1/user/sub/freeze", { userId: subId, frozen: false })).body.code).toBe("00000");
    expect((await move({ amount: "1" })).body.code).toBe("00000");
  });
});
