/** Captcha wire details (PROTOCOL.md §8) shared by the gateway and the browser. */
export const CAPTCHA_TYPE_SLIDER = 3;
export const CAPTCHA_GROUP = "gateway";
export const CAPTCHA_TOKEN_TTL_MS = 2 * 60_000;
export const CAPTCHA_CHALLENGE_TTL_MS = 5 * 60_000;
export const CAPTCHA_MAX_ATTEMPTS = 3;
export const CAPTCHA_SCENES = ["login", "register", "send-code", "reset-password"] as const;
export type CaptchaScene = (typeof CAPTCHA_SCENES)[number];

/** Served next to the calls of SPEC.md §7: the challenge's two images. */
export const CAPTCHA_IMAGE_PATH = "/v1/security/policy/captcha/image";
