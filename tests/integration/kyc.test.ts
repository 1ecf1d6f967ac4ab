/**
 * Identity verification through the BFF (docs/decisions/352): user info's identityLevel,
 * hasRealValidate, realName/starRealName and kf change only when a reviewed application is
 * approved (the operator's command here, the automatic reviewer on a gateway of its own); a
 * sub-account shows its main account's level; photos are checked by content, re-encoded, kept
 * under server-chosen names and served to their owner alone, never as something a browser runs;
 * and each level's daily withdrawal limit holds for web and API withdrawals (34009).
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { KYC_PATHS } from "../../protocol/kyc.ts";
import { WALLET_PATHS } from "../../protocol/wallet.ts";
import { totpAt } from "../../gateway/accounts/totp.ts";
import { Client } from "../../gateway/exchange/testing/harness.ts";
import { registerByEmail, withDb, type GatewayUnderTest } from "../setup/accounts.ts";
import { ROOT } from "../setup/processes.ts";
import type { ProtocolClient } from "../setup/protocol-client.ts";
import { gatewayForSuite, webForSuite } from "../setup/suite.ts";
import { until } from "../setup/until.ts";

const web = webForSuite({ TRUST_PROXY: "loopback", EXCHANGE_RATE_LIMITS: "off", KYC_AUTO_REVIEW: "off" });
const under = (): GatewayUnderTest => ({ url: web.url, dataDir: web.dir });
const TRON_TO = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const HOME = "198.51.100.9";
const DETAILS = { realName: "Jane Doe", country: "DE", birthDate: "1990-02-28", idNumber: "C01X00T47" };
const SCRIPT = "<html><body><script>alert(document.cookie)</script></body></html>";

function picture(width = 64, height = 48, comment?: string): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([i % 256, (i * 5) % 256, 90, 255], i * 4);
  return jpeg.encode({ width, height, data, ...(comment ? { comments: [comment] } : {}) }, 90).data;
}
const b64 = (b: Buffer) => b.toString("base64");

function kycReview(...args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", "gateway/kyc/cli/review.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: web.dir },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
}
const pendingOf = (userId: string) =>
  kycReview()
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { id: number; userId: string; level: number; documentPhoto: string })
    .filter((a) => a.userId === userId);

async function flags(c: ProtocolClient) {
  const d = (await c.call("POST", "/v1/user/overview/userinfo", {})).body.data;
  const u = d.userInfo;
  return { level: u.identityLevel, real: u.hasRealValidate, name: u.realName, star: u.starRealName, kf: d.settings.kf };
}

async function photo(c: ProtocolClient, kind: string) {
  const r = await fetch(`${web.url}${KYC_PATHS.image}?kind=${kind}`, { headers: { cookie: c.cookieHeader() } });
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}

describe("levels change only through their reviewed flow", () => {
  it("level 1 then level 2, each after the operator's approval; a sub-account shows its main account's", async () => {
    const { c, userId } = await registerByEmail(under(), "kyc-flow@example.com");
    const none = { level: 0, real: false, name: "", star: "", kf: 0 };
    expect(await flags(c)).toEqual(none);
    // photos and level 2 come after level 1
    expect((await c.call("POST", KYC_PATHS.upload, { kind: "document", image: b64(picture()) })).body.code).toBe("47031");
    expect((await c.call("POST", KYC_PATHS.submitAdvanced, {})).body.code).toBe("47031");
    // bad details, each refused by the gateway whatever the browser checked
    for (const bad of [
      { realName: "R2D2" },
      { realName: "<img src=x>" },
      { country: "XX" },
      { birthDate: "1990-02-30" },
      { birthDate: new Date(Date.now() - 17 * 365 * 864e5).toISOString().slice(0, 10) },
      { idNumber: "../../x" },
      { idNumber: "" },
    ]) {
      expect((await c.call("POST", KYC_PATHS.submitBasic, { ...DETAILS, ...bad })).body.code, JSON.stringify(bad)).toBe("40017");
    }
    expect((await c.call("POST", KYC_PATHS.submitBasic, { realName: "Jane Doe" })).body.code).toBe("40017");
    // a sub-account made now inherits whatever its main account reaches later
    const sub = await c.call("POST", "/v1/user/sub/create", { nickName: "kycsub" });
    const subId = sub.body.data.userId as string;

    const sent = await c.call("POST", KYC_PATHS.submitBasic, { ...DETAILS, realName: "  Jane   Doe " });
    expect(sent.body).toMatchObject({ code: "00000", data: { level: 1, status: "pending" } });
    expect((await c.call("POST", KYC_PATHS.submitBasic, DETAILS)).body.code).toBe("47030");
    // waiting is not verified
    expect(await flags(c)).toEqual(none);
    expect((await c.call("POST", KYC_PATHS.info, {})).body.data).toMatchObject({
      level: 0,
      application: { level: 1, status: "pending" },
      withdraw: { limit: "1000", remaining: "1000.00" },
    });
    // a rejection leaves the level as it was and says why
    const [first] = pendingOf(userId);
    expect(JSON.parse(kycReview("--reject", String(first!.id), "--reason", "Name does not match"))).toMatchObject({ status: "rejected" });
    expect(await flags(c)).toEqual(none);
    expect((await c.call("POST", KYC_PATHS.info, {})).body.data.application).toMatchObject({
      status: "rejected",
      reason: "Name does not match",
    });
    expect(() => kycReview("--approve", String(first!.id))).toThrow();

    expect((await c.call("POST", KYC_PATHS.submitBasic, DETAILS)).body.code).toBe("00000");
    const [second] = pendingOf(userId);
    kycReview("--approve", String(second!.id));
    expect(await flags(c)).toEqual({ level: 1, real: false, name: "J****e", star: "J****e", kf: 1 });
    expect((await c.call("POST", KYC_PATHS.submitBasic, DETAILS)).body.code).toBe("47031");

    // level 2: both photos first
    expect((await c.call("POST", KYC_PATHS.upload, { kind: "document", image: b64(picture()) })).body.code).toBe("00000");
    expect((await c.call("POST", KYC_PATHS.submitAdvanced, {})).body.code).toBe("47034");
    expect((await c.call("POST", KYC_PATHS.upload, { kind: "selfie", image: b64(picture(30, 40)) })).body.code).toBe("00000");
    expect((await c.call("POST", KYC_PATHS.submitAdvanced, {})).body).toMatchObject({ code: "00000", data: { level: 2 } });
    expect((await c.call("POST", KYC_PATHS.upload, { kind: "selfie", image: b64(picture()) })).body.code).toBe("47030");
    expect((await flags(c)).level).toBe(1);
    const [third] = pendingOf(userId);
    expect(third!.documentPhoto.startsWith(join(web.dir, "kyc-photos"))).toBe(true);
    kycReview("--approve", String(third!.id));
    expect(await flags(c)).toEqual({ level: 2, real: true, name: "J****e", star: "J****e", kf: 2 });

    // the sub-account: its main account's level and name, and no verification of its own
    await c.secure("/v1/user/sub/switchWeb", { userId: subId });
    expect(await flags(c)).toEqual({ level: 2, real: true, name: "J****e", star: "J****e", kf: 2 });
    expect((await c.call("POST", KYC_PATHS.submitBasic, DETAILS)).body.code).toBe("47032");
    expect((await c.call("POST", KYC_PATHS.upload, { kind: "document", image: b64(picture()) })).body.code).toBe("47032");
    expect((await c.call("POST", KYC_PATHS.info, {})).body.data).toMatchObject({
      level: 2,
      subAccount: true,
      withdraw: { limit: "2000000" },
    });
    expect((await photo(c, "document")).status).toBe(404);
  });
});

describe("uploads", () => {
  async function levelOne(tag: string) {
    const a = await registerByEmail(under(), `kyc-${tag}@example.com`);
    expect((await a.c.call("POST", KYC_PATHS.submitBasic, DETAILS)).body.code).toBe("00000");
    kycReview("--approve", String(pendingOf(a.userId)[0]!.id));
    return a;
  }
  const files = () => readdirSync(join(web.dir, "kyc-photos"));

  it("refuses oversized, wrong-type and HTML uploads, ignores client file names, and re-encodes a polyglot", async () => {
    const { c } = await levelOne("attack");
    const up = (body: Record<string, unknown>) => c.call("POST", KYC_PATHS.upload, body);
    const before = files();
    // over the photo limit, and over the BFF's body limit
    expect((await up({ kind: "document", image: b64(Buffer.concat([picture(), Buffer.alloc(720 * 1024)])) })).body.code).toBe("47033");
    const huge = await up({ kind: "document", image: "A".repeat(1_200_000) });
    expect(huge.status).toBe(413);
    // wrong types: a GIF, an HTML page (called whatever), SVG with script, plain text
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    for (const bytes of [
      gif,
      Buffer.from(SCRIPT),
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
      Buffer.from("hello"),
    ]) {
      const r = await up({ kind: "document", image: b64(bytes), fileName: "passport.jpg", contentType: "image/jpeg" });
      expect(r.body.code).toBe("47033");
    }
    // a JPEG start and then HTML: not decodable
    expect(
      (await up({ kind: "document", image: b64(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(SCRIPT)])) })).body.code,
    ).toBe("47033");
    expect((await up({ kind: "document", image: "not base64!" })).body.code).toBe("40017");
    // path traversal in the kind, or as a file name the client offers: refused or ignored
    expect((await up({ kind: "../../../etc/passwd", image: b64(picture()) })).body.code).toBe("40017");
    expect((await up({ kind: "document/../selfie", image: b64(picture()) })).body.code).toBe("40017");
    expect(files()).toEqual(before);
    const poly = Buffer.concat([picture(64, 48, SCRIPT), Buffer.from(SCRIPT)]);
    expect(
      (await up({ kind: "document", image: b64(poly), fileName: "../../../../public/x.html", name: "..\\..\\evil.html" })).body,
    ).toMatchObject({
      code: "00000",
      data: { kind: "document", width: 64, height: 48 },
    });
    const made = files().filter((f) => !before.includes(f));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const kept = readFileSync(join(web.dir, "kyc-photos", made[0]!));
    expect(kept.includes(Buffer.from("script"))).toBe(false);
    expect(readdirSync(ROOT).some((f) => f.endsWith(".html"))).toBe(false);

    // served back to the owner as an image nothing runs or sniffs
    const got = await photo(c, "document");
    expect(got.status).toBe(200);
    expect(got.bytes.equals(kept)).toBe(true);
    expect(got.headers.get("content-type")).toBe("image/jpeg");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    expect(got.headers.get("content-disposition")).toBe('attachment; filename="document.jpg"');
    expect(got.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(got.headers.get("cache-control")).toContain("no-store");
    expect(jpeg.decode(got.bytes, { useTArray: true })).toMatchObject({ width: 64, height: 48 });
    for (const kind of ["../gateway.sqlite", "", "document%00", "DOCUMENT"]) {
      const r = await photo(c, kind);
      expect(r.status, kind).toBe(400);
      expect(r.headers.get("content-type")).toContain("application/json");
    }
  });

  it("another user or a guest never reads your photos", async () => {
    const { c } = await levelOne("owner");
    expect((await c.call("POST", KYC_PATHS.upload, { kind: "selfie", image: b64(picture(20, 20)) })).body.code).toBe("00000");
    expect((await photo(c, "selfie")).status).toBe(200);
    const other = (await registerByEmail(under(), "kyc-other@example.com")).c;
    const theirs = await photo(other, "selfie");
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get("content-type")).toContain("application/json");
    const guest = await fetch(`${web.url}${KYC_PATHS.image}?kind=selfie`);
    expect(guest.headers.get("content-type")).toContain("application/json");
    expect(((await guest.json()) as { code: string }).code).not.toBe("00000");
  });
});

describe("daily withdrawal limits", () => {
  it("hold for web and API withdrawals, count the last 24 hours, and rise with the level", async () => {
    const email = "kyc-limit@example.com";
    const { c, userId } = await registerByEmail(under(), email);
    const secret = (await c.call("POST", "/v1/user/security/google/init", {})).body.data.secret as string;
    expect((await c.call("POST", "/v1/user/security/google/bind", { googleCode: totpAt(secret, Date.now()) })).body.code).toBe("00000");
    const code = () => {
      withDb(under(), (db) => db.prepare("UPDATE totp_guard SET last_step = 0 WHERE user_id = ?").run(userId));
      return totpAt(secret, Date.now());
    };
    const body = (size: string) => ({ coin: "USDT", transferType: "on_chain", chain: "TRC20", address: TRON_TO, size });
    const over = await c.call("POST", WALLET_PATHS.withdrawal, { ...body("1001"), googleCode: code() });
    expect(over.body.code).toBe("34009");
    expect(over.body.msg).toContain("1000 USDT per 24 hours");
    expect((await c.call("POST", WALLET_PATHS.withdrawal, { ...body("900"), googleCode: code() })).body.code).toBe("00000");
    expect((await c.call("POST", KYC_PATHS.info, {})).body.data.withdraw).toMatchObject({ used: "900.00", remaining: "100.00" });

    // the API: a withdraw key from its listed address, refused alike
    const made = await c.call("POST", "/v1/user/api/create", {
      label: "payouts",
      passphrase: "payout-pass",
      permissions: ["read", "withdraw"],
      ipAllow: [HOME],
      googleCode: code(),
    });
    expect(made.body.code).toBe("00000");
    const key = new Client(
      web.url,
      { apiKey: made.body.data.apiKey, secretKey: made.body.data.secretKey, passphrase: "payout-pass" },
      {
        "x-forwarded-for": HOME,
      },
    );
    expect((await key.post(WALLET_PATHS.withdrawal, body("200"))).body.code).toBe("34009");
    // concurrent requests cannot share the room that is left
    const both = await Promise.all([key.post(WALLET_PATHS.withdrawal, body("60")), key.post(WALLET_PATHS.withdrawal, body("60"))]);
    expect(both.map((r) => r.body.code).sort()).toEqual(["00000", "34009"]);

    // a cancelled withdrawal gives its room back; one older than 24 hours no longer counts
    const rec = (await c.call("GET", WALLET_PATHS.withdrawalRecords)).body.data as Array<{ orderId: string; size: string }>;
    const sixty = rec.find((r) => r.size === "60")!;
    expect((await c.call("POST", WALLET_PATHS.cancelWithdrawal, { orderId: sixty.orderId })).body.code).toBe("00000");
    expect((await key.post(WALLET_PATHS.withdrawal, body("100"))).body.code).toBe("00000");
    withDb(under(), (db) => db.prepare("UPDATE wallet_withdrawals SET created_at = created_at - 86400001 WHERE user_id = ?").run(userId));
    expect((await key.post(WALLET_PATHS.withdrawal, body("1000"))).body.code).toBe("00000");

    // level 1 raises it
    expect((await key.post(WALLET_PATHS.withdrawal, body("1000"))).body.code).toBe("34009");
    expect((await c.call("POST", KYC_PATHS.submitBasic, DETAILS)).body.code).toBe("00000");
    kycReview("--approve", String(pendingOf(userId)[0]!.id));
    expect((await key.post(WALLET_PATHS.withdrawal, body("1000"))).body.code).toBe("00000");
    expect((await c.call("POST", KYC_PATHS.info, {})).body.data.withdraw).toMatchObject({ limit: "100000", used: "2000.00" });
  });
});

describe("the automatic reviewer", () => {
  const gw = gatewayForSuite({ KYC_AUTO_REVIEW: "approve", KYC_AUTO_REVIEW_DELAY_MS: "200" });
  it("approves a waiting application after its delay, and only then", async () => {
    const { c } = await registerByEmail({ url: gw.url, dataDir: gw.dir }, "kyc-auto@example.com");
    expect((await c.call("POST", KYC_PATHS.submitBasic, DETAILS)).body.code).toBe("00000");
    await until(
      () => flags(c),
      (f) => f.level === 1,
      15_000,
      100,
    );
    expect(await flags(c)).toEqual({ level: 1, real: false, name: "J****e", star: "J****e", kf: 1 });
    expect((await c.call("POST", KYC_PATHS.info, {})).body.data.application).toMatchObject({ status: "approved", level: 1 });
  });
});
