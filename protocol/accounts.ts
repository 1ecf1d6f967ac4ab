/** Account rules shared by the forms in the browser and the gateway (docs/protocol.md §7). */
export const PASSWORD_RULE = { min: 8, max: 32 } as const;

export type PasswordProblem = "length" | "letter" | "digit" | "spaces";

export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < PASSWORD_RULE.min || length > PASSWORD_RULE.max) problems.push("length");
  if (!/\p{L}/u.test(password)) problems.push("letter");
  if (!/\p{Nd}/u.test(password)) problems.push("digit");
  if (/\s/u.test(password)) problems.push("spaces");
  return problems;
}

/**
 * `unbind` codes go to the address being unbound, which the gateway takes from the session;
 * `api-key` codes (creating or changing an API key without Google Authenticator) go to the
 * account's own e-mail, else mobile; so do `fund-password` codes (setting or resetting the fund
 * password, docs/decisions/350), with the authenticator's code as well where it is bound.
 */
export const CODE_SCENES = ["register", "login-verify", "bind", "unbind", "reset-password", "api-key", "fund-password"] as const;
/** Scenes whose code goes to an address the account already has, named by the session, not the body. */
export const OWN_ADDRESS_SCENES = ["unbind", "api-key", "fund-password"] as const;
export type CodeScene = (typeof CODE_SCENES)[number];

export const CODE_CHANNELS = ["email", "mobile"] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];

/** A verification code: 6 digits, single use, valid 10 minutes. */
export const CODE_RULE = { digits: 6, ttlMs: 10 * 60_000, resendAfterMs: 60_000, maxAttempts: 5 } as const;

export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;
export const MOBILE_PATTERN = /^\d{5,15}$/;
export const AREA_CODE_PATTERN = /^\+?\d{1,4}$/;

/** Cookie names of docs/protocol.md §7. */
export const COOKIES = { session: "bt_session", sessionId: "bt_sid", refresh: "bt_rtoken" } as const;

/** Sub-account nicknames: 2-20 letters, digits, `_`, `-` or inner spaces; unique under one main account. */
export const NICKNAME_RULE = { min: 2, max: 20 } as const;
export type NicknameProblem = "length" | "characters";

export function nicknameProblems(nickName: string): NicknameProblem[] {
  const problems: NicknameProblem[] = [];
  const length = [...nickName].length;
  if (length < NICKNAME_RULE.min || length > NICKNAME_RULE.max) problems.push("length");
  if (!/^[\p{L}\p{N}_-](?:[\p{L}\p{N}_ -]*[\p{L}\p{N}_-])?$/u.test(nickName)) problems.push("characters");
  return problems;
}
