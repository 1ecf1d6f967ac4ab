import Database from "better-sqlite3";
import { createHmac } from "node:crypto";
import { join } from "node:path";
import { expect } from "vitest";
import { solvePow, syntheticTrail } from "./captcha-solver";
import { newestCode } from "./outbox";
import { ProtocolClient } from "./protocol-client";

/** A gateway under test: its address and data directory (the outbox is the inbox). */
export interface GatewayUnderTest {
  url: string;
  dataDir: string;
}

export function codeOf(gw: GatewayUnderTest, to: string): string {
  const code = newestCode(gw.dataDir, to);
  if (!code) throw new Error(`no message to ${to}`);
  return code;
}

/** A six-digit code that is not `code`. */
export const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");

/** Registers by e-mail with the outbox code; the client is logged in and remembers its key for the device check. */
export async function registerByEmail(gw: GatewayUnderTest, email: string, password = "Passw0rd!x") {
  const c = new ProtocolClient(gw.url);
  await c.loadConfig();
  expect((await c.call("POST", "/v1/user/public/send-code", { scene: "register", channel: "email", email })).body.code).toBe("00000");
  const r = await c.secure(
    "/v1/user/register/email",
    { email, pwd: password, rePwd: password, verifyCode: codeOf(gw, email) },
    { locale: "en" },
  );
  expect(r.body.code).toBe("00000");
  c.remember(r.body.data.userInfo.userId);
  return { c, userId: r.body.data.userInfo.userId as string };
}

/** Test-only writes the gateway offers no path for (an operator's flag, a clock moved on). */
export function withDb<T>(gw: GatewayUnderTest, fn: (db: Database.Database) => T): T {
  const db = new Database(join(gw.dataDir, "gateway.sqlite"));
  db.pragma("busy_timeout = 5000");
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/**
 * Solves the slider challenge of a scene as a person would (the answer read from the gateway's
 * store, the proof of work done, the drag taking its time): a captcha token.
 */
export async function solveCaptcha(gw: GatewayUnderTest, c: ProtocolClient, scene: string): Promise<string> {
  const ch = await c.call("POST", "/v1/security/policy/captcha/get-captcha-id", { scene });
  const started = Date.now();
  const answer = withDb(
    gw,
    (db) =>
      (db.prepare("SELECT answer_x FROM captcha_challenges WHERE captcha_id = ?").get(ch.body.data.captchaId) as { answer_x: number })
        .answer_x,
  );
  const { nonce } = solvePow(ch.body.data.pow.prefix, ch.body.data.pow.bits);
  const trail = syntheticTrail(answer, 700);
  // The drag lasted 700 ms: the gateway refuses an answer sooner than that after the challenge.
  await new Promise((r) => setTimeout(r, Math.max(0, 750 - (Date.now() - started))));
  const check = await c.call("POST", "/v1/security/policy/captcha/check-captcha", {
    captchaType: 3,
    bizId: ch.body.data.bizId,
    captchaId: ch.body.data.captchaId,
    captchaValidate: Buffer.from(JSON.stringify({ x: answer, trail, input: "pointer", pow: nonce })).toString("base64"),
  });
  expect(check.body.code).toBe("00000");
  return check.body.data.captchaToken as string;
}

/** A bot's call with an API key (docs/protocol.md §9): plain HTTP and an HMAC, nothing of the browser's. */
export async function assetsByKey(baseUrl: string, k: { apiKey: string; secretKey: string }, passphrase: string) {
  const ts = String(Date.now());
  const path = "/api/v2/spot/account/assets";
  const res = await fetch(`${baseUrl}${path}`, {
    headers: {
      "ACCESS-KEY": k.apiKey,
      "ACCESS-TIMESTAMP": ts,
      "ACCESS-PASSPHRASE": passphrase,
      "ACCESS-SIGN": createHmac("sha256", k.secretKey)
        .update(ts + "GET" + path)
        .digest("base64"),
    },
  });
  return (await res.json()) as { code: string; msg: string; data: unknown };
}
