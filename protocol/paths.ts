/** Gateway paths of docs/protocol.md, always with the leading slash. */
export const PATHS = {
  gatewaySignConfig: "/v1/mix/config/gatewaySignConfig",
  cspSecurity: "/v1/buried/log/cspSecurity",
  userInfo: "/v1/user/overview/userinfo",
  usdtRate: "/v1/mix/public/usdtRate",
  domainConfigList: "/v1/mix/system/getDomainConfigList",
  logout: "/v1/user/logout",
  clearCookie: "/v1/user/public/clearCookie",
  btapiLogout: "/btapi/common/logout",
  tdkQueryList: "/v1/mix/public/getTdkMltQueryList",
  captchaId: "/v1/security/policy/captcha/get-captcha-id",
  captchaCheck: "/v1/security/policy/captcha/check-captcha",
  clientCommonConfig: "/v1/mix/public/clientCommonConfig",
  trackingInfo: "/v1/buried/log/info",
} as const;

/** Path prefixes the BFF forwards to the gateway unchanged (docs/protocol.md §1). */
export const GATEWAY_PREFIXES = ["/v1/", "/btapi/", "/api/"] as const;
export const GATEWAY_WS_PREFIX = "/v2/ws/";

export function isGatewayPath(pathname: string): boolean {
  return GATEWAY_PREFIXES.some((p) => pathname.startsWith(p));
}

/** The 13 fiats of the USDT-to-fiat map (docs/protocol.md §14), in that order. */
export const USDT_FIATS = ["USD", "IDR", "CNY", "EUR", "HKD", "JPY", "PHP", "RUB", "THB", "TRY", "TWD", "VND", "KRW"] as const;
export type UsdtFiat = (typeof USDT_FIATS)[number];

/** Refetch period of the USDT rates (docs/protocol.md §14). */
export const RATE_REFRESH_MS = 1_800_000;
