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
} as const;
