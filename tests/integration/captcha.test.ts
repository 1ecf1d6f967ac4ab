import Database from "better-sqlite3";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../protocol/paths";
import { CAPTCHA_IMAGE_PATH } from "../../protocol/captcha";
import { registerByEmail, solveCaptcha, withDb } from "../setup/accounts";
import { decodePng, solvePow, solveByRimColour, syntheticTrail } from "../setup/captcha-solver";
import { gatewayForSuite } from "../setup/suite";
import { ProtocolClient } from "../setup/protocol-client";

const gw = gatewayForSuite();

interface Challenge {
  captchaId: string;
  bizId: string;
  status: number;
  width: number;
  pieceSize: number;
  pieceY: number;
  backgroundUrl: string;
  pieceUrl: string;
  pow?: { algorithm: string; prefix: string; bits: number };
}

/** Test-only look at the answer the gateway keeps to itself. */
function answerOf(dir: string, captchaId: string): number {
  const db = new Database(join(dir, "gateway.sqlite"), { readonly: true });
  try {
    return (db.prepare("SELECT answer_x FROM captcha_challenges WHERE captcha_id = ?").get(captchaId) as { answer_x: number }).answer_x;
  } finally {
    db.close();
  }
}

async function newChallenge(c: ProtocolClient, scene = "login"): Promise<Challenge> {
  const { body } = await c.call("POST", PATHS.captchaId, { scene });
  expect(body.code).toBe("00000");
  return body.data as Challenge;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Answers a challenge the way a good client does (proof of work, an eased drag, the drag's time
 * let pass) unless told otherwise.
 */
async function answer(
  c: ProtocolClient,
  ch: Challenge,
  x: number,
  opts: { pow?: string | null; ms?: number; wait?: boolean; bizId?: string } = {},
) {
  const ms = opts.ms ?? 700;
  const pow = opts.pow === undefined ? (ch.pow ? solvePow(ch.pow.prefix, ch.pow.bits).nonce : undefined) : (opts.pow ?? undefined);
  if (opts.wait !== false) await sleep(ms + 50);
  const result = { x, trail: syntheticTrail(x, ms), input: "pointer", ...(pow !== undefined ? { pow } : {}) };
  return (
    await c.call("POST", PATHS.captchaCheck, {
      captchaType: 3,
      captchaValidate: Buffer.from(JSON.stringify(result)).toString("base64"),
      bizId: opts.bizId ?? ch.bizId,
      captchaId: ch.captchaId,
    })
  ).body;
}

const image = (c: ProtocolClient, url: string, base = gw.url) => fetch(`${base}${url}`, { headers: { "x-forwarded-for": c.ip } });

describe("slider captcha (a real gateway process)", () => {
  it("hands out a challenge with a proof-of-work puzzle, two PNGs for its client, and keeps no picture in the database", async () => {
    const c = new ProtocolClient(gw.url);
    const ch = await newChallenge(c);
    expect(ch.status).toBe(1);
    expect(ch.pow).toMatchObject({ algorithm: "sha256", bits: 18 });
    expect(ch.pow!.prefix).toMatch(/^[0-9a-f]{32}$/);
    // Nothing in the challenge can carry the answer: its fields are exactly these, the geometry is
    // fixed, the picture URLs name only the challenge. (A search for the answer's digits in the JSON
    // matched "height":160 whenever the answer was 60.)
    expect(Object.keys(ch).sort()).toEqual(
      ["backgroundUrl", "bizId", "captchaId", "height", "pieceSize", "pieceUrl", "pieceY", "pow", "status", "width"].sort(),
    );
    expect(ch).toMatchObject({ width: 300, height: 160, pieceSize: 48 });
    expect(Object.keys(ch.pow!).sort()).toEqual(["algorithm", "bits", "prefix"]);
    for (const part of ["background", "piece"])
      expect(ch[`${part}Url` as "backgroundUrl" | "pieceUrl"]).toBe(`${CAPTCHA_IMAGE_PATH}?captchaId=${ch.captchaId}&part=${part}`);
    expect(answerOf(gw.dir, ch.captchaId)).toBeGreaterThanOrEqual(0);
    for (const url of [ch.backgroundUrl, ch.pieceUrl]) {
      const res = await image(c, url);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe("PNG");
    }
    // Another address does not get the pictures.
    const other = new ProtocolClient(gw.url);
    expect((await image(other, ch.backgroundUrl)).status).toBe(404);
    const row = withDb(
      { url: gw.url, dataDir: gw.dir },
      (db) => db.prepare("SELECT * FROM captcha_challenges WHERE captcha_id = ?").get(ch.captchaId) as Record<string, unknown>,
    );
    expect(Object.values(row).every((v) => !Buffer.isBuffer(v))).toBe(true);
    expect(JSON.stringify(row).length).toBeLessThan(600);
  });

  it("turns a person's answer into a token once; the replay and the pictures are gone", async () => {
    const c = new ProtocolClient(gw.url);
    const ch = await newChallenge(c);
    const x = answerOf(gw.dir, ch.captchaId);
    const nonce = solvePow(ch.pow!.prefix, ch.pow!.bits).nonce;
    const first = await answer(c, ch, x, { pow: nonce });
    expect(first.code).toBe("00000");
    expect(first.data.captchaToken).toMatch(/^[\w-]{20,}$/);
    expect((await answer(c, ch, x, { pow: nonce, wait: false })).code).toBe("10023");
    expect((await image(c, ch.backgroundUrl)).status).toBe(404);
  });

  it("takes one answer per challenge: after a miss even the right answer is refused", async () => {
    const c = new ProtocolClient(gw.url);
    const ch = await newChallenge(c);
    const x = answerOf(gw.dir, ch.captchaId);
    expect((await answer(c, ch, x + 30)).code).toBe("10022");
    expect((await answer(c, ch, x)).code).toBe("10023");
  });

  it("lets only one of several answers sent at once through", async () => {
    const c = new ProtocolClient(gw.url);
    const ch = await newChallenge(c);
    const x = answerOf(gw.dir, ch.captchaId);
    const nonce = solvePow(ch.pow!.prefix, ch.pow!.bits).nonce;
    await sleep(750);
    const codes = await Promise.all(Array.from({ length: 6 }, () => answer(c, ch, x, { pow: nonce, wait: false }).then((b) => b.code)));
    expect(codes.filter((code) => code === "00000")).toHaveLength(1);
    expect(codes.filter((code) => code === "10023")).toHaveLength(5);
  });

  it("refuses an answer from another address or another device id, and the asker can still answer", async () => {
    const c = new ProtocolClient(gw.url);
    const ch = await newChallenge(c);
    const x = answerOf(gw.dir, ch.captchaId);
    const otherAddress = new ProtocolClient(gw.url);
    otherAddress.deviceId = c.deviceId;
    const otherDevice = new ProtocolClient(gw.url);
    otherDevice.ip = c.ip;
    const noDevice = new ProtocolClient(gw.url);
    noDevice.ip = c.ip;
    const nonce = solvePow(ch.pow!.prefix, ch.pow!.bits).nonce;
    expect((await answer(otherAddress, ch, x, { pow: nonce })).code).toBe("10023");
    expect((await answer(otherDevice, ch, x, { pow: nonce, wait: false })).code).toBe("10023");
    const bare = await noDevice.call(
      "POST",
      PATHS.captchaCheck,
      {
        captchaType: 3,
        bizId: ch.bizId,
        captchaId: ch.captchaId,
        captchaValidate: Buffer.from(JSON.stringify({ x, trail: syntheticTrail(x), input: "pointer", pow: nonce })).toString("base64"),
      },
      { headers: { deviceid: "" } },
    );
    expect(bare.body.code).toBe("10023");
    expect((await answer(c, ch, x, { pow: nonce, wait: false })).code).toBe("00000");
  });

  it("refuses a missing or wrong proof of work, and the challenge is spent", async () => {
    const c = new ProtocolClient(gw.url);
    for (const pow of [null, "0", "zzzzzzzz"]) {
      const ch = await newChallenge(c);
      const x = answerOf(gw.dir, ch.captchaId);
      expect((await answer(c, ch, x, { pow })).code).toBe("10022");
      expect((await answer(c, ch, x, { pow: "0", wait: false })).code).toBe("10023");
    }
    // Another challenge's nonce does not do either.
    const a = await newChallenge(c);
    const b = await newChallenge(c);
    const nonceOfA = solvePow(a.pow!.prefix, a.pow!.bits).nonce;
    expect((await answer(c, b, answerOf(gw.dir, b.captchaId), { pow: nonceOfA })).code).toBe("10022");
  });

  it("refuses an answer sooner than its own drag, and an expired challenge", async () => {
    const c = new ProtocolClient(gw.url);
    const quick = await newChallenge(c);
    expect((await answer(c, quick, answerOf(gw.dir, quick.captchaId), { ms: 60_000, wait: false })).code).toBe("10022");

    const old = await newChallenge(c);
    withDb({ url: gw.url, dataDir: gw.dir }, (db) =>
      db
        .prepare("UPDATE captcha_challenges SET issued_at = issued_at - 300000, expires_at = expires_at - 300000 WHERE captcha_id = ?")
        .run(old.captchaId),
    );
    expect((await answer(c, old, answerOf(gw.dir, old.captchaId), { pow: "0" })).code).toBe("10023");
    expect((await image(c, old.backgroundUrl)).status).toBe(404);
  });

  it("binds the token to the client that earned it", async () => {
    const email = "captcha-bound@example.com";
    await registerByEmail({ url: gw.url, dataDir: gw.dir }, email);
    const victim = new ProtocolClient(gw.url);
    await victim.loadConfig();
    const login = (c: ProtocolClient, pwd: string, headers: Record<string, string> = {}) =>
      c.secure("/v1/user/login", { loginName: email, pwd }, {}, headers);
    for (let i = 0; i < 3; i++) expect((await login(victim, "WrongPass1")).body.code).toBe("20001");
    // A token earned elsewhere (a solving farm) does not open this client's login.
    const farm = new ProtocolClient(gw.url);
    const farmed = await solveCaptcha({ url: gw.url, dataDir: gw.dir }, farm, "login");
    expect((await login(victim, "Passw0rd!x", { "captcha-token": farmed })).body.code).toBe("10021");
    const own = await solveCaptcha({ url: gw.url, dataDir: gw.dir }, victim, "login");
    expect((await login(victim, "Passw0rd!x", { "captcha-token": own })).body.code).toBe("00000");
  });

  it("draws one challenge's pictures a bounded number of times; reloads come from the cache", async () => {
    const c = new ProtocolClient(gw.url);
    const ch = await newChallenge(c);
    for (let i = 0; i < 8; i++) expect((await image(c, i % 2 ? ch.pieceUrl : ch.backgroundUrl)).status).toBe(200);
    const renders = (id: string) =>
      withDb(
        { url: gw.url, dataDir: gw.dir },
        (db) => (db.prepare("SELECT renders FROM captcha_challenges WHERE captcha_id = ?").get(id) as { renders: number }).renders,
      );
    expect(renders(ch.captchaId)).toBe(1);
    // A challenge that has used up its drawings (the cache having forgotten it) is not drawn again.
    const spent = await newChallenge(c);
    withDb({ url: gw.url, dataDir: gw.dir }, (db) =>
      db.prepare("UPDATE captcha_challenges SET renders = 4 WHERE captcha_id = ?").run(spent.captchaId),
    );
    expect((await image(c, spent.backgroundUrl)).status).toBe(404);
  });

  it("answers bad input with clear envelopes", async () => {
    const c = new ProtocolClient(gw.url);
    const ch = await newChallenge(c);
    const x = answerOf(gw.dir, ch.captchaId);
    const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64");
    expect((await c.call("POST", PATHS.captchaId, { scene: "nope" })).body.code).toBe("40017");
    for (const captchaValidate of [
      "%%%",
      b64({ x, trail: [], input: "pointer", pow: 5 }),
      b64({ x, trail: [], input: "pointer", pow: "x".repeat(500) }),
    ]) {
      const res = await c.call("POST", PATHS.captchaCheck, { captchaType: 3, captchaValidate, bizId: ch.bizId, captchaId: ch.captchaId });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("40017");
    }
    expect(
      (
        await c.call("POST", PATHS.captchaCheck, {
          captchaType: 2,
          captchaValidate: b64({ x, trail: [], input: "pointer" }),
          bizId: ch.bizId,
          captchaId: ch.captchaId,
        })
      ).body.code,
    ).toBe("40017");
    expect((await answer(c, ch, x, { bizId: "other", wait: false, pow: "0" })).code).toBe("10023");
    expect(
      (
        await c.call("POST", PATHS.captchaCheck, {
          captchaType: 3,
          captchaValidate: b64({ x: 1, trail: [], input: "pointer" }),
          bizId: "x",
          captchaId: "unknown",
        })
      ).body.code,
    ).toBe("10023");
    expect((await image(c, `/v1/security/policy/captcha/image?captchaId=${ch.captchaId}&part=other`)).status).toBe(400);
    // None of that spent the challenge.
    expect((await answer(c, ch, x)).code).toBe("00000");
  });
});

describe("the review's script against a gateway (proof of work made cheap so only the picture decides)", () => {
  const easy = gatewayForSuite({ CAPTCHA_POW_BITS: "4" });

  it("finds the hole by its exact rim colour at most 2 times in 20", async () => {
    const runs = Array.from({ length: 20 }, async () => {
      // A fresh address and device each time, as a script dodging per-client limits would.
      const c = new ProtocolClient(easy.url);
      const { body } = await c.call("POST", PATHS.captchaId, { scene: "login" });
      const ch = body.data as Challenge;
      const bg = decodePng(Buffer.from(await (await image(c, ch.backgroundUrl, easy.url)).arrayBuffer()));
      const x = solveByRimColour(bg, ch.pieceY, ch.pieceSize);
      return (await answer(c, ch, x)).code === "00000";
    });
    const solved = (await Promise.all(runs)).filter(Boolean).length;
    expect(solved).toBeLessThanOrEqual(2);
  });
});
