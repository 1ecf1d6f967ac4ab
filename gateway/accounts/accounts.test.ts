import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { tempDatabaseEachTest } from "../db/testing.ts";
import { ACCOUNT_MIGRATIONS } from "./migrations.ts";
import { Sessions, SESSION_RULES } from "./sessions.ts";
import { VerifyCodes, mobileTarget } from "./codes.ts";
import { fileOutbox } from "./outbox.ts";
import { Users, userInfoOf } from "./users.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { passwordProblems } from "../../protocol/accounts.ts";
import { USER_INFO_DEFAULTS, withUserInfoDefaults } from "../../protocol/user-info.ts";

const t = tempDatabaseEachTest("mix-acct-", ACCOUNT_MIGRATIONS);
let now: number;
const clock = () => now;
beforeEach(() => {
  now = 1_800_000_000_000;
});

describe("passwords", () => {
  it("hash with scrypt and verify only the same password", async () => {
    const h = await hashPassword("Secret123");
    expect(h).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("Secret123", h)).toBe(true);
    expect(await verifyPassword("secret123", h)).toBe(false);
    expect(await verifyPassword("Secret123", "plain")).toBe(false);
    expect(h).not.toBe(await hashPassword("Secret123"));
  });

  it("name every broken rule", () => {
    expect(passwordProblems("Secret123")).toEqual([]);
    expect(passwordProblems("short1")).toEqual(["length"]);
    expect(passwordProblems("12345678")).toEqual(["letter"]);
    expect(passwordProblems("abcdefgh")).toEqual(["digit"]);
    expect(passwordProblems("abc 12345")).toEqual(["spaces"]);
    expect(passwordProblems("x".repeat(40))).toEqual(["length", "digit"]);
  });
});

