/**
 * The fund password (Bitget's "fund code", docs/decisions/350): its paths, codes, trade-asking
 * modes and limits, shared by the gateway, the BFF's pages and the tests.
 */
import { TOTP_GUARD } from "./account-paths.ts";

/** The fund password's own calls: web session only, signed (mode 2, the `/v1/user/security/` family) and sealed. */
export const FUND_PATHS = {
  set: "/v1/user/security/fund/set",
  change: "/v1/user/security/fund/change",
  reset: "/v1/user/security/fund/reset",
  /** How often trades ask for it (Bitget's "every time / every 2 h / never"). */
  tradeMode: "/v1/user/security/fund/trade-mode",
  /** Proves the fund password for the session's next trades (the trade-asking modes). */
  tradeVerify: "/v1/user/security/fund/trade-verify",
} as const;

/** The sealed fields of each fund call and of the wallet calls that need the fund password once it is set. */
export const FUND_SEALED_FIELDS = {
  [FUND_PATHS.set]: ["fundPwd", "reFundPwd", "verifyCode", "googleCode"],
  [FUND_PATHS.change]: ["oldFundPwd", "fundPwd", "reFundPwd"],
  [FUND_PATHS.reset]: ["fundPwd", "reFundPwd", "verifyCode", "googleCode"],
  [FUND_PATHS.tradeMode]: ["fundPwd"],
  [FUND_PATHS.tradeVerify]: ["fundPwd"],
} as const;

/** The wallet paths whose web calls carry the sealed `fundPwd` (docs/decisions/350); API keys never do. */
export const FUND_WALLET_PATHS = [
  "/api/v2/spot/wallet/withdrawal",
  "/v1/wallet/address-book/add",
  "/v1/wallet/address-book/delete",
] as const;

/**
 * How often a web trade asks for the fund password: every order, once per 2 hours of a session,
 * or never. User info tells it with two flags: `fundValue` (`tpi`) for the 2-hour interval and
 * `fundDisabled` (`tpl`) for never; both false with `isFund` (`tbf`) is every time.
 */
export const FUND_TRADE_MODES = ["every", "2h", "never"] as const;
export type FundTradeMode = (typeof FUND_TRADE_MODES)[number];
/** What a newly set fund password asks of trades (Bitget's default): nothing. */
export const FUND_DEFAULT_TRADE_MODE: FundTradeMode = "never";

export const FUND_LIMITS = {
  /** A reset holds every withdrawal of the account for this long (Bitget: 24 hours). */
  resetHoldMs: 24 * 60 * 60_000,
  /** The "every 2 h" mode: one proof serves the session's trades for this long. */
  tradeGrantMs: 2 * 60 * 60_000,
  /** The "every time" mode: one proof serves the session's next order, if it comes within this time. */
  tradeOnceMs: 5 * 60_000,
  /** Wrong fund passwords lock it as wrong authenticator codes lock the authenticator (docs/decisions/506). */
  guard: TOTP_GUARD,
  /** 6 to 32 characters, a letter and a digit, no spaces, not the login password. */
  min: 6,
  max: 32,
} as const;

/** The fund password's refusals (beside `20002` wrong password, `20003` code, `20006` mismatch, `42900` locked). */
export const FUND_CODES = {
  /** A web withdrawal or address-book change without the fund password, once one is set. */
  required: "47020",
  /** Withdrawals are held for 24 hours after a fund password reset; `data.until` is when they open. */
  withdrawHeld: "47021",
  /** A web trade that needs the fund password proven first (the "every time" and "every 2 h" modes). */
  tradeNeedsFund: "47022",
  /** The fund password breaks its rule (6-32, a letter and a digit, no spaces) or equals the login password. */
  rule: "20020",
  /** Set when one is set already; change, reset, trade mode or trade proof when none is set. */
  state: "20021",
} as const;

/** Problems with a new fund password before the login password is compared (that takes the hash). */
export function fundPasswordProblems(pwd: string): Array<"length" | "letter" | "digit" | "spaces"> {
  const problems: Array<"length" | "letter" | "digit" | "spaces"> = [];
  const length = [...pwd].length;
  if (length < FUND_LIMITS.min || length > FUND_LIMITS.max) problems.push("length");
  if (!/\p{L}/u.test(pwd)) problems.push("letter");
  if (!/\p{Nd}/u.test(pwd)) problems.push("digit");
  if (/\s/u.test(pwd)) problems.push("spaces");
  return problems;
}

/** The fund flags of user info, from what the gateway stores (docs/decisions/350). */
export function fundFlags(state: { set: boolean; mode: FundTradeMode }): { isFund: boolean; fundValue: boolean; fundDisabled: boolean } {
  return { isFund: state.set, fundValue: state.set && state.mode === "2h", fundDisabled: state.set && state.mode === "never" };
}
