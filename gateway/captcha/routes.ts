import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import { CAPTCHA_IMAGE_PATH, CAPTCHA_SCENES, CAPTCHA_TYPE_SLIDER } from "../../protocol/captcha.ts";
import { PATHS } from "../../protocol/paths.ts";
import { ok, refuse } from "../envelope.ts";
import { parseBody } from "../validate.ts";
import { parseSlideResult } from "./judge.ts";
import { captchaClientOf, type CaptchaStore } from "./store.ts";

const IdBody = z.object({ scene: z.enum(CAPTCHA_SCENES) });

const CheckBody = z.object({
  captchaType: z.literal(CAPTCHA_TYPE_SLIDER),
  captchaValidate: z
    .string()
    .min(1)
    .max(64 * 1024),
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

/** The self-hosted slider captcha (docs/decisions/004, 013). */
export function captchaRoutes(app: FastifyInstance, store: CaptchaStore): void {
  app.post(PATHS.captchaId, async (req) => {
    const { scene } = parseBody(IdBody, req.body ?? {});
    const { captchaId, bizId, plan, pow } = store.create(scene, captchaClientOf(req));
    const image = (part: string) => `${CAPTCHA_IMAGE_PATH}?captchaId=${captchaId}&part=${part}`;
    return ok({
      bizId,
      captchaId,
      status: 1,
      width: plan.width,
      height: plan.height,
      pieceSize: plan.pieceSize,
      pieceY: plan.pieceY,
      backgroundUrl: image("background"),
      pieceUrl: image("piece"),
      pow,
    });
  });

  app.get(CAPTCHA_IMAGE_PATH, async (req, reply) => {
    const q = ImageQuery.safeParse(req.query);
    if (!q.success) throw refuse(CODES.invalidParameter, "Invalid parameter captchaId or part", 400);
    const png = store.image(q.data.captchaId, q.data.part, req.ip);
    if (!png) throw refuse(CODES.captchaExpired, "Captcha expired, please start again", 404);
    return reply.header("cache-control", "no-store").type("image/png").send(png);
  });

  app.post(PATHS.captchaCheck, async (req) => {
    const body = parseBody(CheckBody, req.body ?? {});
    const result = decodeResult(body.captchaValidate);
    if (!result) throw refuse(CODES.invalidParameter, "Invalid parameter captchaValidate", 400);
    const outcome = store.check(body.captchaId, body.bizId, result, captchaClientOf(req));
    if (outcome.ok) return ok({ captchaToken: outcome.captchaToken });
    // Which check failed stays in the log: telling a script would help it tune itself.
    req.log.info({ captcha: outcome.reason }, "captcha refused");
    switch (outcome.reason) {
      case "pow":
      case "position":
      case "trail":
      case "timing":
        throw refuse(CODES.captchaFailed, "Verification failed; please try again with a new picture");
      default:
        throw refuse(CODES.captchaExpired, "Captcha expired, please start again");
    }
  });
}
