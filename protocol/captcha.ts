/** Captcha wire details (docs/protocol.md §8) shared by the gateway and the browser. */
export const CAPTCHA_TYPE_SLIDER = 3;
export const CAPTCHA_GROUP = "gateway";
export const CAPTCHA_TOKEN_TTL_MS = 2 * 60_000;
/** A challenge takes one answer, right or wrong, within this long of being handed out (docs/decisions/013). */
export const CAPTCHA_CHALLENGE_TTL_MS = 2 * 60_000;
export const CAPTCHA_SCENES = ["login", "register", "send-code", "reset-password"] as const;
export type CaptchaScene = (typeof CAPTCHA_SCENES)[number];

/** Served next to the calls of docs/product.md: the challenge's two images. */
export const CAPTCHA_IMAGE_PATH = "/v1/security/policy/captcha/image";

/**
 * Proof of work of a challenge (docs/decisions/013): find `nonce` (at most this many characters of
 * [0-9a-z]) so that SHA-256 of the UTF-8 of `prefix + nonce` starts with `bits` zero bits.
 */
export const CAPTCHA_POW_ALGORITHM = "sha256";
export const CAPTCHA_POW_BITS = 18;
export const CAPTCHA_POW_NONCE_MAX = 16;
