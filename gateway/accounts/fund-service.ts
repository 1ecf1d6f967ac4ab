/**
 * The fund password (Bitget's "fund code", docs/decisions/350): set with the account's second
 * factor, changed with the old one, reset with the second factor (withdrawals then wait 24 h),
 * asked for by web withdrawals and address-book changes, and by web trades as the account chose.
 * It travels sealed like a login password and is kept as a scrypt hash like it. Wrong passwords
 * lock it as wrong codes lock the authenticator. A sub-account uses its main account's.
 */
import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import {
  FUND_CODES,
  FUND_DEFAULT_TRADE_MODE,
  FUND_LIMITS,
  FUND_TRADE_MODES,
  fundPasswordProblems,
  type FundTradeMode,
} from "../../protocol/fund.ts";
import { refuse } from "../envelope.ts";
import { tooManyRequests } from "../security/limits.ts";
import { parseBody } from "../validate.ts";
import { code6, optional } from "./fields.ts";
import type { FundStore } from "./fund-store.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import type { AccountService } from "./service.ts";
import { googleBound } from "./standing.ts";
import type { UserRow, Users } from "./users.ts";

const secret = z.string().max(128);
const NewFields = z.object({ fundPwd: secret, reFundPwd: secret, verifyCode: optional(code6), googleCode: optional(code6) });
const ChangeFields = z.object({ oldFundPwd: secret, fundPwd: secret, reFundPwd: secret });
const PwdOnly = z.object({ fundPwd: optional(secret) });
const ModeBody = z.object({ tradeMode: z.enum(FUND_TRADE_MODES) });

const lockedFund = (ms: number) => tooManyRequests(ms, "Too many wrong fund passwords; the fund password is locked for now");
const notSet = () => refuse(FUND_CODES.state, "No fund password is set");
const required = () => refuse(FUND_CODES.required, "Enter your fund password");

export class FundService {
  constructor(
    private readonly stores: { users: Users; fund: FundStore },
    private readonly accounts: AccountService,
    private readonly now: () => number = Date.now,
  ) {}

  /** The logged-in main account: only it sets, changes or resets the fund password (a sub-account uses it). */
  private mainUser(req: FastifyRequest): { user: UserRow; sessionId: string } {
    const cur = this.accounts.currentUser(req);
    this.accounts.requireMain(cur.user);
    return cur;
  }

  private open<S extends z.ZodTypeAny>(req: FastifyRequest, schema: S): z.infer<S> {
    return parseBody(schema, this.accounts.crypto.openLogin(req.body).fields);
  }

  /** Rules of a new fund password: its own rule, typed twice alike, and not the login password. */
  private async checkNew(user: UserRow, pwd: string, re: string): Promise<string> {
    const problems = fundPasswordProblems(pwd);
    if (problems.length)
      throw refuse(
        FUND_CODES.rule,
        `The fund password must be 6-32 characters with a letter and a digit and no spaces (${problems.join(", ")})`,
      );
    if (pwd !== re) throw refuse(CODES.passwordMismatch, "The fund passwords do not match");
    if (await verifyPassword(pwd, user.pwd_hash)) throw refuse(FUND_CODES.rule, "The fund password must differ from the login password");
    return hashPassword(pwd);
  }

  /**
   * The account's second factor for setting or resetting: the authenticator's code when it is bound
   * (checked first, so a wrong one does not spend the e-mail code), and a `fund-password` code sent
   * to the account's e-mail (else mobile).
   */
  private checkFactor(user: UserRow, f: { verifyCode?: string | undefined; googleCode?: string | undefined }): void {
    if (googleBound(user)) {
      if (!f.googleCode) throw refuse(CODES.codeWrong, "Enter the code from your authenticator app");
      this.accounts.checkTotp(user, f.googleCode);
    }
    const target = this.accounts.codeTarget(user);
    if (!target) throw refuse(CODES.invalidParameter, "Bind an e-mail or mobile number first");
    if (!f.verifyCode) throw refuse(CODES.codeWrong, "Enter the verification code we sent you");
    this.accounts.checkCode(target.target, "fund-password", f.verifyCode, user.id);
  }

