/**
 * The fund password as the pages use it (docs/decisions/350, 724): its calls, and the words for
 * its refusals. The secrets are plain fields here; the shared client seals them (protocol/signing).
 */
import { CODES } from "../../../protocol/codes";
import { FUND_CODES, FUND_PATHS, FUND_TRADE_MODES, type FundTradeMode } from "../../../protocol/fund";
import { ACCOUNT_PATHS } from "../../../protocol/account-paths";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";

export { FUND_TRADE_MODES, type FundTradeMode };

/** What user info says of the fund password, as the security page reads it. */
export interface FundState {
  isFund: boolean;
  fundValue: boolean;
  fundDisabled: boolean;
}

/** The trade mode the two flags tell (docs/decisions/350). */
export function tradeModeOf(s: FundState): FundTradeMode {
  return s.fundDisabled ? "never" : s.fundValue ? "2h" : "every";
}

const post = <T>(path: string, body: Record<string, unknown>) => browserHttp().post<T>(path, body);

export const fundApi = {
  sendCode: () => post(ACCOUNT_PATHS.sendCode, { scene: "fund-password" }),
  set: (b: { fundPwd: string; reFundPwd: string; verifyCode: string; googleCode?: string }) => post(FUND_PATHS.set, b),
  change: (b: { oldFundPwd: string; fundPwd: string; reFundPwd: string }) => post(FUND_PATHS.change, b),
  reset: (b: { fundPwd: string; reFundPwd: string; verifyCode: string; googleCode?: string }) =>
    post<{ withdrawHoldUntil: number }>(FUND_PATHS.reset, b),
  tradeMode: (b: { tradeMode: FundTradeMode; fundPwd: string }) => post(FUND_PATHS.tradeMode, b),
  tradeVerify: (fundPwd: string) => post(FUND_PATHS.tradeVerify, { fundPwd }),
};

const FUND_KEYS: Record<string, string> = {
  [FUND_CODES.rule]: "fund:errors.rule",
  [FUND_CODES.state]: "fund:errors.state",
  [FUND_CODES.required]: "fund:errors.required",
  [FUND_CODES.withdrawHeld]: "fund:errors.held",
  [FUND_CODES.tradeNeedsFund]: "fund:errors.tradeNeeds",
  [CODES.codeWrong]: "fund:errors.wrong",
  [CODES.tooManyRequests]: "fund:errors.locked",
};

/** The words for a refusal of a fund call (a key with its namespace), else the shared forms' words. */
export function fundErrorKey(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === "string" && FUND_KEYS[code]) return FUND_KEYS[code];
  return `common:${errorKey(err)}`;
}
