import type { FastifyReply, FastifyRequest } from "fastify";
import { CODES } from "../../protocol/codes.ts";
import { HEADERS } from "../../protocol/headers.ts";
import { COOKIES, passwordProblems, type CodeChannel, type CodeScene } from "../../protocol/accounts.ts";
import { CAPTCHA_GROUP, type CaptchaScene } from "../../protocol/captcha.ts";
import { captchaClientOf } from "../captcha/store.ts";
import type { GatewayContext, LoginCrypto } from "../context.ts";
import { GatewayError, ok, refuse } from "../envelope.ts";
import { VerifyCodes, mobileTarget, type CodeMessage } from "./codes.ts";
import { cookieOf, setSessionCookies } from "./cookies.ts";
import type { MessageTransport } from "./outbox.ts";
import { Sessions, type EndReason } from "./sessions.ts";
import { TotpGuard } from "./totp-guard.ts";
import { Users, type UserRow } from "./users.ts";

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

/** What every accounts route module shares: storage, the session helpers and the common checks. */
export interface AccountKit {
  ctx: GatewayContext;
  users: Users;
  sessions: Sessions;
  codes: VerifyCodes;
  totp: TotpGuard;
  transport: MessageTransport;
  crypto(): LoginCrypto;
  currentUser(req: FastifyRequest): { user: UserRow; sessionId: string };
  /** Refuses a sub-account what only its main account may do. */
  requireMain(user: UserRow): void;
  requestMeta(req: FastifyRequest): { deviceId: string; ip: string; userAgent: string };
  startSession(req: FastifyRequest, reply: FastifyReply, user: UserRow, key: ClientKey): ReturnType<typeof ok>;
  checkCode(target: string, scene: CodeScene, code: string, owner?: string): void;
  checkNewPassword(pwd: string, rePwd: string): void;
  message(user: UserRow | undefined, subject: string): CodeMessage;
  /** A message without a code (a security notice), with the account's anti-phishing code. */
  notify(user: UserRow, to: { to: string; channel: CodeChannel }, subject: string, text: string): void;
  /**
   * Past any rule's limit, one captcha token (of the first such rule's scene) lets the call
   * through; true when a token was spent on it.
   */
  requireHuman(req: FastifyRequest, ...checks: Array<[RiskRule, string[]]>): boolean;
  /** Where an account's codes go: its e-mail, else its mobile. */
  codeTarget(user: UserRow): { target: string; channel: CodeChannel } | undefined;
  /** Checks a Google Authenticator code through the TOTP guard (one use per step, lockout). */
  checkTotp(user: UserRow, code: string | undefined): void;
  /**
   * The second factor of a sensitive setting (API keys): the TOTP code when Google Authenticator
   * is bound, else a code of `scene` sent to the account's own address.
   */
  checkSecondFactor(user: UserRow, scene: CodeScene, f: { googleCode?: string; verifyCode?: string }): void;
  /** Whose second factor an account uses: its own, or its main account's for a sub-account (which binds nothing). */
  factorUserOf(user: UserRow): UserRow;
}

function endCode(reason: EndReason | "missing"): { code: string; msg: string } {
  if (reason === "replaced") return { code: CODES.sessionReplaced, msg: "You logged in elsewhere; this session has ended" };
  if (reason === "frozen") return { code: CODES.accountFrozen, msg: "This account is frozen" };
  return { code: CODES.sessionMissing, msg: "Please log in" };
}

/** Every message the gateway sends carries the account's anti-phishing code, when it has one. */
const phishingLine = (user: UserRow | undefined) => (user?.anti_phishing_code ? `Anti-phishing code: ${user.anti_phishing_code}\n` : "");

