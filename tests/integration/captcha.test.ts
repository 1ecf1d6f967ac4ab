import Database from "better-sqlite3";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "../../protocol/paths";
import { startGateway, tempDataDir, type Started } from "../setup/processes";

let gw: Started;
const data = tempDataDir();
beforeAll(async () => {
  gw = await startGateway(data.dir);
});
afterAll(async () => {
  await gw.stop();
  data.remove();
});

async function post(path: string, body: unknown) {
  const res = await fetch(`${gw.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { code: string; msg: string; data: Record<string, unknown> } };
}

/** Test-only look at the answer the gateway keeps to itself. */
function answerOf(captchaId: string): number {
  const db = new Database(join(data.dir, "gateway.sqlite"), { readonly: true });
  try {
    return (db.prepare("SELECT answer_x FROM captcha_challenges WHERE captcha_id = ?").get(captchaId) as { answer_x: number }).answer_x;
  } finally {
    db.close();
  }
}

function slide(x: number) {
  const trail: Array<[number, number, number]> = [];
  for (let i = 0; i <= 24; i++) {
    const p = i / 24;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    trail.push([Math.round(p * 800), Math.round(eased * x * 10) / 10, i % 3]);
  }
  return Buffer.from(JSON.stringify({ x, trail, input: "pointer" })).toString("base64");
}

async function newChallenge() {
  const { body } = await post(PATHS.captchaId, { scene: "login" });
  expect(body.code).toBe("00000");
  return body.data as { captchaId: string; bizId: string; status: number; backgroundUrl: string; pieceUrl: string; pieceY: number };
}

describe("slider captcha (a real gateway process)", () => {
  it("hands out a challenge whose two images are PNGs and whose answer stays on the server", async () => {
    const c = await newChallenge();
    expect(c.status).toBe(1);
    expect(JSON.stringify(c)).not.toContain(String(answerOf(c.captchaId)) + ",");
    for (const url of [c.backgroundUrl, c.pieceUrl]) {
      const res = await fetch(`${gw.url}${url}`);
      expect(res.headers.get("content-type")).toBe("image/png");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(1, 4).toString()).toBe("PNG");
    }
  });

  it("turns a human slide onto the hole into a token, once", async () => {
    const c = await newChallenge();
    const check = { captchaType: 3, captchaValidate: slide(answerOf(c.captchaId)), bizId: c.bizId, captchaId: c.captchaId };
    const first = await post(PATHS.captchaCheck, check);
    expect(first.body.code).toBe("00000");
    expect(first.body.data.captchaToken).toMatch(/^[\w-]{20,}$/);
    const again = await post(PATHS.captchaCheck, check);
    expect(again.body.code).toBe("10023");
    expect((await fetch(`${gw.url}${c.backgroundUrl}`)).status).toBe(404);
  });

  it("refuses a miss, and after three tries refuses even the right answer", async () => {
    const c = await newChallenge();
    const answer = answerOf(c.captchaId);
    const at = (x: number) => post(PATHS.captchaCheck, { captchaType: 3, captchaValidate: slide(x), bizId: c.bizId, captchaId: c.captchaId });
    expect((await at(answer + 30)).body.code).toBe("10022");
    expect((await at(answer - 30)).body.code).toBe("10022");
    expect((await at(answer + 12)).body.code).toBe("10022");
    expect((await at(answer)).body.code).toBe("10023");
  });

  it("answers bad input with clear envelopes", async () => {
    const c = await newChallenge();
    expect((await post(PATHS.captchaId, { scene: "nope" })).body.code).toBe("40017");
    expect((await post(PATHS.captchaCheck, { captchaType: 3, captchaValidate: "%%%", bizId: c.bizId, captchaId: c.captchaId })).body.code).toBe("40017");
    expect((await post(PATHS.captchaCheck, { captchaType: 2, captchaValidate: slide(1), bizId: c.bizId, captchaId: c.captchaId })).body.code).toBe("40017");
    expect((await post(PATHS.captchaCheck, { captchaType: 3, captchaValidate: slide(answerOf(c.captchaId)), bizId: "other", captchaId: c.captchaId })).body.code).toBe("10023");
    expect((await post(PATHS.captchaCheck, { captchaType: 3, captchaValidate: slide(10), bizId: "x", captchaId: "unknown" })).body.code).toBe("10023");
    const img = await fetch(`${gw.url}/v1/security/policy/captcha/image?captchaId=${c.captchaId}&part=other`);
    expect(img.status).toBe(400);
  });
});
