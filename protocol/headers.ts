/** Header names of docs/protocol.md §2–9 (lower case, as Node and fetch report them). */
export const HEADERS = {
  website: "website",
  terminalType: "terminaltype",
  locale: "locale",
  language: "language",
  terminalCode: "terminalcode",
  deviceId: "deviceid",
  traceId: "uhti",
  time: "tm",
  paperTrading: "paptrading",
  captchaToken: "captcha-token",
  requestTime: "request-time",
  deviceSign: "device-sign",
  deviceSignMode: "device-sign-mode",
  deviceSignDataMd5: "device-sign-data-md5",
  deviceSignKey: "device-sign-key",
  signError: "gw-sign-error",
  userCheckDeviceSign: "usercheckdevicesign",
  lastAlgorithm: "lastalgorithm",
  trackingPfb: "pfb",
} as const;

/**
 * The BFF proves itself to the gateway with this header (a secret shared at start); only then are
 * its X-Forwarded-* headers believed (docs/decisions/010). Never forwarded from a client.
 */
export const PROXY_SECRET_HEADER = "x-proxy-secret";

export const WEBSITE = "mix";

/** Client platform codes, docs/product.md. */
export const PLATFORM = {
  web: 1,
  android: 2,
  ios: 3,
  api: 4,
  h5: 5,
  system: 6,
  inner: 7,
  appBrowser: 8,
  telegramPc: 9,
  telegramWeb: 10,
  telegramIos: 11,
  telegramAndroid: 12,
  windows: 13,
  macos: 14,
} as const;

/** Test only (SSR_REFERENCE=on): the SHA-256 and byte length of a page's reference render (docs/decisions/014). */
export const SSR_REFERENCE_HEADERS = {
  sha256: "x-ssr-reference-sha256",
  length: "x-ssr-reference-length",
} as const;
