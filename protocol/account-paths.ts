/** Account paths of SPEC.md §7 and PROTOCOL.md §7. */
export const ACCOUNT_PATHS = {
  sendCode: "/v1/user/public/send-code",
  registerEmail: "/v1/user/register/email",
  registerMobile: "/v1/user/register/mobile",
  registerBoth: "/v1/user/register/mobileAndEmail",
  login: "/v1/user/login",
  verifyLogin: "/v1/user/login/verify-login",
  verifyLoginV2: "/v1/user/login/verify-login-v2",
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
  devices: "/v1/user/security/devices",
  deviceRevoke: "/v1/user/security/devices/revoke",
  loginHistory: "/v1/user/security/login-history",
  apiKeyCreate: "/v1/user/api/create",
  apiKeyList: "/v1/user/api/list",
  apiKeyRevoke: "/v1/user/api/revoke",
} as const;

/** Limits of the account settings. */
export const ACCOUNT_LIMITS = { subAccounts: 20, apiKeys: 10, apiKeyIps: 20, antiPhishing: { min: 4, max: 20 } } as const;
