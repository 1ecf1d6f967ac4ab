import { generateKeyPairSync, verify } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LoginKeyRing } from "./login-keys.ts";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const issuer = generateKeyPairSync("rsa", { modulusLength: 2048 });

function ring(now: { t: number }, dir = mkdtempSync(join(tmpdir(), "mix-ring-"))) {
  dirs.push(dir);
  return { dir, r: new LoginKeyRing(dir, issuer.privateKey, { rotateMs: 1000, graceMs: 300 }, () => now.t) };
}

describe("LoginKeyRing", () => {
  it("hands out an issuer-signed key, replaces it when due and keeps the old one only through its grace", async () => {
    const now = { t: 10_000 };
    const { dir, r } = ring(now);
    await r.rotateIfDue();
    const first = r.current();
    expect(verify("sha256", Buffer.from(first.serverPublicKey), issuer.publicKey, Buffer.from(first.serverPublicKeySign, "base64"))).toBe(
      true,
    );
    now.t += 999;
    expect(await r.rotateIfDue()).toBe(false);
    now.t += 1;
    expect(await r.rotateIfDue()).toBe(true);
    const second = r.current();
    expect(second.serverPublicKey).not.toBe(first.serverPublicKey);
    expect(r.accepted().map((k) => k.id)).toEqual([second.id, first.id]);
    now.t += 299;
    await r.rotateIfDue();
    expect(r.accepted()).toHaveLength(2);
    now.t += 1;
    await r.rotateIfDue();
    expect(r.accepted().map((k) => k.id)).toEqual([second.id]);
    // A retired key is gone from the disk too: nothing can open what it sealed any more.
    expect(readdirSync(dir)).toEqual([`${second.id}.pem`]);
  });

  it("comes back after a restart with the same current key", async () => {
    const now = { t: 50_000 };
    const { dir, r } = ring(now);
    await r.rotateIfDue();
    const again = ring(now, dir).r;
    expect(again.current().serverPublicKey).toBe(r.current().serverPublicKey);
  });
});
