import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import { PATHS } from "../../protocol/paths.ts";
import { ACCOUNT_PATHS } from "../../protocol/account-paths.ts";
import { CODE_SCENES, COOKIES } from "../../protocol/accounts.ts";
import { ENCRYPTED_PATHS, SUB_SWITCH_PREFIX } from "../../protocol/signing.ts";
import { migrate } from "../db/database.ts";
import type { GatewayContext } from "../context.ts";
import { ok, refuse } from "../envelope.ts";
import { parseBody } from "../validate.ts";
import { ACCOUNT_MIGRATIONS } from "./migrations.ts";
import { mobileTarget } from "./codes.ts";
import { clearSessionCookies, cookieOf, readCookies, setSessionCookies } from "./cookies.ts";
import { areaCode, code6, email, mobile, pwd, userId } from "./fields.ts";
import { createKit, type RiskRule } from "./kit.ts";
import { installLoginRoutes } from "./login-routes.ts";
import { fileOutbox, type MessageTransport } from "./outbox.ts";
import { hashPassword } from "./passwords.ts";
import { installProviderRoutes } from "./provider-routes.ts";
import { installResetPassword } from "./reset-routes.ts";
import { userInfoOf } from "./users.ts";
import { installSettings } from "./settings-routes.ts";
import { installBindingRoutes } from "./binding-routes.ts";

const REGISTER_RISK: RiskRule = { scene: "register", kind: "register", free: 5, windowMs: 10 * 60_000 };

const SendCodeBody = z.union([
  z.object({ scene: z.enum(CODE_SCENES).exclude(["unbind"]), channel: z.literal("email"), email }),
  z.object({ scene: z.enum(CODE_SCENES).exclude(["unbind"]), channel: z.literal("mobile"), mobile, areaCode }),
  // An unbind code goes to the address being unbound, which only the session knows in full.
  z.object({ scene: z.literal("unbind"), channel: z.enum(["email", "mobile"]) }),
]);
const RegisterEmail = z.object({ email, pwd, rePwd: pwd, verifyCode: code6 });
const RegisterMobile = z.object({ mobile, areaCode, pwd, rePwd: pwd, verifyCode: code6 });
const RegisterBoth = z.object({ mobile, areaCode, email, pwd, rePwd: pwd, verifyCode: code6, emailVerifyCode: code6 });
const SwitchFields = z.object({ userId });
const SWITCH_PATHS = Object.keys(ENCRYPTED_PATHS).filter((p) => p.startsWith(SUB_SWITCH_PREFIX));

