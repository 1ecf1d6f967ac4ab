import { CODES } from "../../../protocol/codes";
import { CAPTCHA_GROUP } from "../../../protocol/captcha";
import { HEADERS } from "../../../protocol/headers";
import { PATHS } from "../../../protocol/paths";
import type { ResponseHandler } from "./types";

/**
 * Shows the challenge for a scene and resolves with the captcha token once the person has solved
 * it (the dialog calls check-captcha itself and lets them try again), or null if they gave up.
 */
export type PresentCaptcha = (scene: string) => Promise<string | null>;

/**
 * docs/product.md captcha: a `10021` answer from group `gateway` opens the challenge; once solved the
 * original call is sent again with the token; if abandoned it settles with `90000001` and the
 * original message. Captcha calls themselves are never intercepted.
 */
export function captchaLoop(present: PresentCaptcha): ResponseHandler {
  return async ({ request, envelope }) => {
    if (!envelope || envelope.code !== CODES.captchaRequired) return undefined;
    const data = envelope.data as { group?: unknown; scene?: unknown } | null;
    if (data?.group !== CAPTCHA_GROUP) return undefined;
    const path = request.path.split("?")[0];
    if (path === PATHS.captchaId || path === PATHS.captchaCheck) return undefined;
    const token = await present(typeof data.scene === "string" ? data.scene : "login");
    if (token) return { retryWithHeaders: { [HEADERS.captchaToken]: token } };
    return { settle: { ...envelope, code: CODES.captchaCancelled, data: null } };
  };
}
