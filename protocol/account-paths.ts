/** Account paths of docs/product.md and docs/protocol.md §7. */
export const ACCOUNT_PATHS = {
  sendCode: "/v1/user/public/send-code",
  registerEmail: "/v1/user/register/email",
  registerMobile: "/v1/user/register/mobile",
  registerBoth: "/v1/user/register/mobileAndEmail",
  login: "/v1/user/login",
  verifyLogin: "/v1/user/login/verify-login",
  verifyLoginV2: "/v1/user/login/verify-login-v2",
  verifyAuthLogin: "/v1/user/login/verify-auth-login",
  verifySystemLogin: "/v1/user/login/verifySystemLogin",
  verifySystemLoginV2: "/v1/user/login/verifySystemLogin-v2",
  agencyLogin: "/v1/user/agency/login",
  agencyVerifyLogin: "/v1/user/agency/login/verify-login",
  resetPassword: "/v1/user/public/reset-password",
  /** Which login providers (third-party, QR, FIDO) this gateway offers; none on the embedded one. */
  loginConfig: "/v1/user/public/loginConfig",
  qrKeyStatus: "/v1/user/public/getQrKeyStatus",
  crossTerminalLoginStatus: "/v1/user/public/getCrossTerminalLoginStatus",
  fidoLogin: "/v1/user/public/fido/login",
  refresh: "/v1/user/public/refresh",
  subCreate: "/v1/user/sub/create",
  subList: "/v1/user/sub/list",
  subFreeze: "/v1/user/sub/freeze",
  subSwitchWeb: "/v1/user/sub/switchWeb",
  antiPhishing: "/v1/user/security/anti-phishing",
  googleInit: "/v1/user/security/google/init",
  googleBind: "/v1/user/security/google/bind",
  googleUnbind: "/v1/user/security/google/unbind",
  bindEmail: "/v1/user/security/bind-email",
  bindMobile: "/v1/user/security/bind-mobile",
  unbindEmail: "/v1/user/security/unbind-email",
  unbindMobile: "/v1/user/security/unbind-mobile",
  devices: "/v1/user/security/devices",
  deviceRevoke: "/v1/user/security/devices/revoke",
  loginHistory: "/v1/user/security/login-history",
  apiKeyCreate: "/v1/user/api/create",
  apiKeyList: "/v1/user/api/list",
  apiKeyRevoke: "/v1/user/api/revoke",
  /** Label, permissions or IP allow list of a key; needs 2FA like creating one. */
  apiKeyUpdate: "/v1/user/api/update",
  /** Lifts the hold a password reset put on a key; needs 2FA. */
  apiKeyReconfirm: "/v1/user/api/reconfirm",
} as const;

/** Limits of the account settings. */
export const ACCOUNT_LIMITS = { subAccounts: 20, apiKeys: 10, apiKeyIps: 20, antiPhishing: { min: 4, max: 20 } } as const;

/**
 * The steps a login may need after the password (docs/decisions/501): a new device, a login the
 * risk rules flag, and the authenticator code of an account with Google Authenticator bound.
 * `data.verify.kind` names the step; each is finished on its own path.
 */
export const VERIFY_STEP_PATHS = {
  device: ACCOUNT_PATHS.verifyLogin,
  "agency-device": ACCOUNT_PATHS.agencyVerifyLogin,
  system: ACCOUNT_PATHS.verifySystemLogin,
  auth: ACCOUNT_PATHS.verifyAuthLogin,
} as const;
export type VerifyStep = keyof typeof VERIFY_STEP_PATHS;
export const VERIFY_STEPS = Object.keys(VERIFY_STEP_PATHS) as VerifyStep[];

/** A pending login or step takes at most this many wrong codes before it must start again. */
export const VERIFY_MAX_ATTEMPTS = 5;

/** Login providers the UI can offer when the gateway's login config lists them. */
export const LOGIN_PROVIDERS = ["apple", "google", "telegram", "wallet", "qr", "fido"] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

/** The login config's answer: each provider a gateway offers, with the same-origin path its flow starts at. */
export interface LoginConfig {
  providers: Array<{ id: LoginProvider; startUrl: string }>;
}

/**
 * Google Authenticator codes (docs/decisions/506): each time step is accepted once per account,
 * and after `free` wrong codes in a row the account's TOTP checks are locked, `lockMs` at first,
 * doubling with each further wrong code up to `maxLockMs`. A right code clears the count.
 */
export const TOTP_GUARD = { free: 10, lockMs: 15 * 60_000, maxLockMs: 24 * 60 * 60_000 } as const;

/**
 * send-code budgets (docs/decisions/506), charged before any other work: per client (address
 * and device id), per address alone, and per target (e-mail or number). Past `captchaAfter`
 * codes from one client in the window, a captcha token is needed as well.
 */
export const SEND_CODE_LIMITS = {
  perClient: { burst: 10, perMs: 60 * 60_000 },
  perIp: { burst: 60, perMs: 60 * 60_000 },
  perTarget: { burst: 5, perMs: 60 * 60_000 },
  captchaAfter: 3,
  captchaWindowMs: 10 * 60_000,
} as const;

/** The second factor an API key change needs, as the key list reports it (docs/decisions/506). */
export type SecondFactor = { kind: "google" } | { kind: "code"; channel: "email" | "mobile" } | { kind: "none" };