/** Accounts and sessions (SPEC.md §4 session end, PROTOCOL.md §7). */
export function installAccounts(app: FastifyInstance, ctx: GatewayContext, transport: MessageTransport = fileOutbox(ctx.config.dataDir)) {
  migrate(ctx.db, ACCOUNT_MIGRATIONS);
  const kit = createKit(ctx, transport);
  const { users, sessions, codes, currentUser } = kit;
  const captcha = ctx.captcha;

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
  ctx.accounts = {
    of(id) {
      const u = users.byId(id);
      return u ? { parentId: u.parent_id, frozen: u.frozen === 1 } : undefined;
    },
    subAccounts: (mainId) => users.children(mainId).map((u) => ({ userId: u.id, frozen: u.frozen === 1 })),
  };

  app.post(ACCOUNT_PATHS.sendCode, async (req) => {
    const body = parseBody(SendCodeBody, req.body ?? {});
    if (body.scene === "unbind") {
      const { user } = currentUser(req);
      const target = body.channel === "email" ? user.email : user.mobile && user.area_code ? mobileTarget(user.area_code, user.mobile) : null;
      if (!target) throw refuse(CODES.invalidParameter, `No ${body.channel === "email" ? "e-mail" : "mobile"} is bound`);
      if (!codes.send(target, body.channel, "unbind", kit.message(user, "Your verification code"), user.id)) throw refuse(CODES.codeTooSoon, "A code was sent less than a minute ago");
      return ok({ sent: true });
    }
    const target = body.channel === "email" ? body.email : mobileTarget(body.areaCode, body.mobile);
    const user = body.channel === "email" ? users.byEmail(body.email) : users.byMobile(body.areaCode, body.mobile);
    let sent: boolean;
    if (body.scene === "register" || body.scene === "bind") {
      // A new address: only a free one gets a code (binding also needs a session).
      const binder = body.scene === "bind" ? currentUser(req).user : undefined;
      if (user) throw refuse(CODES.accountExists, body.scene === "bind" ? "This address is used by an account" : "This account is already registered");
      sent = codes.send(target, body.channel, body.scene, kit.message(binder, "Your verification code"), binder?.id);
    } else {
      // For an unknown target a decoy code is stored and nothing is sent: the answer, the cooldown
      // and later checks are the same as for a real account, so this cannot probe for accounts.
      sent = user ? codes.send(target, body.channel, body.scene, kit.message(user, "Your verification code")) : codes.decoy(target, body.channel, body.scene);
    }
    if (!sent) throw refuse(CODES.codeTooSoon, "A code was sent less than a minute ago");
    return ok({ sent: true });
  });

  async function register(req: FastifyRequest, reply: FastifyReply, kind: "email" | "mobile" | "both") {
    kit.requireHuman(req, [REGISTER_RISK, [`ip:${req.ip}`]]);
    const opened = kit.crypto().open(req.body);
    const f = kind === "email" ? parseBody(RegisterEmail, opened.fields)
      : kind === "mobile" ? parseBody(RegisterMobile, opened.fields) : parseBody(RegisterBoth, opened.fields);
    kit.checkNewPassword(f.pwd, f.rePwd);
    const mail = "email" in f ? f.email : undefined;
    const phone = "mobile" in f ? { mobile: f.mobile, areaCode: f.areaCode } : undefined;
    if ((mail && users.byEmail(mail)) || (phone && users.byMobile(phone.areaCode, phone.mobile))) {
      throw refuse(CODES.accountExists, "This account is already registered");
    }
    if (kind === "email" && mail) kit.checkCode(mail, "register", f.verifyCode);
    if (phone) kit.checkCode(mobileTarget(phone.areaCode, phone.mobile), "register", f.verifyCode);
    if (kind === "both" && mail) kit.checkCode(mail, "register", (f as z.infer<typeof RegisterBoth>).emailVerifyCode);
    const user = users.create({ email: mail, ...phone, pwdHash: await hashPassword(f.pwd) });
    captcha?.risk.record(REGISTER_RISK.kind, [`ip:${req.ip}`]);
    return kit.startSession(req, reply, user, opened);
  }
  app.post(ACCOUNT_PATHS.registerEmail, (req, reply) => register(req, reply, "email"));
  app.post(ACCOUNT_PATHS.registerMobile, (req, reply) => register(req, reply, "mobile"));
  app.post(ACCOUNT_PATHS.registerBoth, (req, reply) => register(req, reply, "both"));

  installLoginRoutes(app, kit);
  installResetPassword(app, kit);
  installProviderRoutes(app, kit);

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
    const opened = kit.crypto().open(req.body);
    const { userId } = parseBody(SwitchFields, opened.fields);
    const mainId = user.parent_id ?? user.id;
    const target = users.byId(userId);
    if (!target || (target.id !== mainId && target.parent_id !== mainId)) throw refuse(CODES.invalidParameter, "No such sub-account");
    // Not 20205: that code ends the caller's own session, and the caller is not the frozen one.
    if (target.frozen) throw refuse(CODES.subAccountFrozen, "This sub-account is frozen");
    sessions.end(sessionId, "logout");
    return kit.startSession(req, reply, target, opened);
  }
  for (const path of SWITCH_PATHS) app.post(path, switchAccount);

  app.post(ACCOUNT_PATHS.refresh, async (req, reply) => {
    const next = sessions.refresh(cookieOf(req, COOKIES.refresh), kit.requestMeta(req));
    if (!next) {
      clearSessionCookies(req, reply);
      throw refuse(CODES.sessionMissing, "Please log in");
    }
    setSessionCookies(req, reply, next);
    return ok({ sessionId: next.id });
  });

  installSettings(app, kit);
  installBindingRoutes(app, kit);
  return kit;
}
