import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import { PATHS } from "../../protocol/paths.ts";
import { ACCOUNT_PATHS } from "../../protocol/account-paths.ts";
import { HEADERS } from "../../protocol/headers.ts";
import {
  AREA_CODE_PATTERN, CODE_SCENES, COOKIES, EMAIL_PATTERN, MOBILE_PATTERN, passwordProblems,
} from "../../protocol/accounts.ts";
import { CAPTCHA_GROUP } from "../../protocol/captcha.ts";
import { ENCRYPTED_PATHS, SUB_SWITCH_PREFIX } from "../../protocol/signing.ts";
import { migrate } from "../db/database.ts";
import type { GatewayContext, LoginCrypto } from "../context.ts";
import { GatewayError, ok, refuse } from "../envelope.ts";
import { parseBody } from "../validate.ts";
import { ACCOUNT_MIGRATIONS } from "./migrations.ts";
import { VerifyCodes, mobileTarget } from "./codes.ts";
import { clearSessionCookies, cookieOf, readCookies, setSessionCookies } from "./cookies.ts";
import { fileOutbox, type MessageTransport } from "./outbox.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { Sessions, type EndReason } from "./sessions.ts";
import { verifyTotp } from "./totp.ts";
import { Users, userInfoOf, type UserRow } from "./users.ts";
import { installSettings } from "./settings-routes.ts";

const LOGIN_RISK = { windowMs: 10 * 60_000, freeFailures: 3 } as const;
const REGISTER_RISK = { windowMs: 10 * 60_000, freePerIp: 5 } as const;
const PENDING_TTL_MS = 10 * 60_000;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

const email = z.string().trim().toLowerCase().regex(EMAIL_PATTERN, "not an e-mail address");
const mobile = z.string().trim().regex(MOBILE_PATTERN, "not a mobile number");
const areaCode = z.string().trim().regex(AREA_CODE_PATTERN, "not an area code").transform((s) => s.replace(/^\+/, ""));
const code6 = z.string().trim().regex(/^\d{6}$/, "must be 6 digits");
const pwd = z.string().min(1).max(128);

const SendCodeBody = z.union([
  z.object({ scene: z.enum(CODE_SCENES), channel: z.literal("email"), email }),
  z.object({ scene: z.enum(CODE_SCENES), channel: z.literal("mobile"), mobile, areaCode }),
]);
const RegisterEmail = z.object({ email, pwd, rePwd: pwd, verifyCode: code6 });
const RegisterMobile = z.object({ mobile, areaCode, pwd, rePwd: pwd, verifyCode: code6 });
const RegisterBoth = z.object({ mobile, areaCode, email, pwd, rePwd: pwd, verifyCode: code6, emailVerifyCode: code6 });
const LoginFields = z.object({ loginName: z.string().trim().min(1).max(254), pwd, areaCode: areaCode.optional() });
const VerifyFields = z.object({ emailCode: code6.optional(), mobileCode: code6.optional(), googleCode: code6.optional() });
const SwitchFields = z.object({ userId: z.string().regex(/^\d{10}$/, "not a user id") });
const SWITCH_PATHS = Object.keys(ENCRYPTED_PATHS).filter((p) => p.startsWith(SUB_SWITCH_PREFIX));
const VerifyClear = z.object({ token: z.string().min(16).max(128) }).passthrough();

function requestMeta(req: FastifyRequest) {
  return { deviceId: String(req.headers[HEADERS.deviceId] ?? "").slice(0, 128), ip: req.ip, userAgent: String(req.headers["user-agent"] ?? "") };
}

function endCode(reason: EndReason | "missing"): { code: string; msg: string } {
  if (reason === "replaced") return { code: CODES.sessionReplaced, msg: "You logged in elsewhere; this session has ended" };
  if (reason === "frozen") return { code: CODES.accountFrozen, msg: "This account is frozen" };
  return { code: CODES.sessionMissing, msg: "Please log in" };
}

