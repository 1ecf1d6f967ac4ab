/**
 * Whether an account may act through a key, and whether it may withdraw now (docs/decisions/342).
 * One rule each, so the HTTP API, the private stream, the web withdrawal, the API withdrawal and
 * granting `withdraw` to a key cannot drift apart.
 */
import { CODES } from "../../protocol/codes.ts";
import { FUND_CODES } from "../../protocol/fund.ts";
import { WALLET_CODES } from "../../protocol/wallet.ts";
import { refuse, type GatewayError } from "../envelope.ts";
import type { KeyOwnerStanding } from "../security/api-key-auth.ts";
import type { AccountService } from "./service.ts";
import { locked } from "./totp-guard.ts";
import type { UserRow, Users } from "./users.ts";

const FROZEN = { code: CODES.accountFrozen, msg: "This account is frozen" };

const frozen = (users: Pick<Users, "standingOf">, user: Pick<UserRow, "frozen" | "parent_id">) =>
  user.frozen === 1 || (user.parent_id !== null && users.standingOf(user.parent_id)?.frozen === 1);

/**
 * A key acts only while its owner's account (and, for a sub-account, its main account) is not
 * frozen. Freezing revokes the keys too; this also covers a flag set by other means. An id with no
 * account row is the exchange's own (tests, operators' tools) and has no standing to lose.
 */
export function keyOwnerStanding(users: Pick<Users, "standingOf">): KeyOwnerStanding {
  return (userId) => {
    const user = users.standingOf(userId);
    return user && frozen(users, user) ? FROZEN : undefined;
  };
}

type Accounts = Pick<AccountService, "users" | "totp" | "factorUserOf">;

/** Whether an account (the one whose second factor is used) has Google Authenticator bound. */
export const googleBound = (factor: Pick<UserRow, "google_enabled" | "google_secret">): boolean =>
  factor.google_enabled === 1 && Boolean(factor.google_secret);

/** When the account's withdrawals open again after a fund password reset (0: not held; docs/decisions/350). */
export const withdrawHoldOf = (factor: Pick<UserRow, "fund_hold_until">, now: number): number =>
  factor.fund_hold_until > now ? factor.fund_hold_until : 0;

/**
 * Why the account could not withdraw on the web at this moment, or undefined: it is frozen (or
 * its main account is), the account whose second factor it uses had its fund password reset less
 * than 24 hours ago (47021, docs/decisions/350), has no Google Authenticator bound (47010), or that
 * authenticator is locked after wrong codes (42900). Checked before any code is read, so a refusal
 * spends none.
 */
export function withdrawRefusal(accounts: Accounts, user: UserRow | undefined): GatewayError | undefined {
  if (!user) return refuse(WALLET_CODES.twoFactorRequired, "Bind Google Authenticator before you withdraw");
  if (frozen(accounts.users, user)) return refuse(FROZEN.code, FROZEN.msg);
  const factor = accounts.factorUserOf(user);
  const held = withdrawHoldOf(factor, Date.now());
  if (held) return refuse(FUND_CODES.withdrawHeld, "Withdrawals are paused for 24 hours after a fund password reset", 200, { until: held });
  if (!googleBound(factor)) return refuse(WALLET_CODES.twoFactorRequired, "Bind Google Authenticator before you withdraw");
  const lockedMs = accounts.totp.lockedMs(factor.id);
  if (lockedMs > 0) return locked(lockedMs);
  return undefined;
}

/** Throws {@link withdrawRefusal}'s refusal; returns the account whose authenticator proves the code. */
export function requireWithdrawable(accounts: Accounts, user: UserRow | undefined): UserRow {
  const refusal = withdrawRefusal(accounts, user);
  if (refusal) throw refusal;
  return accounts.factorUserOf(user as UserRow);
}

/**
 * What a web withdrawal proves, and what giving a key `withdraw` proves (the key then stands for
 * the code): the account may withdraw now, and its authenticator accepts `code` (one use per step).
 */
export function requireWithdrawCode(
  accounts: Accounts & Pick<AccountService, "checkTotp">,
  user: UserRow | undefined,
  code: string | undefined,
): void {
  const factor = requireWithdrawable(accounts, user);
  if (!code) throw refuse(CODES.codeWrong, "Enter the code from your authenticator app");
  accounts.checkTotp(factor, code);
}
