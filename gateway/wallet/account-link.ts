/**
 * What the wallet asks of the accounts area (docs/decisions/330, 342): whether the account may
 * withdraw now (one rule for the web and the API), the second factor of a web withdrawal and the
 * e-mail that tells the owner about it, with their anti-phishing code.
 */
import { CODES } from "../../protocol/codes.ts";
import type { FundService } from "../accounts/fund-service.ts";
import type { AccountService } from "../accounts/service.ts";
import { googleBound, requireWithdrawable, requireWithdrawCode, withdrawHoldOf } from "../accounts/standing.ts";
import type { Users } from "../accounts/users.ts";
import { refuse } from "../envelope.ts";

export interface WalletAccounts {
  /** Whether the account (or, for a sub-account, its main account) has Google Authenticator bound. */
  hasTotp(userId: string): boolean;
  /** Refuses unless the account may withdraw now and the bound authenticator accepts `code` (one use per step, lockout: the TOTP guard). */
  requireTotp(userId: string, code: string | undefined): void;
  /** Refuses whenever the account could not withdraw on the web now (an API withdrawal: its key stands for the code). */
  requireWithdrawable(userId: string): void;
  /** A notice to the account's own address; the accounts area adds the anti-phishing code. */
  notify(userId: string, subject: string, text: string): void;
  /** Whether the account has a fund password, and until when a reset holds its withdrawals (0: not held; docs/decisions/350). */
  fundState(userId: string): { fundSet: boolean; withdrawHoldUntil: number };
  /** A web withdrawal or address-book change: once a fund password is set, the request carries it sealed and right. */
  requireFund(userId: string, body: unknown): Promise<void>;
}

export function walletAccounts(accounts: AccountService, users: Users, fund: FundService): WalletAccounts {
  const factorOf = (userId: string) => {
    const user = users.byId(userId);
    if (!user) throw refuse(CODES.sessionMissing, "Please log in");
    return { user, factor: accounts.factorUserOf(user) };
  };
  return {
    hasTotp: (userId) => googleBound(factorOf(userId).factor),
    requireTotp: (userId, code) => requireWithdrawCode(accounts, users.byId(userId), code),
    requireWithdrawable: (userId) => void requireWithdrawable(accounts, users.byId(userId)),
    fundState(userId) {
      const { factor } = factorOf(userId);
      return { fundSet: Boolean(factor.fund_pwd_hash), withdrawHoldUntil: withdrawHoldOf(factor, Date.now()) };
    },
    requireFund: (userId, body) => fund.requireForWallet(userId, body),
    notify(userId, subject, text) {
      const user = users.byId(userId);
      const to = user ? accounts.codeTarget(user) : undefined;
      if (user && to) accounts.notify(user, { to: to.target, channel: to.channel }, subject, text);
    },
  };
}
