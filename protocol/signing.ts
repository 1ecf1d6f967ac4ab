/** Signing and login-encryption constants of docs/protocol.md §4–7 and §14. */
import { FUND_SEALED_FIELDS, FUND_WALLET_PATHS } from "./fund.ts";

export type SignMode = 0 | 1 | 2;
export type KeyAlgorithm = "rsa1024" | "rsa2048";

export const KEY_BITS: Record<KeyAlgorithm, number> = { rsa1024: 1024, rsa2048: 2048 };
export const DEFAULT_CLIENT_ALGORITHM: KeyAlgorithm = "rsa1024";
/** What the embedded gateway asks new clients for: RSA-1024 is below today's minimum for new signatures. */
export const GATEWAY_DEFAULT_ALGORITHM: KeyAlgorithm = "rsa2048";

export const SIGN_CONFIG_CACHE_KEY = "sign-verify-gateway-sign-config";
export const INIT_SIGN_MESSAGE = "device-sign-init";
export const SIGN_TIME_CHARS = 8;
export const KEY_ID_HEX_CHARS = 32;
export const KEYGEN_TIMEOUT_MS = 8000;
export const AES_KEY_BYTES = 32;
export const AES_IV_BYTES = 16;
export const SIGN_DEBOUNCE_MS = 2000;
export const SIGN_DEBUG_PARAM = "sign_debug";

export interface GatewaySignConfig {
  clientOpen: boolean;
  serverPublicKey: string;
  serverPublicKeySign: string;
  defaultAlgorithm: KeyAlgorithm;
  exactUrls: Record<string, SignMode>;
  prefixUrls: Record<string, SignMode>;
  signModes: number[];
  userCheckDeviceUrl: string[];
}

/** Mode for a path: exact match first, else the longest matching prefix; undefined: not signed. */
export function signModeFor(config: Pick<GatewaySignConfig, "exactUrls" | "prefixUrls">, pathname: string): SignMode | undefined {
  const exact = config.exactUrls[pathname];
  if (exact !== undefined) return exact;
  let best: string | undefined;
  for (const prefix of Object.keys(config.prefixUrls)) {
    if (pathname.startsWith(prefix) && (!best || prefix.length > best.length)) best = prefix;
  }
  return best === undefined ? undefined : config.prefixUrls[best];
}

/** docs/protocol.md §5 signing string; an unknown mode signs as mode 0. */
export function signingString(mode: number, path: string, tm: string, uhti: string, body: string): string {
  const time = tm.slice(0, SIGN_TIME_CHARS);
  if (mode === 1) return path + time + uhti;
  if (mode === 2) return path + time + uhti + body;
  return path + time;
}

/** The encrypted login-type paths with the fields that move into the payload (docs/protocol.md §6.1). */
const THIRD = "/v1/user/public/third";
const THIRD_FIELDS = [
  "email",
  "emailCode",
  "mobile",
  "areaCode",
  "verifyCode",
  "serialNO",
  "loginName",
  "pwd",
  "sign",
  "initData",
  "id",
  "token",
  "publicAddress",
  "signature",
];
export const ENCRYPTED_PATHS: Record<string, readonly string[]> = {
  "/v1/user/agency/login": ["loginName", "pwd", "areaCode"],
  "/v1/user/agency/login/verify-login": ["emailCode", "mobileCode", "googleCode"],
  "/v1/user/login": ["loginName", "pwd", "areaCode"],
  "/v1/user/login/verify-login": ["emailCode", "mobileCode", "googleCode"],
  "/v1/user/login/verify-login-v2": ["emailCode", "mobileCode", "googleCode"],
  "/v1/user/login/verify-auth-login": ["emailCode", "mobileCode", "googleCode"],
  "/v1/user/login/verifySystemLogin": ["verifyCode"],
  "/v1/user/login/verifySystemLogin-v2": ["verifyCode"],
  "/v1/user/register/mobile": ["mobile", "areaCode", "pwd", "verifyCode", "rePwd"],
  "/v1/user/register/email": ["email", "pwd", "verifyCode", "rePwd"],
  "/v1/user/register/mobileAndEmail": ["mobile", "areaCode", "pwd", "email", "emailVerifyCode", "verifyCode", "rePwd"],
  "/v1/user/sub/switchLoginDemo": ["userId"],
  "/v1/user/sub/switchTradeDemo": ["userId"],
  "/v1/user/sub/switLogin": ["userId"],
  "/v1/user/sub/switchWeb": ["userId"],
  "/v1/user/sub/switchApp": ["userId"],
  // the third-party sign-in paths all seal the same fields
  ...Object.fromEntries(
    [
      "apple/register",
      "google/register",
      "wallet/register",
      "tg/register",
      "check",
      "bind/check",
      "bind/choose",
      "tg/sign",
      "tg/signV2",
      "oauth/sign",
      "wallet/sign",
      "wallet/check",
      "securityVerify",
      "tg/generateVirtual",
      "tg/checkUserExit",
    ].map((p) => [`${THIRD}/${p}`, THIRD_FIELDS]),
  ),
  "/v1/user/public/getQrKeyStatus": ["qrcodeKey"],
  "/v1/user/public/getCrossTerminalLoginStatus": ["qrcodeKey"],
  // Not in the original list of sealed paths (docs/decisions/500, 501): a new password travels sealed like a login's.
  "/v1/user/public/reset-password": ["email", "mobile", "areaCode", "verifyCode", "pwd", "rePwd"],
  "/v1/user/public/fido/login": ["fidoVerifyCode"],
  // The fund password travels sealed like a login password (docs/decisions/350), with a session too.
  ...FUND_SEALED_FIELDS,
  ...Object.fromEntries(FUND_WALLET_PATHS.map((p) => [p, ["fundPwd"]])),
};

/** Paths sealed even when a session key exists: a password reset carries a password whoever sends it. */
const ALWAYS_ENCRYPTED: readonly string[] = ["/v1/user/public/reset-password", ...Object.keys(FUND_SEALED_FIELDS), ...FUND_WALLET_PATHS];

export const SUB_SWITCH_PREFIX = "/v1/user/sub/swit";

/** docs/protocol.md §6.1: encrypt when the path is listed and (there is no session with a key, or it is a sub-account switch or a password reset). */
export function shouldEncrypt(pathname: string, hasSessionKey: boolean): boolean {
  if (!(pathname in ENCRYPTED_PATHS)) return false;
  return !hasSessionKey || pathname.startsWith(SUB_SWITCH_PREFIX) || ALWAYS_ENCRYPTED.includes(pathname);
}
