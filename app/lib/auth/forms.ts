import { AREA_CODE_PATTERN, EMAIL_PATTERN, MOBILE_PATTERN, passwordProblems } from "../../../protocol/accounts";
import { CODES } from "../../../protocol/codes";
import { EX_CODES } from "../../../protocol/bitget";
import { WALLET_CODES } from "../../../protocol/wallet";
import { HttpError } from "~/lib/http/errors";

/** Field-level checks shared by the login and registration forms; the gateway applies the same rules. */
export type FieldErrors = Partial<Record<"account" | "areaCode" | "password" | "rePassword" | "code" | "form", string>>;

export interface Credentials {
  method: "email" | "mobile";
  email: string;
  areaCode: string;
  mobile: string;
  password: string;
}

/** Error keys are i18n keys under `auth.errors`. */
export function checkAccount(c: Pick<Credentials, "method" | "email" | "areaCode" | "mobile">): FieldErrors {
  const errors: FieldErrors = {};
  if (c.method === "email") {
    if (!EMAIL_PATTERN.test(c.email.trim())) errors.account = "auth.errors.email";
  } else {
    if (!AREA_CODE_PATTERN.test(c.areaCode.trim())) errors.areaCode = "auth.errors.areaCode";
    if (!MOBILE_PATTERN.test(c.mobile.trim())) errors.account = "auth.errors.mobile";
  }
  return errors;
}

export function checkLogin(c: Credentials): FieldErrors {
  const errors = checkAccount(c);
  if (!c.password) errors.password = "auth.errors.passwordRequired";
  return errors;
}

/** Registration and password reset: an account, a new password twice, and the code sent to the account. */
export function checkRegistration(c: Credentials & { rePassword: string; code: string }): FieldErrors {
  const errors = checkAccount(c);
  if (passwordProblems(c.password).length > 0) errors.password = "auth.errors.passwordRule";
  if (c.password !== c.rePassword) errors.rePassword = "auth.errors.passwordMismatch";
  if (!/^\d{6}$/.test(c.code.trim())) errors.code = "auth.errors.code";
  return errors;
}

/** The address part of a send-code call: an e-mail, or a mobile number with its country code. */
export function codeTarget(
  c: Pick<Credentials, "method" | "email" | "areaCode" | "mobile">,
): { channel: "email"; email: string } | { channel: "mobile"; mobile: string; areaCode: string } {
  return c.method === "email"
    ? { channel: "email", email: c.email.trim().toLowerCase() }
    : { channel: "mobile", mobile: c.mobile.trim(), areaCode: c.areaCode.trim().replace(/^\+/, "") };
}

/** Where a gateway refusal belongs on the form. */
export function fieldOfCode(code: string): keyof FieldErrors {
  switch (code) {
    case CODES.codeWrong:
    case CODES.codeExpired:
    case CODES.codeTooSoon:
      return "code";
    case CODES.accountExists:
      return "account";
    case CODES.passwordRule:
      return "password";
    case CODES.passwordMismatch:
      return "rePassword";
    default:
      return "form";
  }
}

/** A gateway refusal as form errors: beside the field it concerns, else for the whole form. */
export function refusal(err: unknown): FieldErrors {
  return { [err instanceof HttpError ? fieldOfCode(err.code) : "form"]: errorKey(err) };
}

/** The login body as the encryption step expects it (sensitive fields move into the payload). */
export function loginBody(c: Credentials): Record<string, string> {
  return c.method === "email"
    ? { loginName: c.email.trim().toLowerCase(), pwd: c.password }
    : { loginName: c.mobile.trim(), areaCode: c.areaCode.trim().replace(/^\+/, ""), pwd: c.password };
}

/** Gateway codes the forms explain in the user's language; anything else shows the gateway's text. */
const CODE_KEYS: Record<string, string> = {
  [CODES.loginFailed]: "auth.errors.loginFailed",
  [CODES.codeWrong]: "auth.errors.codeWrong",
  [CODES.codeExpired]: "auth.errors.codeExpired",
  [CODES.accountExists]: "auth.errors.accountExists",
  [CODES.passwordRule]: "auth.errors.passwordRule",
  [CODES.passwordMismatch]: "auth.errors.passwordMismatch",
  [CODES.codeTooSoon]: "auth.errors.codeTooSoon",
  [CODES.verifyExpired]: "auth.errors.verifyExpired",
  [CODES.accountFrozen]: "auth.errors.frozen",
  [CODES.captchaCancelled]: "auth.errors.captchaCancelled",
  [CODES.notAgency]: "account:errors.notAgency",
  [CODES.subAccountFrozen]: "account:errors.subFrozen",
  [CODES.lastChannel]: "account:errors.lastChannel",
  [CODES.providerNotConfigured]: "account:errors.providerNotConfigured",
  [EX_CODES.insufficientBalance]: "account:errors.insufficient",
  [CODES.tooManyRequests]: "auth.errors.tooMany",
  // a key that may withdraw (docs/decisions/342)
  [CODES.apiKeyWithdrawNeedsIp]: "api.errors.ipsRequired",
  [WALLET_CODES.twoFactorRequired]: "api.errors.withdrawGoogle",
};

export function errorKey(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === "string" && CODE_KEYS[code]) return CODE_KEYS[code];
  return "auth.errors.generic";
}