describe("verification codes", () => {
  it("send a 6-digit code to the outbox, accept it once, and refuse a resend within a minute", () => {
    const codes = new VerifyCodes(t.db, fileOutbox(t.dir), clock);
    const msg = { subject: "Your code", text: (c: string) => `Code ${c}` };
    expect(codes.send("a@example.com", "email", "register", msg)).toBe(true);
    expect(codes.send("a@example.com", "email", "register", msg)).toBe(false);
    const files = readdirSync(join(t.dir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{13}-[\w-]+\.json$/);
    const sent = JSON.parse(readFileSync(join(t.dir, "outbox", files[0]!), "utf8"));
    expect(sent).toMatchObject({ to: "a@example.com", channel: "email", subject: "Your code" });
    expect(sent.code).toMatch(/^\d{6}$/);
    expect(sent.text).toBe(`Code ${sent.code}`);
    expect(codes.verify("a@example.com", "login-verify", sent.code)).toBe("missing");
    expect(codes.verify("a@example.com", "register", sent.code)).toBe("ok");
    expect(codes.verify("a@example.com", "register", sent.code)).toBe("missing");
  });

  it("expire after 10 minutes and lock after five wrong guesses", () => {
    const codes = new VerifyCodes(t.db, fileOutbox(t.dir), clock);
    const got: string[] = [];
    const msg = { subject: "s", text: (c: string) => (got.push(c), c) };
    codes.send(mobileTarget("+44", "7700900123"), "mobile", "login-verify", msg);
    const target = mobileTarget("44", "7700900123");
    expect(target).toBe("+447700900123");
    const wrong = got[0] === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect(codes.verify(target, "login-verify", wrong)).toBe("wrong");
    expect(codes.verify(target, "login-verify", got[0]!)).toBe("exhausted");
    now += 61_000;
    codes.send(target, "mobile", "login-verify", msg);
    now += 10 * 60_000 + 1;
    expect(codes.verify(target, "login-verify", got[1]!)).toBe("expired");
  });
});

describe("sessions", () => {
  it("resolve by token only, slide the idle expiry, and end", () => {
    const users = new Users(t.db, clock);
    const u = users.create({ email: "s@example.com", pwdHash: "x" });
    const sessions = new Sessions(t.db, clock);
    const s = sessions.issue(u.id, { deviceId: "d1", ip: "1.2.3.4", userAgent: "ua" });
    expect(s.id).toMatch(/^[0-9a-f]{32}$/);
    expect(sessions.resolve(s.token)).toMatchObject({ session: { user_id: u.id, id: s.id } });
    expect(sessions.resolve(s.refreshToken)).toEqual({ ended: "missing" });
    expect(sessions.resolve(undefined)).toEqual({ ended: "missing" });
    now += SESSION_RULES.idleMs - 1000;
    expect("session" in sessions.resolve(s.token)).toBe(true);
    now += SESSION_RULES.idleMs - 1000;
    expect("session" in sessions.resolve(s.token)).toBe(true);
    sessions.end(s.id, "logout");
    expect(sessions.resolve(s.token)).toEqual({ ended: "logout" });
  });

  it("resolve compiles its statements once (issue 31) and every call still reads and slides the live row", () => {
    const users = new Users(t.db, clock);
    const u = users.create({ email: "once@example.com", pwdHash: "x" });
    const sessions = new Sessions(t.db, clock);
    const s = sessions.issue(u.id, { deviceId: "d1", ip: "", userAgent: "" });
    const prepare = vi.spyOn(t.db, "prepare");
    for (let i = 0; i < 3; i++) {
      now += SESSION_RULES.touchEveryMs;
      expect(sessions.resolve(s.token)).toMatchObject({ session: { id: s.id, last_seen_at: now - SESSION_RULES.touchEveryMs } });
    }
    // one SELECT and one touch compiled, whatever the number of calls
    expect(prepare).toHaveBeenCalledTimes(2);
    prepare.mockRestore();
    // the touches were written: the idle expiry slid with each
    now += SESSION_RULES.idleMs - 1;
    expect("session" in sessions.resolve(s.token)).toBe(true);
    sessions.end(s.id, "logout");
    expect(sessions.resolve(s.token)).toEqual({ ended: "logout" });
  });

  it("end for good by the tokens a browser holds: the live session, an idle-expired one's refresh token, no one else's", () => {
    const users = new Users(t.db, clock);
    const u = users.create({ email: "bye@example.com", pwdHash: "x" });
    const sessions = new Sessions(t.db, clock);
    const meta = { deviceId: "d1", ip: "", userAgent: "" };
    const live = sessions.issue(u.id, meta);
    const other = sessions.issue(u.id, { ...meta, deviceId: "d2" });
    expect(sessions.endByTokens({}, "logout")).toBe(0);
    expect(sessions.endByTokens({ token: "nonsense", refreshToken: "" }, "logout")).toBe(0);
    expect(sessions.endByTokens({ token: live.token, refreshToken: live.refreshToken }, "logout")).toBe(1);
    expect(sessions.resolve(live.token)).toEqual({ ended: "logout" });
    expect(sessions.refresh(live.refreshToken, meta)).toBeUndefined();
    expect("session" in sessions.resolve(other.token)).toBe(true);
    // Idled out: the session token names an ended session, yet its refresh token still worked until now.
    now += SESSION_RULES.idleMs + 1;
    expect(sessions.resolve(other.token)).toEqual({ ended: "expired" });
    expect(sessions.endByTokens({ refreshToken: other.refreshToken }, "logout")).toBe(1);
    expect(sessions.refresh(other.refreshToken, meta)).toBeUndefined();
    expect(sessions.resolve(other.token)).toEqual({ ended: "expired" });
  });

  it("expire when idle, and a refresh token brings a new session once", () => {
    const users = new Users(t.db, clock);
    const u = users.create({ email: "r@example.com", pwdHash: "x" });
    const sessions = new Sessions(t.db, clock);
    const s = sessions.issue(u.id, { deviceId: "d1", ip: "", userAgent: "" });
    now += SESSION_RULES.idleMs + 1;
    expect(sessions.resolve(s.token)).toEqual({ ended: "expired" });
    const next = sessions.refresh(s.refreshToken, { ip: "", userAgent: "" });
    expect(next).toBeDefined();
    expect(next!.from).toBe(s.id);
    expect(sessions.resolve(next!.next.token)).toMatchObject({ session: { user_id: u.id, device_id: "d1" } });
    expect(sessions.refresh(s.refreshToken, { ip: "", userAgent: "" })).toBeUndefined();
    expect(sessions.refresh("nonsense", { ip: "", userAgent: "" })).toBeUndefined();
  });

  it("end every other session of a user (one web session, revocation)", () => {
    const users = new Users(t.db, clock);
    const u = users.create({ email: "m@example.com", pwdHash: "x" });
    const sessions = new Sessions(t.db, clock);
    const a = sessions.issue(u.id, { deviceId: "a", ip: "", userAgent: "" });
    const b = sessions.issue(u.id, { deviceId: "b", ip: "", userAgent: "" });
    expect(sessions.endAllOf(u.id, "replaced", b.id)).toBe(1);
    expect(sessions.resolve(a.token)).toEqual({ ended: "replaced" });
    expect(sessions.live(u.id).map((s) => s.id)).toEqual([b.id]);
  });
});

describe("users and user info", () => {
  it("show phone and e-mail only when bound, masked, with defaults for the rest", () => {
    const users = new Users(t.db, clock);
    const e = users.create({ email: "alice@example.com", pwdHash: "x" });
    expect(e.id).toMatch(/^\d{10}$/);
    const info = userInfoOf(e);
    expect(info.userInfo).toMatchObject({
      userId: e.id,
      bindEmail: true,
      bindPhone: false,
      email: "al****@example.com",
      mobile: "",
      phone: "",
      areaCode: "",
    });
    expect(info.settings).toMatchObject({ ebf: true, mbf: false, gbf: false, kf: 0 });
    expect(Object.keys(info.userInfo).sort()).toEqual(Object.keys(USER_INFO_DEFAULTS).sort());
    expect(JSON.stringify(info)).not.toContain("alice@");

    const m = users.create({ areaCode: "44", mobile: "7700900123", pwdHash: "x" });
    expect(userInfoOf(m).userInfo).toMatchObject({ bindPhone: true, bindEmail: false, mobile: "770****23", areaCode: "44", email: "" });
    expect(users.byLoginName("7700900123", "+44")?.id).toBe(m.id);
    expect(users.byLoginName("ALICE@example.com")?.id).toBe(e.id);
    expect(() => users.create({ email: "alice@example.com", pwdHash: "y" })).toThrow();
  });

  it("fill a partial or hostile user-info answer with defaults", () => {
    const filled = withUserInfoDefaults({ userId: "42", vipLevel: "9", frozen: true, extra: 1 });
    expect(filled.userId).toBe("42");
    expect(filled.vipLevel).toBe(0);
    expect(filled.frozen).toBe(true);
    expect("extra" in filled).toBe(false);
    expect(withUserInfoDefaults(null)).toEqual(USER_INFO_DEFAULTS);
  });
});
