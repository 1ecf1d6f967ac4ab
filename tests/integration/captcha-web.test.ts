import Database from "better-sqlite3";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PATHS } from "../../protocol/paths";
import { decodePng, solvePow, solveByRimColour, syntheticTrail } from "../setup/captcha-solver";
import { webForSuite } from "../setup/suite";
import { ProtocolClient } from "../setup/protocol-client";

// The production web server with its embedded gateway: `npm run build` must have run.
const web = webForSuite();

interface Challenge {
  captchaId: string;
  bizId: string;
  pieceY: number;
  pieceSize: number;
  backgroundUrl: string;
  pow: { prefix: string; bits: number };
}

function answerOf(captchaId: string): number {
  const db = new Database(join(web.dir, "gateway.sqlite"), { readonly: true });
  try {
    return (db.prepare("SELECT answer_x FROM captcha_challenges WHERE captcha_id = ?").get(captchaId) as { answer_x: number }).answer_x;
  } finally {
    db.close();
  }
}

async function challenge(c: ProtocolClient): Promise<Challenge> {
  const { body } = await c.call("POST", PATHS.captchaId, { scene: "login" });
  expect(body.code).toBe("00000");
  return body.data as Challenge;
}

async function check(c: ProtocolClient, ch: Challenge, x: number, pow: string | undefined, wait = true) {
  if (wait) await new Promise((r) => setTimeout(r, 750));
  const result = { x, trail: syntheticTrail(x, 700), input: "pointer", ...(pow !== undefined ? { pow } : {}) };
  return (
    await c.call("POST", PATHS.captchaCheck, {
      captchaType: 3,
      bizId: ch.bizId,
      captchaId: ch.captchaId,
      captchaValidate: Buffer.from(JSON.stringify(result)).toString("base64"),
    })
  ).body;
}

describe("slider captcha through the BFF", () => {
  it("gives a token once to the browser that asked; replays, other devices and missing work are refused", async () => {
    const c = new ProtocolClient(web.url);
    const ch = await challenge(c);
    const x = answerOf(ch.captchaId);
    const nonce = solvePow(ch.pow.prefix, ch.pow.bits).nonce;
    const img = await fetch(`${web.url}${ch.backgroundUrl}`);
    expect(img.headers.get("content-type")).toBe("image/png");

    const otherDevice = new ProtocolClient(web.url);
    expect((await check(otherDevice, ch, x, nonce)).code).toBe("10023");
    const ok = await check(c, ch, x, nonce, false);
    expect(ok.code).toBe("00000");
    expect(ok.data.captchaToken).toMatch(/^[\w-]{20,}$/);
    expect((await check(c, ch, x, nonce, false)).code).toBe("10023");

    const lazy = await challenge(c);
    expect((await check(c, lazy, answerOf(lazy.captchaId), undefined)).code).toBe("10022");
    expect((await check(c, lazy, answerOf(lazy.captchaId), solvePow(lazy.pow.prefix, lazy.pow.bits).nonce, false)).code).toBe("10023");
  });

  it("does not fall to the review's rim-colour script", async () => {
    let solved = 0;
    for (let i = 0; i < 5; i++) {
      const c = new ProtocolClient(web.url);
      const ch = await challenge(c);
      const bg = decodePng(Buffer.from(await (await fetch(`${web.url}${ch.backgroundUrl}`)).arrayBuffer()));
      const x = solveByRimColour(bg, ch.pieceY, ch.pieceSize);
      if ((await check(c, ch, x, solvePow(ch.pow.prefix, ch.pow.bits).nonce)).code === "00000") solved++;
    }
    expect(solved).toBeLessThanOrEqual(1);
  });
});
