import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { TOTP_GUARD } from "../../protocol/account-paths.ts";
import { tempDatabaseEachTest } from "../db/testing.ts";
import { GatewayError } from "../envelope.ts";
import { code6, optional } from "./fields.ts";
import { ACCOUNT_MIGRATIONS } from "./migrations.ts";
import { Sessions } from "./sessions.ts";
import { newTotpSecret, totpAt } from "./totp.ts";
import { TotpGuard } from "./totp-guard.ts";
import { Users } from "./users.ts";

const t = tempDatabaseEachTest("mix-totp-", ACCOUNT_MIGRATIONS);
let now: number;
const clock = () => now;
beforeEach(() => {
  now = 1_800_000_000_000;
});

const codeOf = (f: () => void): string => {
  try {
    f();
    return "ok";
  } catch (err) {
    return err instanceof GatewayError ? err.code : String(err);
  }
};

describe("TOTP guard", () => {
  it("accepts each time step once, and an older step after a newer one not at all", () => {
    const u = new Users(t.db, clock).create({ email: "t@example.com", pwdHash: "x" });
    const guard = new TotpGuard(t.db, clock);
    const secret = newTotpSecret();
    expect(codeOf(() => guard.check(u.id, secret, totpAt(secret, now)))).toBe("ok");
    expect(codeOf(() => guard.check(u.id, secret, totpAt(secret, now)))).toBe("20002");
    expect(codeOf(() => guard.check(u.id, secret, totpAt(secret, now - 30_000)))).toBe("20002");
    expect(codeOf(() => guard.check(u.id, secret, totpAt(secret, now + 30_000)))).toBe("ok");
    now += 60_000;
    expect(codeOf(() => guard.check(u.id, secret, totpAt(secret, now)))).toBe("ok");
    // A new secret starts over.
    guard.forgetSteps(u.id);
    const fresh = newTotpSecret();
    expect(codeOf(() => guard.check(u.id, fresh, totpAt(fresh, now)))).toBe("ok");
  });

  it("locks after the free wrong codes, for longer with each further one, and a right code after the lock clears the count", () => {
    const u = new Users(t.db, clock).create({ email: "l@example.com", pwdHash: "x" });
    const guard = new TotpGuard(t.db, clock);
    const secret = newTotpSecret();
    const valid = new Set([-1, 0, 1].map((d) => totpAt(secret, now + d * 30_000)));
    const bad = ["000000", "111111", "222222", "333333"].find((c) => !valid.has(c))!;
    for (let i = 1; i < TOTP_GUARD.free; i++) expect(codeOf(() => guard.check(u.id, secret, bad))).toBe("20002");
    let err: GatewayError | undefined;
    try {
      guard.check(u.id, secret, bad);
    } catch (e) {
      err = e as GatewayError;
    }
    expect(err?.code).toBe("42900");
    expect((err?.data as { retryAfterMs: number }).retryAfterMs).toBe(TOTP_GUARD.lockMs);
    // Locked: even a right code waits, and a second guard (a restart) sees the same lock.
    expect(codeOf(() => new TotpGuard(t.db, clock).check(u.id, secret, totpAt(secret, now)))).toBe("42900");
    now += TOTP_GUARD.lockMs + 1;
    const later = [-1, 0, 1].map((d) => totpAt(secret, now + d * 30_000));
    const bad2 = ["000000", "111111", "222222", "333333"].find((c) => !later.includes(c))!;
    try {
      guard.check(u.id, secret, bad2);
    } catch (e) {
      err = e as GatewayError;
    }
    expect((err?.data as { retryAfterMs: number }).retryAfterMs).toBe(TOTP_GUARD.lockMs * 2);
    now += TOTP_GUARD.lockMs * 2 + 1;
    expect(codeOf(() => guard.check(u.id, secret, totpAt(secret, now)))).toBe("ok");
    expect(codeOf(() => guard.check(u.id, secret, bad2 === totpAt(secret, now + 30_000) ? "999999" : bad2))).toBe("20002");
  });

  it("refuses a missing code or secret as a wrong code", () => {
    const u = new Users(t.db, clock).create({ email: "m@example.com", pwdHash: "x" });
    const guard = new TotpGuard(t.db, clock);
    expect(codeOf(() => guard.check(u.id, null, "123456"))).toBe("20002");
    expect(codeOf(() => guard.check(u.id, newTotpSecret(), undefined))).toBe("20002");
  });
});

describe("sessions revoked for good", () => {
  it("kill the refresh tokens of idle-expired sessions too, of one device or all but the kept one", () => {
    const u = new Users(t.db, clock).create({ email: "s@example.com", pwdHash: "x" });
    const sessions = new Sessions(t.db, clock);
    const a = sessions.issue(u.id, { deviceId: "a", ip: "", userAgent: "" });
    now += 3 * 60 * 60_000;
    expect(sessions.resolve(a.token)).toEqual({ ended: "expired" });
    const b = sessions.issue(u.id, { deviceId: "b", ip: "", userAgent: "" });
    const c = sessions.issue(u.id, { deviceId: "c", ip: "", userAgent: "" });
    expect(sessions.revoke(u.id, { deviceId: "a" })).toBe(0);
    expect(sessions.refresh(a.refreshToken, { ip: "", userAgent: "" })).toBeUndefined();
    expect(sessions.revoke(u.id, { keep: c.id })).toBe(1);
    expect(sessions.refresh(b.refreshToken, { ip: "", userAgent: "" })).toBeUndefined();
    expect(sessions.resolve(c.token)).toMatchObject({ session: { id: c.id } });
    expect(sessions.refresh(c.refreshToken, { ip: "", userAgent: "" })).toBeDefined();
  });
});

describe("optional fields", () => {
  it("treat empty and blank strings and null as absent, and still refuse bad values", () => {
    const s = z.object({ googleCode: optional(code6) });
    expect(s.parse({ googleCode: "" })).toEqual({});
    expect(s.parse({ googleCode: "  " })).toEqual({});
    expect(s.parse({ googleCode: null })).toEqual({});
    expect(s.parse({})).toEqual({});
    expect(s.parse({ googleCode: " 123456 " })).toEqual({ googleCode: "123456" });
    expect(s.safeParse({ googleCode: "12345" }).success).toBe(false);
    expect(s.safeParse({ googleCode: 123456 }).success).toBe(false);
  });
});