  /**
   * Checks `pwd` against the account's fund password through the guard: a wrong one counts (it is
   * counted before the hash is compared, so guesses sent together all count), ten in a row lock it
   * for 15 minutes, doubling to 24 hours (as TOTP, docs/decisions/506); a right one clears the count.
   */
  private async verify(factor: UserRow, pwd: string | undefined): Promise<void> {
    const { fund } = this.stores;
    if (!factor.fund_pwd_hash) throw notSet();
    const at = this.now();
    const failures = fund.transaction(() => {
      const g = fund.guard(factor.id);
      if (g.locked_until > at) return { lockedMs: g.locked_until - at };
      fund.setGuard(factor.id, g.failures + 1, g.locked_until);
      return g.failures + 1;
    });
    if (typeof failures !== "number") throw lockedFund(failures.lockedMs);
    if (pwd && (await verifyPassword(pwd, factor.fund_pwd_hash))) {
      fund.setGuard(factor.id, 0, 0);
      return;
    }
    const over = failures - FUND_LIMITS.guard.free;
    const lockedUntil = over >= 0 ? at + Math.min(FUND_LIMITS.guard.maxLockMs, FUND_LIMITS.guard.lockMs * 2 ** Math.min(over, 16)) : 0;
    fund.transaction(() => {
      const g = fund.guard(factor.id);
      fund.setGuard(factor.id, Math.max(g.failures, failures), Math.max(g.locked_until, lockedUntil));
    });
    if (lockedUntil) throw lockedFund(lockedUntil - at);
    throw refuse(CODES.codeWrong, "The fund password is incorrect");
  }

  private notice(user: UserRow, subject: string, text: string): void {
    const to = this.accounts.codeTarget(user);
    if (to) this.accounts.notify(user, { to: to.target, channel: to.channel }, subject, text);
  }

  async set(req: FastifyRequest): Promise<{ set: true; tradeMode: FundTradeMode }> {
    const { user } = this.mainUser(req);
    if (user.fund_pwd_hash) throw refuse(FUND_CODES.state, "A fund password is set already; change or reset it");
    const f = this.open(req, NewFields);
    const hash = await this.checkNew(user, f.fundPwd, f.reFundPwd);
    // Last, so a refused call does not spend the codes.
    this.checkFactor(user, f);
    this.stores.users.update(user.id, { fund_pwd_hash: hash, fund_trade_mode: FUND_DEFAULT_TRADE_MODE });
    this.stores.fund.setGuard(user.id, 0, 0);
    this.notice(
      user,
      "Fund password set",
      "A fund password was set on your Mix Exchange account. If this was not you, contact support at once.",
    );
    return { set: true, tradeMode: FUND_DEFAULT_TRADE_MODE };
  }

  async change(req: FastifyRequest): Promise<{ changed: true }> {
    const { user } = this.mainUser(req);
    if (!user.fund_pwd_hash) throw notSet();
    const f = this.open(req, ChangeFields);
    const hash = await this.checkNew(user, f.fundPwd, f.reFundPwd);
    await this.verify(user, f.oldFundPwd);
    this.stores.users.update(user.id, { fund_pwd_hash: hash });
    this.stores.fund.forgetProofs(user.id);
    this.notice(
      user,
      "Fund password changed",
      "Your Mix Exchange fund password was changed. If this was not you, contact support at once.",
    );
    return { changed: true };
  }

  /** A forgotten fund password: a new one with the second factor; withdrawals then wait 24 hours (as Bitget's do). */
  async reset(req: FastifyRequest): Promise<{ reset: true; withdrawHoldUntil: number }> {
    const { user } = this.mainUser(req);
    if (!user.fund_pwd_hash) throw notSet();
    const f = this.open(req, NewFields);
    const hash = await this.checkNew(user, f.fundPwd, f.reFundPwd);
    this.checkFactor(user, f);
    const until = this.now() + FUND_LIMITS.resetHoldMs;
    this.stores.users.update(user.id, { fund_pwd_hash: hash, fund_hold_until: until });
    this.stores.fund.setGuard(user.id, 0, 0);
    this.stores.fund.forgetProofs(user.id);
    this.notice(
      user,
      "Fund password reset",
      "Your Mix Exchange fund password was reset. Withdrawals are paused for 24 hours. If this was not you, contact support at once.",
    );
    return { reset: true, withdrawHoldUntil: until };
  }

