import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import { CAPTCHA_IMAGE_PATH, CAPTCHA_SCENES, CAPTCHA_TYPE_SLIDER } from "../../protocol/captcha.ts";
import { PATHS } from "../../protocol/paths.ts";
import { migrate } from "../db/database.ts";
import type { GatewayContext } from "../context.ts";
import { ok, refuse } from "../envelope.ts";
import { parseBody } from "../validate.ts";
import { parseSlideResult } from "./judge.ts";
import { CAPTCHA_MIGRATIONS, CaptchaStore, RiskCounter } from "./store.ts";

const IdBody = z.object({ scene: z.enum(CAPTCHA_SCENES) });

const CheckBody = z.object({
  captchaType: z.literal(CAPTCHA_TYPE_SLIDER),
  captchaValidate: z.string().min(1).max(64 * 1024),
  bizId: z.string().min(1).max(64),
  captchaId: z.string().min(1).max(64),
});

const ImageQuery = z.object({ captchaId: z.string().min(1).max(64), part: z.enum(["background", "piece"]) });

function decodeResult(b64: string) {
  try {
    return parseSlideResult(JSON.parse(Buffer.from(b64, "base64").toString("utf8")));
  } catch {
    return undefined;
  }
}

/** The self-hosted slider captcha of PROTOCOL.md §8. */
export function installCaptcha(app: FastifyInstance, ctx: GatewayContext): { store: CaptchaStore; risk: RiskCounter } {
  migrate(ctx.db, CAPTCHA_MIGRATIONS);
  const store = new CaptchaStore(ctx.db);
  const risk = new RiskCounter(ctx.db);

  app.post(PATHS.captchaId, async (req) => {
    const { scene } = parseBody(IdBody, req.body ?? {});
    const { captchaId, bizId, challenge } = store.create(scene);
    const image = (part: string) => `${CAPTCHA_IMAGE_PATH}?captchaId=${captchaId}&part=${part}`;
    return ok({
      bizId,
      captchaId,
      status: 1,
      width: challenge.width,
      height: challenge.height,
      pieceSize: challenge.pieceSize,
      pieceY: challenge.pieceY,
      backgroundUrl: image("background"),
      pieceUrl: image("piece"),
    });
  });

  app.get(CAPTCHA_IMAGE_PATH, async (req, reply) => {
    const q = ImageQuery.safeParse(req.query);
    if (!q.success) throw refuse(CODES.invalidParameter, "Invalid parameter captchaId or part", 400);
    const png = store.image(q.data.captchaId, q.data.part);
    if (!png) throw refuse(CODES.captchaExpired, "Captcha expired, please start again", 404);
    return reply.header("cache-control", "no-store").type("image/png").send(png);
  });

  app.post(PATHS.captchaCheck, async (req) => {
    const body = parseBody(CheckBody, req.body ?? {});
    const result = decodeResult(body.captchaValidate);
    if (!result) throw refuse(CODES.invalidParameter, "Invalid parameter captchaValidate", 400);
    const outcome = store.check(body.captchaId, body.bizId, result);
    if (outcome.ok) return ok({ captchaToken: outcome.captchaToken });
    if (outcome.reason === "wrong") throw refuse(CODES.captchaFailed, "Verification failed, please try again");
    throw refuse(CODES.captchaExpired, "Captcha expired, please start again");
  });

  return { store, risk };
}
