/**
 * Response codes. The session, signing and captcha codes are docs/protocol.md §5–8 and §12;
 * the transport codes (4xxxx/5xxxx) are this project's, shared by the gateway and the BFF.
 */
export const CODES = {
  ok: "00000",
  okAlt: "200",
  sessionMissing: "00004",
  signatureMissing: "00020",
  signModeMismatch: "00021",
  signatureExpired: "00022",
  signatureInvalid: "00023",
  captchaRequired: "10021",
  /** The slide missed or did not look human; ask for a new challenge after the attempts run out. */
  captchaFailed: "10022",
  /** The challenge is unknown, solved already or expired: start again with get-captcha-id. */
  captchaExpired: "10023",
  sessionReplaced: "20906",
  accountFrozen: "20205",
  captchaCancelled: "90000001",
  /** Account codes (this project's, shared by the gateway and the forms). */
  loginFailed: "20001",
  codeWrong: "20002",
  codeExpired: "20003",
  accountExists: "20004",
  passwordRule: "20005",
  passwordMismatch: "20006",
  codeTooSoon: "20007",
  verifyExpired: "20008",
  providerNotConfigured: "20010",
  loginEncryption: "20011",
  /** Agency login by an account that is not an agency (broker) account. */
  notAgency: "20012",
  /** A transfer to or from a frozen sub-account (not a session end: the caller is fine). */
  subAccountFrozen: "20013",
  /** Unbinding the account's only e-mail or mobile, which codes and resets need. */
  lastChannel: "20014",
  /** An API key held after a password reset until its owner re-confirms it with 2FA (docs/decisions/506). */
  apiKeySuspended: "20015",
  /**
   * A key that withdraws needs an IP allow-list (docs/decisions/342): granting `withdraw` without one,
   * and a withdrawal by a key that has the permission but no list (suspended until it has one).
   */
  apiKeyWithdrawNeedsIp: "20016",
  badRequest: "40000",
  invalidParameter: "40017",
  /** A state-changing request from another site's page, refused by the BFF (docs/decisions/010). */
  crossSiteRefused: "40300",
  notFound: "40404",
  methodNotAllowed: "40500",
  payloadTooLarge: "41300",
  tooManyRequests: "42900",
  internalError: "50000",
  upstreamUnavailable: "50200",
  upstreamTimeout: "50400",
} as const;

export type Code = (typeof CODES)[keyof typeof CODES];