/** Accounts and sessions (SPEC.md §4 session end, PROTOCOL.md §7). */
export function installAccounts(app: FastifyInstance, ctx: GatewayContext, transport: MessageTransport = fileOutbox(ctx.config.dataDir)) {
  migrate(ctx.db, ACCOUNT_MIGRATIONS);
  const users = new Users(ctx.db);
  const sessions = new Sessions(ctx.db);
  const codes = new VerifyCodes(ctx.db, transport);
  const captcha = ctx.captcha;

  function crypto(): LoginCrypto {
    if (!ctx.loginCrypto) throw new GatewayError(CODES.loginEncryption, "Login encryption is not available", 503);
    return ctx.loginCrypto;
  }

  /** The signed-in user of a request, or the session-end code that tells the client to log out. */
  function currentUser(req: FastifyRequest): { user: UserRow; sessionId: string } {
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
  }

  ctx.sessionOf = (req) => {
    const r = sessions.resolve(readCookies(req.headers.cookie).get(COOKIES.session));
    return "session" in r ? { sessionId: r.session.id, userId: r.session.user_id } : undefined;
  };
  ctx.sessionUserId = (req) => ctx.sessionOf?.(req)?.userId;
  // Private exchange calls by web session; their device-sign was checked by the security hook.
  ctx.authenticateSession = (req) => {
    const s = ctx.sessionOf?.(req);
    if (!s || users.byId(s.userId)?.frozen) return undefined;
    return { userId: s.userId, via: "session", permissions: ["read", "trade"] };
  };

  function message(user: UserRow | undefined, subject: string) {
    const phishing = user?.anti_phishing_code ? `Anti-phishing code: ${user.anti_phishing_code}\n` : "";
    return { subject, text: (c: string) => `${phishing}Your Mix Exchange verification code is ${c}. It expires in 10 minutes. Never share it.` };
  }

  function requireHuman(req: FastifyRequest, scene: "login" | "register", keys: string[], free: number, windowMs: number) {
    if (!captcha) return;
    const kind = scene === "login" ? "login-fail" : "register";
    if (captcha.risk.count(kind, keys, windowMs) < free) return;
    const token = req.headers[HEADERS.captchaToken];
    if (captcha.store.consumeToken(typeof token === "string" ? token : undefined, scene)) return;
    throw refuse(CODES.captchaRequired, "Please complete the security check", 200, { group: CAPTCHA_GROUP, scene });
  }

  function startSession(req: FastifyRequest, reply: FastifyReply, user: UserRow, key: { publicKey: string; algorithm: string }) {
    const meta = requestMeta(req);
    const s = sessions.issue(user.id, meta);
    if (user.one_web_session) sessions.endAllOf(user.id, "replaced", s.id);
    crypto().bindClientKey(s.id, user.id, key.publicKey, key.algorithm);
    ctx.db.prepare("INSERT INTO login_history (user_id, at, ip, user_agent, device_id, result) VALUES (?, ?, ?, ?, ?, 'ok')")
      .run(user.id, Date.now(), meta.ip, meta.userAgent.slice(0, 255), meta.deviceId);
    setSessionCookies(req, reply, s);
    return ok({ userInfo: { userId: user.id }, sessionId: s.id });
  }

  function checkCode(target: string, scene: "register" | "login-verify", code: string) {
    const r = codes.verify(target, scene, code);
    if (r === "ok") return;
    if (r === "expired" || r === "missing" || r === "exhausted") throw refuse(CODES.codeExpired, "The verification code has expired; request a new one");
    throw refuse(CODES.codeWrong, "The verification code is incorrect");
  }

  function checkNewPassword(p: string, re: string) {
    if (p !== re) throw refuse(CODES.passwordMismatch, "The passwords do not match");
    const problems = passwordProblems(p);
    if (problems.length) throw refuse(CODES.passwordRule, `The password must be 8-32 characters with a letter and a digit and no spaces (${problems.join(", ")})`);
  }

  app.post(ACCOUNT_PATHS.sendCode, async (req) => {
    const body = parseBody(SendCodeBody, req.body ?? {});
    const target = body.channel === "email" ? body.email : mobileTarget(body.areaCode, body.mobile);
    const user = body.channel === "email" ? users.byEmail(body.email) : users.byMobile(body.areaCode, body.mobile);
    if (body.scene === "register" && user) throw refuse(CODES.accountExists, "This account is already registered");
    // For other scenes an unknown target gets the same answer, so the call cannot probe for accounts.
    const sent = body.scene === "register" || user ? codes.send(target, body.channel, body.scene, message(user, "Your verification code")) : true;
    if (!sent) throw refuse(CODES.codeTooSoon, "A code was sent less than a minute ago");
    return ok({ sent: true });
  });

  async function register(req: FastifyRequest, reply: FastifyReply, kind: "email" | "mobile" | "both") {
    requireHuman(req, "register", [`ip:${req.ip}`], REGISTER_RISK.freePerIp, REGISTER_RISK.windowMs);
    const opened = crypto().open(req.body);
    const f = kind === "email" ? parseBody(RegisterEmail, opened.fields)
      : kind === "mobile" ? parseBody(RegisterMobile, opened.fields) : parseBody(RegisterBoth, opened.fields);
    checkNewPassword(f.pwd, f.rePwd);
    const mail = "email" in f ? f.email : undefined;
    const phone = "mobile" in f ? { mobile: f.mobile, areaCode: f.areaCode } : undefined;
    if ((mail && users.byEmail(mail)) || (phone && users.byMobile(phone.areaCode, phone.mobile))) {
      throw refuse(CODES.accountExists, "This account is already registered");
    }
    if (kind === "email" && mail) checkCode(mail, "register", f.verifyCode);
    if (phone) checkCode(mobileTarget(phone.areaCode, phone.mobile), "register", f.verifyCode);
    if (kind === "both" && mail) checkCode(mail, "register", (f as z.infer<typeof RegisterBoth>).emailVerifyCode);
    const user = users.create({ email: mail, ...phone, pwdHash: await hashPassword(f.pwd) });
    captcha?.risk.record("register", [`ip:${req.ip}`]);
    return startSession(req, reply, user, opened);
  }
  app.post(ACCOUNT_PATHS.registerEmail, (req, reply) => register(req, reply, "email"));
  app.post(ACCOUNT_PATHS.registerMobile, (req, reply) => register(req, reply, "mobile"));
  app.post(ACCOUNT_PATHS.registerBoth, (req, reply) => register(req, reply, "both"));

  app.post(ACCOUNT_PATHS.login, async (req, reply) => {
    const opened = crypto().open(req.body);
    const f = parseBody(LoginFields, opened.fields);
    const keys = [`ip:${req.ip}`, `acct:${f.loginName.toLowerCase()}`];
    requireHuman(req, "login", keys, LOGIN_RISK.freeFailures, LOGIN_RISK.windowMs);
    const user = users.byLoginName(f.loginName, f.areaCode);
    // Verify against a real hash even for unknown accounts, so timing does not tell them apart.
    const valid = await verifyPassword(f.pwd, user?.pwd_hash ?? DUMMY_HASH);
    if (!user || !valid) {
      captcha?.risk.record("login-fail", keys);
      throw refuse(CODES.loginFailed, "Incorrect account or password");
    }
    if (user.frozen) throw refuse(CODES.accountFrozen, "This account is frozen");
    captcha?.risk.clear("login-fail", [`acct:${f.loginName.toLowerCase()}`]);
    const channels = [user.email ? "email" : "", user.mobile ? "mobile" : "", user.google_enabled ? "google" : ""].filter(Boolean);
    if (channels.length === 0 || crypto().deviceKnown(req, req.body, user.id)) return startSession(req, reply, user, opened);
    const token = randomBytes(24).toString("base64url");
    ctx.db.prepare(`INSERT INTO pending_logins (token_hash, user_id, channels, public_key, algorithm, device_id, expires_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`).run(sha256(token), user.id, channels.join(","), opened.publicKey, opened.algorithm,
      requestMeta(req).deviceId, Date.now() + PENDING_TTL_MS);
    // The codes go out with the challenge; the client can ask for a new one with send-code.
    if (user.email) codes.send(user.email, "email", "login-verify", message(user, "New device login"));
    else if (user.mobile && user.area_code) codes.send(mobileTarget(user.area_code, user.mobile), "mobile", "login-verify", message(user, "New device login"));
    return ok({ verify: { token, channels } });
  });

  async function verifyLogin(req: FastifyRequest, reply: FastifyReply) {
    const clear = parseBody(VerifyClear, req.body ?? {});
    const opened = crypto().open(req.body);
    const f = parseBody(VerifyFields, opened.fields);
    const pending = ctx.db.prepare("SELECT * FROM pending_logins WHERE token_hash = ?").get(sha256(clear.token)) as
      { user_id: string; channels: string; public_key: string; algorithm: string; expires_at: number; used_at: number | null } | undefined;
    if (!pending || pending.used_at !== null || pending.expires_at < Date.now()) {
      throw refuse(CODES.verifyExpired, "The login verification has expired; log in again");
    }
    const user = users.byId(pending.user_id);
    if (!user) throw refuse(CODES.verifyExpired, "The login verification has expired; log in again");
    const channels = pending.channels.split(",");
    // Every bound code channel must be proven: e-mail or mobile (whichever got the code), plus Google when bound.
    const codeChannel = user.email ? "email" : "mobile";
    const given = codeChannel === "email" ? f.emailCode : f.mobileCode;
    if (!given) throw refuse(CODES.codeWrong, "The verification code is incorrect");
    checkCode(codeChannel === "email" ? (user.email as string) : mobileTarget(user.area_code ?? "", user.mobile ?? ""), "login-verify", given);
    if (channels.includes("google") && !(f.googleCode && user.google_secret && verifyTotp(user.google_secret, f.googleCode))) {
      throw refuse(CODES.codeWrong, "The authenticator code is incorrect");
    }
    if (opened.publicKey !== pending.public_key) throw refuse(CODES.verifyExpired, "The login verification has expired; log in again");
    ctx.db.prepare("UPDATE pending_logins SET used_at = ? WHERE token_hash = ?").run(Date.now(), sha256(clear.token));
    return startSession(req, reply, user, opened);
  }
  app.post(ACCOUNT_PATHS.verifyLogin, verifyLogin);
  app.post(ACCOUNT_PATHS.verifyLoginV2, verifyLogin);

  app.post(PATHS.userInfo, async (req) => ok(userInfoOf(currentUser(req).user)));

  async function logout(req: FastifyRequest, reply: FastifyReply) {
    const r = sessions.resolve(cookieOf(req, COOKIES.session));
    if ("session" in r) sessions.end(r.session.id, "logout");
    clearSessionCookies(req, reply);
    return ok(null);
  }
  app.post(PATHS.logout, logout);
  app.post(PATHS.btapiLogout, logout);
  app.post(PATHS.clearCookie, async (req, reply) => {
    clearSessionCookies(req, reply);
    return ok(null);
  });

  /**
   * Sub-account switching (the encrypted `switch*` paths): from a main account to one of its
   * sub-accounts, between siblings, or back to the main. The new session gets the key sent in the
   * payload; the old session ends.
   */
  async function switchAccount(req: FastifyRequest, reply: FastifyReply) {
    const { user, sessionId } = currentUser(req);
    const opened = crypto().open(req.body);
    const { userId } = parseBody(SwitchFields, opened.fields);
    const mainId = user.parent_id ?? user.id;
    const target = users.byId(userId);
    if (!target || (target.id !== mainId && target.parent_id !== mainId)) throw refuse(CODES.invalidParameter, "No such sub-account");
    if (target.frozen) throw refuse(CODES.accountFrozen, "This account is frozen");
    sessions.end(sessionId, "logout");
    return startSession(req, reply, target, opened);
  }
  for (const path of SWITCH_PATHS) app.post(path, switchAccount);

  app.post(ACCOUNT_PATHS.refresh, async (req, reply) => {
    const next = sessions.refresh(cookieOf(req, COOKIES.refresh), requestMeta(req));
    if (!next) {
      clearSessionCookies(req, reply);
      throw refuse(CODES.sessionMissing, "Please log in");
    }
    setSessionCookies(req, reply, next);
    return ok({ sessionId: next.id });
  });

  installSettings(app, ctx, { users, sessions, codes, currentUser });
  return { users, sessions, codes, currentUser };
}

/** A valid scrypt hash of a random password, checked when the account does not exist. */
const DUMMY_HASH = await hashPassword(randomBytes(16).toString("hex"));