  /** How often web trades ask for the fund password; the choice needs the fund password itself. */
  async setTradeMode(req: FastifyRequest): Promise<{ tradeMode: FundTradeMode }> {
    const { user } = this.mainUser(req);
    if (!user.fund_pwd_hash) throw notSet();
    const { tradeMode } = parseBody(ModeBody, req.body ?? {});
    const f = this.open(req, PwdOnly);
    await this.verify(user, f.fundPwd);
    this.stores.users.update(user.id, { fund_trade_mode: tradeMode });
    this.stores.fund.forgetProofs(user.id);
    return { tradeMode };
  }

  /** Proves the fund password for this session's trades: the next order ("every"), or 2 hours of them ("2h"). */
  async tradeVerify(req: FastifyRequest): Promise<{ tradeMode: FundTradeMode; until: number }> {
    const { user, sessionId } = this.accounts.currentUser(req);
    const factor = this.accounts.factorUserOf(user);
    if (!factor.fund_pwd_hash) throw notSet();
    const f = this.open(req, PwdOnly);
    await this.verify(factor, f.fundPwd);
    const mode = factor.fund_trade_mode;
    if (mode === "never") return { tradeMode: mode, until: 0 };
    const until = this.now() + (mode === "2h" ? FUND_LIMITS.tradeGrantMs : FUND_LIMITS.tradeOnceMs);
    this.stores.fund.setProof(sessionId, factor.id, until, mode === "every");
    return { tradeMode: mode, until };
  }

  /** Whether the account (its factor account's) has a fund password, for the withdraw page. */
  isSet(userId: string): boolean {
    const user = this.stores.users.byId(userId);
    return Boolean(user && this.accounts.factorUserOf(user).fund_pwd_hash);
  }

  /**
   * A web withdrawal or address-book change: once the account has a fund password, the request
   * carries it sealed (`bodyCiphertext` with `fundPwd`), checked through the guard. API keys never
   * come here (Bitget does not ask a key for it).
   */
  async requireForWallet(userId: string, body: unknown): Promise<void> {
    const user = this.stores.users.byId(userId);
    if (!user) throw refuse(CODES.sessionMissing, "Please log in");
    const factor = this.accounts.factorUserOf(user);
    if (!factor.fund_pwd_hash) return;
    const lockedMs = this.stores.fund.guard(factor.id).locked_until - this.now();
    if (lockedMs > 0) throw lockedFund(lockedMs);
    const sealed = (body as { bodyCiphertext?: unknown } | undefined)?.bodyCiphertext;
    if (typeof sealed !== "string" || sealed === "") throw required();
    const { fundPwd } = parseBody(PwdOnly, this.accounts.crypto.openLogin(body).fields);
    if (!fundPwd) throw required();
    await this.verify(factor, fundPwd);
  }

  /**
   * A web order of a session: refused with 47022 unless the account asks nothing of trades, or the
   * session proved the fund password for it (the next order, or the 2 hours).
   */
  requireForTrade(userId: string, sessionId: string): void {
    const user = this.stores.users.byId(userId);
    if (!user) return;
    const factor = this.accounts.factorUserOf(user);
    if (!factor.fund_pwd_hash || factor.fund_trade_mode === "never") return;
    const proof = this.stores.fund.proof(sessionId);
    const good = proof && proof.user_id === factor.id && proof.until > this.now();
    if (good && (proof.once === 0 || this.stores.fund.spendProof(sessionId))) return;
    throw refuse(FUND_CODES.tradeNeedsFund, "Confirm your fund password before you trade", 200, { tradeMode: factor.fund_trade_mode });
  }
}
