import type { FastifyReply, FastifyRequest } from "fastify";
import { CODES } from "../../protocol/codes.ts";
import { HEADERS } from "../../protocol/headers.ts";
import { SEND_CODE_LIMITS } from "../../protocol/account-paths.ts";
import { COOKIES, passwordProblems, type CodeChannel, type CodeScene, type OWN_ADDRESS_SCENES } from "../../protocol/accounts.ts";
import { CAPTCHA_GROUP, type CaptchaScene } from "../../protocol/captcha.ts";
import { captchaClientOf, type CaptchaStore, type RiskCounter } from "../captcha/store.ts";
import { ok, refuse } from "../envelope.ts";
import type { Principal, RequestSession, SessionRequest } from "../request.ts";
import type { ApiKeyStore } from "../security/api-keys.ts";
import { hashPassword } from "./passwords.ts";
import { spend, TokenBuckets } from "../security/limits.ts";
import type { SecurityService } from "../security/service.ts";
import { mobileTarget, type CodeMessage, type VerifyCodes } from "./codes.ts";
import { readCookies, setSessionCookies } from "./cookies.ts";
import type { LoginHistory } from "./login-history.ts";
import type { PendingLogins } from "./pending-logins.ts";
import type { MessageTransport } from "./outbox.ts";
import type { Sessions } from "./sessions.ts";
import type { TotpGuard } from "./totp-guard.ts";
import type { Users, UserRow } from "./users.ts";

/** A risk rule of docs/decisions/004: past `free` events of `kind` for any key in the window, a captcha token is needed. */
export interface RiskRule {
  scene: CaptchaScene;
  kind: string;
  free: number;
  windowMs: number;
}

export interface ClientKey {
  publicKey: string;
  algorithm: string;
  /** The device proof the login showed, spent when its session starts (docs/decisions/011). */
  deviceProof?: string | null;
}

function endCode(reason: string): { code: string; msg: string } {
  if (reason === "replaced") return { code: CODES.sessionReplaced, msg: "You logged in elsewhere; this session has ended" };
  if (reason === "frozen") return { code: CODES.accountFrozen, msg: "This account is frozen" };
  return { code: CODES.sessionMissing, msg: "Please log in" };
}

/** Past a few codes from one client (address and device), or many from one address, a captcha (docs/decisions/506). */
const SEND_CODE_RISK = {
  perClient: { scene: "send-code", kind: "send-code", free: SEND_CODE_LIMITS.captchaAfter, windowMs: SEND_CODE_LIMITS.captchaWindowMs },
  perIp: { scene: "send-code", kind: "send-code-ip", free: SEND_CODE_LIMITS.captchaAfter * 5, windowMs: SEND_CODE_LIMITS.captchaWindowMs },
} as const satisfies Record<string, RiskRule>;

type AddressScene = Exclude<CodeScene, (typeof OWN_ADDRESS_SCENES)[number]>;
/** What send-code is asked for: a code to an address, or (unbind, API key) to one of the session's own. */
export type SendCodeInput =
  | { scene: AddressScene; channel: "email"; email: string }
  | { scene: AddressScene; channel: "mobile"; mobile: string; areaCode: string }
  // An unbind code goes to the address being unbound, which only the session knows in full.
  | { scene: "unbind"; channel: CodeChannel }
  // An API key code goes where the account's codes go (its e-mail, else its mobile).
  | { scene: "api-key"; channel?: CodeChannel | undefined }
  // A fund password code goes to the account's own e-mail, else mobile (docs/decisions/350).
  | { scene: "fund-password" };