export function createKit(ctx: GatewayContext, transport: MessageTransport): AccountKit {
  const users = new Users(ctx.db);
  const sessions = new Sessions(ctx.db);
  const codes = new VerifyCodes(ctx.db, transport);
  const totp = new TotpGuard(ctx.db);
  const history = ctx.db.prepare("INSERT INTO login_history (user_id, at, ip, user_agent, device_id, result) VALUES (?, ?, ?, ?, ?, 'ok')");

  const kit: AccountKit = {
    ctx, users, sessions, codes, totp, transport,

    crypto() {
      if (!ctx.loginCrypto) throw new GatewayError(CODES.loginEncryption, "Login encryption is not available", 503);
      return ctx.loginCrypto;
    },

    currentUser(req) {
      const resolved = sessions.resolve(cookieOf(req, COOKIES.session));
      if (!("session" in resolved)) {
        const e = endCode(resolved.ended);
        throw refuse(e.code, e.msg);
      }
      const user = users.byId(resolved.session.user_id);
      if (!user) throw refuse(CODES.sessionMissing, "Please log in");
      if (user.frozen) {
        sessions.end(resolved.session.id, "frozen");
        throw refuse(CODES.accountFrozen, "This account is frozen");
      }
      return { user, sessionId: resolved.session.id };
    },

    requireMain(user) {
      if (user.user_type === 1) throw refuse(CODES.invalidParameter, "A sub-account cannot do this; switch to the main account");
    },

    requestMeta(req) {
      return { deviceId: String(req.headers[HEADERS.deviceId] ?? "").slice(0, 128), ip: req.ip, userAgent: String(req.headers["user-agent"] ?? "") };
    },

    startSession(req, reply, user, key) {
      // A proof is spent by the login it let skip the device step, once that login succeeds.
      if (key.deviceProof && !kit.crypto().spendDeviceProof(key.deviceProof)) throw refuse(CODES.verifyExpired, "The login verification has expired; log in again");
      const meta = kit.requestMeta(req);
      const s = sessions.issue(user.id, meta);
      if (user.one_web_session) sessions.endAllOf(user.id, "replaced", s.id);
      kit.crypto().bindClientKey(s.id, user.id, key.publicKey, key.algorithm);
      history.run(user.id, Date.now(), meta.ip, meta.userAgent.slice(0, 255), meta.deviceId);
      setSessionCookies(req, reply, s);
      return ok({ userInfo: { userId: user.id }, sessionId: s.id });
    },

    checkCode(target, scene, code, owner) {
      const r = codes.verify(target, scene, code, owner);
      if (r === "ok") return;
      if (r === "expired" || r === "missing" || r === "exhausted") throw refuse(CODES.codeExpired, "The verification code has expired; request a new one");
      throw refuse(CODES.codeWrong, "The verification code is incorrect");
    },

    checkNewPassword(p, re) {
      if (p !== re) throw refuse(CODES.passwordMismatch, "The passwords do not match");
      const problems = passwordProblems(p);
      if (problems.length) throw refuse(CODES.passwordRule, `The password must be 8-32 characters with a letter and a digit and no spaces (${problems.join(", ")})`);
    },

    message(user, subject) {
      return { subject, text: (c: string) => `${phishingLine(user)}Your Mix Exchange verification code is ${c}. It expires in 10 minutes. Never share it.` };
    },

    notify(user, to, subject, text) {
      transport.send({ ...to, subject, text: `${phishingLine(user)}${text}` });
    },

    requireHuman(req, ...checks) {
      const captcha = ctx.captcha;
      if (!captcha) return false;
      const tripped = checks.find(([rule, keys]) => captcha.risk.count(rule.kind, keys, rule.windowMs) >= rule.free)?.[0];
      if (!tripped) return false;
      const token = req.headers[HEADERS.captchaToken];
      if (captcha.store.consumeToken(typeof token === "string" ? token : undefined, tripped.scene, captchaClientOf(req))) return true;
      throw refuse(CODES.captchaRequired, "Please complete the security check", 200, { group: CAPTCHA_GROUP, scene: tripped.scene });
    },

    codeTarget(user) {
      if (user.email) return { target: user.email, channel: "email" };
      if (user.mobile && user.area_code) return { target: mobileTarget(user.area_code, user.mobile), channel: "mobile" };
      return undefined;
    },

    checkTotp(user, code) {
      totp.check(user.id, user.google_secret, code);
    },

    factorUserOf(user) {
      return (user.parent_id ? users.byId(user.parent_id) : undefined) ?? user;
    },

    checkSecondFactor(user, scene, f) {
      const factor = kit.factorUserOf(user);
      if (factor.google_enabled && factor.google_secret) {
        if (!f.googleCode) throw refuse(CODES.codeWrong, "Enter the code from your authenticator app");
        return kit.checkTotp(factor, f.googleCode);
      }
      // The code went to the factor's address but belongs to the account that asked for it.
      const target = kit.codeTarget(factor);
      if (!target) throw refuse(CODES.invalidParameter, "Bind an e-mail or mobile number first");
      if (!f.verifyCode) throw refuse(CODES.codeWrong, "Enter the verification code we sent you");
      kit.checkCode(target.target, scene, f.verifyCode, user.id);
    },
  };
  return kit;
}