/** Bursts of resets from one address, or wrong codes for one account, need a human (docs/decisions/500). */
const RESET_RISK = {
  perAddress: { scene: "reset-password", kind: "reset", free: 5, windowMs: 10 * 60_000 },
  perAccount: { scene: "reset-password", kind: "reset-fail", free: 3, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RiskRule>;

/** A forgotten password's reset: the address the code went to, the code and the new password. */
export type ResetInput = { verifyCode: string; pwd: string; rePwd: string } & ({ email: string } | { mobile: string; areaCode: string });

const tooSoon = () => refuse(CODES.codeTooSoon, "A code was sent less than a minute ago");

/** Every message the gateway sends carries the account's anti-phishing code, when it has one. */
const phishingLine = (user: UserRow | undefined) => (user?.anti_phishing_code ? `Anti-phishing code: ${user.anti_phishing_code}\n` : "");

/** How a route hands a service its body reader: the service reads after its session check, so a guest learns nothing about fields. */
export type ReadBody<T> = (body: unknown) => T;

/** What the accounts service is built from, in the order the composition root builds them. */
export interface AccountStores {
  users: Users;
  sessions: Sessions;
  codes: VerifyCodes;
  totp: TotpGuard;
  history: LoginHistory;
  pending: PendingLogins;
  apiKeys: ApiKeyStore;
}

/** The slider captcha and the risk counters that decide when to ask for it (docs/decisions/004). */
export interface Captcha {
  store: CaptchaStore;
  risk: RiskCounter;
}

/**
 * The accounts area's rules, shared by its route modules: who the session's user is, starting
 * sessions, codes, second factors, captcha rules and messages.
 */
export class AccountService {
  readonly users: Users;
  readonly sessions: Sessions;
  readonly codes: VerifyCodes;
  readonly totp: TotpGuard;
  readonly history: LoginHistory;
  readonly pending: PendingLogins;
  readonly apiKeys: ApiKeyStore;

  constructor(
    stores: AccountStores,
    /** Login decryption and client keys (docs/protocol.md §6–7). */
    readonly crypto: Pick<SecurityService, "openLogin" | "bindClientKey" | "carryClientKeys" | "deviceProof" | "spendDeviceProof">,
    readonly captcha: Captcha,
    readonly transport: MessageTransport,
  ) {
    ({
      users: this.users,
      sessions: this.sessions,
      codes: this.codes,
      totp: this.totp,
      history: this.history,
      pending: this.pending,
      apiKeys: this.apiKeys,
    } = stores);
  }

  /**
   * The session the request's cookie names: looked up once per request and kept on it
   * (docs/decisions/015), so the signature check, the route and a stream login share one lookup.
   */
  sessionOf(req: SessionRequest): RequestSession {
    if (req.session) return req.session;
    const r = this.sessions.resolve(readCookies(req.headers.cookie).get(COOKIES.session));
    req.session = "session" in r ? { id: r.session.id, userId: r.session.user_id } : { ended: r.ended };
    return req.session;
  }

  /** The id of the request's live session, if any. */
  sessionIdOf(req: SessionRequest): string | undefined {
    const s = this.sessionOf(req);
    return "id" in s ? s.id : undefined;
  }

  /** The logged-in user's id for a request, if any. */
  sessionUserIdOf(req: SessionRequest): string | undefined {
    const s = this.sessionOf(req);
    return "id" in s ? s.userId : undefined;
  }

  /** The web session as a caller of the exchange's private endpoints; its device-sign was checked by the security hook. */
  webSessionPrincipal(req: SessionRequest): Principal | undefined {
    const s = this.sessionOf(req);
    if (!("id" in s) || this.users.byId(s.userId)?.frozen) return undefined;
    return { userId: s.userId, via: "session", permissions: ["read", "trade"] };
  }

  /**
   * The caller of an /api/v2/ private route by its web session. A request without a session
   * cookie has none, and the route answers Bitget's 40001 as Bitget does to a call without
   * credentials; a cookie that names an ended session or a frozen account gets the session-end
   * code every other private call gets (00004, 20906, 20205), so the page's refresh and
   * session-end flow work on the trading page too (docs/decisions/005).
   */
  webSessionCaller(req: SessionRequest): Principal | undefined {
    if (!readCookies(req.headers.cookie).has(COOKIES.session)) return undefined;
    const { user } = this.currentUser(req);
    return { userId: user.id, via: "session", permissions: ["read", "trade"] };
  }

  private readonly sendLimits = {
    perClient: new TokenBuckets(SEND_CODE_LIMITS.perClient),
    perIp: new TokenBuckets(SEND_CODE_LIMITS.perIp),
    perTarget: new TokenBuckets(SEND_CODE_LIMITS.perTarget),
  };

  /**
   * send-code: the cheap checks first (the budgets per client, per address and per target, then
   * the captcha rule), and only then the database and the message.
   */
  sendCode(req: FastifyRequest, body: SendCodeInput): ReturnType<typeof ok> {
    const { users, codes, captcha, sendLimits } = this;
    const client = `${req.ip}|${this.requestMeta(req).deviceId}`;
    // Logged-in scenes are bounded by the budgets alone: the session is already accountable,
    // and a captcha between a user and their own settings would only be friction.
    const charge = (target: string, anonymous: boolean) => {
      spend(
        [
          [sendLimits.perIp, req.ip],
          [sendLimits.perClient, client],
          [sendLimits.perTarget, target],
        ],
        "Too many verification codes requested",
      );
      if (anonymous) this.requireHuman(req, [SEND_CODE_RISK.perClient, [`client:${client}`]], [SEND_CODE_RISK.perIp, [`ip:${req.ip}`]]);
    };
    // The captcha rule counts codes that went out (or decoys stored), not calls the cooldown refused.
    const sentOne = (anonymous = true) => {
      if (!anonymous) return ok({ sent: true });
      captcha.risk.record(SEND_CODE_RISK.perClient.kind, [`client:${client}`]);
      captcha.risk.record(SEND_CODE_RISK.perIp.kind, [`ip:${req.ip}`]);
      return ok({ sent: true });
    };

    if (body.scene === "fund-password") {
      const { user } = this.currentUser(req);
      this.requireMain(user);
      const own = this.codeTarget(user);
      if (!own) throw refuse(CODES.invalidParameter, "No e-mail or mobile is bound for codes");
      charge(own.target, false);
      if (!codes.send(own.target, own.channel, body.scene, this.message(user, "Your fund password verification code"), user.id))
        throw tooSoon();
      return sentOne(false);
    }
    if (body.scene === "unbind" || body.scene === "api-key") {
      const { user } = this.currentUser(req);
      // An API key code goes to whoever holds the account's second factor (a sub-account's main account).
      const factor = body.scene === "api-key" ? this.factorUserOf(user) : user;
      const own = body.scene === "api-key" ? this.codeTarget(factor) : undefined;
      if (body.scene === "api-key" && factor.google_enabled && factor.google_secret) {
        throw refuse(CODES.invalidParameter, "Google Authenticator is bound: use its code instead");
      }
      const channel = body.channel ?? own?.channel ?? "email";
      const target =
        body.scene === "api-key"
          ? own && own.channel === channel
            ? own.target
            : null
          : channel === "email"
            ? user.email
            : user.mobile && user.area_code
              ? mobileTarget(user.area_code, user.mobile)
              : null;
      if (!target)
        throw refuse(
          CODES.invalidParameter,
          `No ${channel === "email" ? "e-mail" : "mobile"} is bound${body.scene === "api-key" ? " for codes" : ""}`,
        );
      charge(target, false);
      if (!codes.send(target, channel, body.scene, this.message(factor, "Your verification code"), user.id)) throw tooSoon();
      return sentOne(false);
    }

    const target = body.channel === "email" ? body.email : mobileTarget(body.areaCode, body.mobile);
    charge(target, body.scene !== "bind");
    const user = body.channel === "email" ? users.byEmail(body.email) : users.byMobile(body.areaCode, body.mobile);
    let sent: boolean;
    if (body.scene === "bind") {
      // Binding needs a session and a free address; the binder is logged in, so "taken" tells it nothing new.
      const binder = this.currentUser(req).user;
      if (user) throw refuse(CODES.accountExists, "This address is used by an account");
      sent = codes.send(target, body.channel, body.scene, this.message(binder, "Your verification code"), binder.id);
    } else if (body.scene === "register" && user) {
      // A taken address answers as a free one: a decoy code is stored (same cooldown; registering
      // with any code fails as a wrong code does) and the owner hears of it instead of getting a code.
      sent = codes.decoy(target, body.channel, body.scene);
      if (sent) {
        this.notify(
          user,
          { to: target, channel: body.channel },
          "Someone tried to sign up with your address",
          "Someone tried to create a Mix Exchange account with this address, which already has one. If it was you, log in, or reset your password if you forgot it. If not, you can ignore this message.",
        );
      }
    } else if (body.scene === "register") {
      sent = codes.send(target, body.channel, body.scene, this.message(undefined, "Your verification code"));
    } else {
      // For an unknown target a decoy code is stored and nothing is sent: the answer, the cooldown
      // and later checks are the same as for a real account, so this cannot probe for accounts.
      sent = user
        ? codes.send(target, body.channel, body.scene, this.message(user, "Your verification code"))
        : codes.decoy(target, body.channel, body.scene);
    }
    if (!sent) throw tooSoon();
    return sentOne(body.scene !== "bind");
  }

  /** A forgotten password's new one, proven with a `reset-password` code (docs/decisions/500). */
  async resetPassword(req: FastifyRequest, read: (fields: Record<string, unknown>) => ResetInput): Promise<ReturnType<typeof ok>> {
    // The address's count before any RSA work; the account's needs the opened fields.
    const proven = this.requireHuman(req, [RESET_RISK.perAddress, [`ip:${req.ip}`]]);
    const opened = this.crypto.openLogin(req.body);
    const f = read(opened.fields);
    const target = "email" in f ? f.email : mobileTarget(f.areaCode, f.mobile);
    if (!proven) this.requireHuman(req, [RESET_RISK.perAccount, [`acct:${target}`]]);
    this.captcha.risk.record(RESET_RISK.perAddress.kind, [`ip:${req.ip}`]);
    this.checkNewPassword(f.pwd, f.rePwd);
    const user = "email" in f ? this.users.byEmail(f.email) : this.users.byMobile(f.areaCode, f.mobile);
    // An unknown target had a decoy code stored by send-code, so it fails exactly as a wrong code does.
    try {
      this.checkCode(target, "reset-password", f.verifyCode);
      if (!user) throw refuse(CODES.codeWrong, "The verification code is incorrect");
    } catch (err) {
      this.captcha.risk.record(RESET_RISK.perAccount.kind, [`acct:${target}`]);
      throw err;
    }
    if (user.frozen) throw refuse(CODES.accountFrozen, "This account is frozen");
    this.users.update(user.id, { pwd_hash: await hashPassword(f.pwd) });
    // Whoever knew the old password is out now, everywhere: sessions, refresh tokens (also of
    // sessions that idled out) and API keys, which stay on hold until re-confirmed with 2FA.
    const ended = this.sessions.revoke(user.id);
    const held = this.apiKeys.suspendAllOf(user.id);
    this.captcha.risk.clear("login-fail", [`acct:${user.email ?? ""}`, `acct:${user.mobile ?? ""}`]);
    this.captcha.risk.clear(RESET_RISK.perAccount.kind, [`acct:${target}`]);
    const keysLine = held
      ? ` Your ${held} API key${held === 1 ? " is" : "s are"} suspended until you re-confirm ${held === 1 ? "it" : "them"} in the API key settings.`
      : "";
    this.notify(
      user,
      { to: target, channel: "email" in f ? "email" : "mobile" },
      "Your password was changed",
      `Your Mix Exchange password was changed and every session was logged out.${keysLine} If this was not you, contact support at once.`,
    );
    return ok({ reset: true, sessionsEnded: ended, apiKeysSuspended: held });
  }

  /** Main and sub-accounts as the exchange needs them (transfers, welcome funds; exchange.ts's AccountDirectory). */
  readonly directory = {
    of: (id: string): { parentId: string | null; frozen: boolean } | undefined => {
      const u = this.users.byId(id);
      return u ? { parentId: u.parent_id, frozen: u.frozen === 1 } : undefined;
    },
    subAccounts: (mainId: string): Array<{ userId: string; frozen: boolean }> =>
      this.users.children(mainId).map((u) => ({ userId: u.id, frozen: u.frozen === 1 })),
  };

  /** The logged-in user and session, or the refusal that says why there is none. */
  currentUser(req: SessionRequest): { user: UserRow; sessionId: string } {
    const resolved = this.sessionOf(req);
    if (!("id" in resolved)) {
      const e = endCode(resolved.ended);
      throw refuse(e.code, e.msg);
    }
    const user = this.users.byId(resolved.userId);
    if (!user) throw refuse(CODES.sessionMissing, "Please log in");
    if (user.frozen) {
      this.sessions.end(resolved.id, "frozen");
      throw refuse(CODES.accountFrozen, "This account is frozen");
    }
    return { user, sessionId: resolved.id };
  }

  /** Refuses a sub-account what only its main account may do. */
  requireMain(user: UserRow): void {
    if (user.user_type === 1) throw refuse(CODES.invalidParameter, "A sub-account cannot do this; switch to the main account");
  }

  requestMeta(req: FastifyRequest): { deviceId: string; ip: string; userAgent: string } {
    return {
      deviceId: String(req.headers[HEADERS.deviceId] ?? "").slice(0, 128),
      ip: req.ip,
      userAgent: String(req.headers["user-agent"] ?? ""),
    };
  }

  startSession(req: FastifyRequest, reply: FastifyReply, user: UserRow, key: ClientKey): ReturnType<typeof ok> {
    // A proof is spent by the login it let skip the device step, once that login succeeds.
    if (key.deviceProof && !this.crypto.spendDeviceProof(key.deviceProof))
      throw refuse(CODES.verifyExpired, "The login verification has expired; log in again");
    const meta = this.requestMeta(req);
    const s = this.sessions.issue(user.id, meta);
    if (user.one_web_session) this.sessions.endAllOf(user.id, "replaced", s.id);
    this.crypto.bindClientKey(s.id, user.id, key.publicKey, key.algorithm);
    this.history.record(user.id, Date.now(), meta);
    setSessionCookies(req, reply, s);
    return ok({ userInfo: { userId: user.id }, sessionId: s.id });
  }

  checkCode(target: string, scene: CodeScene, code: string, owner?: string): void {
    const r = this.codes.verify(target, scene, code, owner);
    if (r === "ok") return;
    if (r === "expired" || r === "missing" || r === "exhausted")
      throw refuse(CODES.codeExpired, "The verification code has expired; request a new one");
    throw refuse(CODES.codeWrong, "The verification code is incorrect");
  }

  checkNewPassword(p: string, re: string): void {
    if (p !== re) throw refuse(CODES.passwordMismatch, "The passwords do not match");
    const problems = passwordProblems(p);
    if (problems.length)
      throw refuse(
        CODES.passwordRule,
        `The password must be 8-32 characters with a letter and a digit and no spaces (${problems.join(", ")})`,
      );
  }

  message(user: UserRow | undefined, subject: string): CodeMessage {
    return {
      subject,
      text: (c: string) => `${phishingLine(user)}Your Mix Exchange verification code is ${c}. It expires in 10 minutes. Never share it.`,
    };
  }

  /** A message without a code (a security notice), with the account's anti-phishing code. */
  notify(user: UserRow, to: { to: string; channel: CodeChannel }, subject: string, text: string): void {
    this.transport.send({ ...to, subject, text: `${phishingLine(user)}${text}` });
  }

  /**
   * Past any rule's limit, one captcha token (of the first such rule's scene) lets the call
   * through; true when a token was spent on it.
   */
  requireHuman(req: FastifyRequest, ...checks: Array<[RiskRule, string[]]>): boolean {
    const captcha = this.captcha;
    const tripped = checks.find(([rule, keys]) => captcha.risk.count(rule.kind, keys, rule.windowMs) >= rule.free)?.[0];
    if (!tripped) return false;
    const token = req.headers[HEADERS.captchaToken];
    if (captcha.store.consumeToken(typeof token === "string" ? token : undefined, tripped.scene, captchaClientOf(req))) return true;
    throw refuse(CODES.captchaRequired, "Please complete the security check", 200, { group: CAPTCHA_GROUP, scene: tripped.scene });
  }

  /** Where an account's codes go: its e-mail, else its mobile. */
  codeTarget(user: UserRow): { target: string; channel: CodeChannel } | undefined {
    if (user.email) return { target: user.email, channel: "email" };
    if (user.mobile && user.area_code) return { target: mobileTarget(user.area_code, user.mobile), channel: "mobile" };
    return undefined;
  }

  /** Checks a Google Authenticator code through the TOTP guard (one use per step, lockout). */
  checkTotp(user: UserRow, code: string | undefined): void {
    this.totp.check(user.id, user.google_secret, code);
  }

  /** Whose second factor an account uses: its own, or its main account's for a sub-account (which binds nothing). */
  factorUserOf(user: UserRow): UserRow {
    return (user.parent_id ? this.users.byId(user.parent_id) : undefined) ?? user;
  }

  /**
   * The second factor of a sensitive setting (API keys): the TOTP code when Google Authenticator
   * is bound, else a code of `scene` sent to the account's own address.
   */
  checkSecondFactor(user: UserRow, scene: CodeScene, f: { googleCode?: string; verifyCode?: string }): void {
    const factor = this.factorUserOf(user);
    if (factor.google_enabled && factor.google_secret) {
      if (!f.googleCode) throw refuse(CODES.codeWrong, "Enter the code from your authenticator app");
      return this.checkTotp(factor, f.googleCode);
    }
    // The code went to the factor's address but belongs to the account that asked for it.
    const target = this.codeTarget(factor);
    if (!target) throw refuse(CODES.invalidParameter, "Bind an e-mail or mobile number first");
    if (!f.verifyCode) throw refuse(CODES.codeWrong, "Enter the verification code we sent you");
    this.checkCode(target.target, scene, f.verifyCode, user.id);
  }
}
