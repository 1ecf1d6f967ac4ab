import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import { PATHS } from "../../protocol/paths.ts";
import { ACCOUNT_PATHS, SEND_CODE_LIMITS } from "../../protocol/account-paths.ts";
import { CODE_CHANNELS, CODE_SCENES, COOKIES, OWN_ADDRESS_SCENES } from "../../protocol/accounts.ts";
import { ENCRYPTED_PATHS, SUB_SWITCH_PREFIX } from "../../protocol/signing.ts";
import { ok, refuse } from "../envelope.ts";
import { spend, TokenBuckets } from "../security/limits.ts";
import { parseBody } from "../validate.ts";
import { mobileTarget } from "./codes.ts";
import { clearSessionCookies, cookieOf, setSessionCookies } from "./cookies.ts";
import { areaCode, code6, email, mobile, optional, pwd, userId } from "./fields.ts";
import type { AccountService, RiskRule } from "./service.ts";
import { loginRoutes } from "./login-routes.ts";
import { hashPassword } from "./passwords.ts";
import { providerRoutes } from "./provider-routes.ts";
import { resetPasswordRoutes } from "./reset-routes.ts";
import { userInfoOf } from "./users.ts";
import { settingsRoutes } from "./settings-routes.ts";
import { bindingRoutes } from "./binding-routes.ts";

const REGISTER_RISK: RiskRule = { scene: "register", kind: "register", free: 5, windowMs: 10 * 60_000 };
/** Past a few codes from one client (address and device), or many from one address, a captcha (docs/decisions/506). */
const SEND_CODE_RISK = {
  perClient: { scene: "send-code", kind: "send-code", free: SEND_CODE_LIMITS.captchaAfter, windowMs: SEND_CODE_LIMITS.captchaWindowMs },
  perIp: { scene: "send-code", kind: "send-code-ip", free: SEND_CODE_LIMITS.captchaAfter * 5, windowMs: SEND_CODE_LIMITS.captchaWindowMs },
} as const satisfies Record<string, RiskRule>;

const addressScene = z.enum(CODE_SCENES).exclude([...OWN_ADDRESS_SCENES]);
const SendCodeBody = z.union([
  z.object({ scene: addressScene, channel: z.literal("email"), email }),
  z.object({ scene: addressScene, channel: z.literal("mobile"), mobile, areaCode }),
  // An unbind code goes to the address being unbound, which only the session knows in full.
  z.object({ scene: z.literal("unbind"), channel: z.enum(CODE_CHANNELS) }),
  // An API key code goes where the account's codes go (its e-mail, else its mobile).
  z.object({ scene: z.literal("api-key"), channel: optional(z.enum(CODE_CHANNELS)) }),
]);
const RegisterEmail = z.object({ email, pwd, rePwd: pwd, verifyCode: code6 });
const RegisterMobile = z.object({ mobile, areaCode, pwd, rePwd: pwd, verifyCode: code6 });
const RegisterBoth = z.object({ mobile, areaCode, email, pwd, rePwd: pwd, verifyCode: code6, emailVerifyCode: code6 });
const SwitchFields = z.object({ userId });
const SWITCH_PATHS = Object.keys(ENCRYPTED_PATHS).filter((p) => p.startsWith(SUB_SWITCH_PREFIX));

/** Accounts and sessions over HTTP (docs/protocol.md §7.4 session end, §7). */
export function accountRoutes(app: FastifyInstance, kit: AccountService): void {
  const { users, sessions, codes, captcha } = kit;
  const currentUser = (req: FastifyRequest) => kit.currentUser(req);

  const sendLimits = {
    perClient: new TokenBuckets(SEND_CODE_LIMITS.perClient),
    perIp: new TokenBuckets(SEND_CODE_LIMITS.perIp),
    perTarget: new TokenBuckets(SEND_CODE_LIMITS.perTarget),
  };
  const tooSoon = () => refuse(CODES.codeTooSoon, "A code was sent less than a minute ago");

  /**
   * send-code: the cheap checks first (the body, then the budgets per client, per address and
   * per target, then the captcha rule), and only then the database and the message.
   */
  app.post(ACCOUNT_PATHS.sendCode, async (req) => {
    const body = parseBody(SendCodeBody, req.body ?? {});
    const client = `${req.ip}|${kit.requestMeta(req).deviceId}`;
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
      if (anonymous) kit.requireHuman(req, [SEND_CODE_RISK.perClient, [`client:${client}`]], [SEND_CODE_RISK.perIp, [`ip:${req.ip}`]]);
    };
    // The captcha rule counts codes that went out (or decoys stored), not calls the cooldown refused.
    const sentOne = (anonymous = true) => {
      if (!anonymous) return ok({ sent: true });
      captcha.risk.record(SEND_CODE_RISK.perClient.kind, [`client:${client}`]);
      captcha.risk.record(SEND_CODE_RISK.perIp.kind, [`ip:${req.ip}`]);
      return ok({ sent: true });
    };

    if (body.scene === "unbind" || body.scene === "api-key") {
      const { user } = currentUser(req);
      // An API key code goes to whoever holds the account's second factor (a sub-account's main account).
      const factor = body.scene === "api-key" ? kit.factorUserOf(user) : user;
      const own = body.scene === "api-key" ? kit.codeTarget(factor) : undefined;
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
      if (!codes.send(target, channel, body.scene, kit.message(factor, "Your verification code"), user.id)) throw tooSoon();
      return sentOne(false);
    }

    const target = body.channel === "email" ? body.email : mobileTarget(body.areaCode, body.mobile);
    charge(target, body.scene !== "bind");
    const user = body.channel === "email" ? users.byEmail(body.email) : users.byMobile(body.areaCode, body.mobile);
    let sent: boolean;
    if (body.scene === "bind") {
      // Binding needs a session and a free address; the binder is logged in, so "taken" tells it nothing new.
      const binder = currentUser(req).user;
      if (user) throw refuse(CODES.accountExists, "This address is used by an account");
      sent = codes.send(target, body.channel, body.scene, kit.message(binder, "Your verification code"), binder.id);
    } else if (body.scene === "register" && user) {
      // A taken address answers as a free one: a decoy code is stored (same cooldown; registering
      // with any code fails as a wrong code does) and the owner hears of it instead of getting a code.
      sent = codes.decoy(target, body.channel, body.scene);
      if (sent) {
        kit.notify(
          user,
          { to: target, channel: body.channel },
          "Someone tried to sign up with your address",
          "Someone tried to create a Mix Exchange account with this address, which already has one. If it was you, log in, or reset your password if you forgot it. If not, you can ignore this message.",
        );
      }
    } else if (body.scene === "register") {
      sent = codes.send(target, body.channel, body.scene, kit.message(undefined, "Your verification code"));
    } else {
      // For an unknown target a decoy code is stored and nothing is sent: the answer, the cooldown
      // and later checks are the same as for a real account, so this cannot probe for accounts.
      sent = user
        ? codes.send(target, body.channel, body.scene, kit.message(user, "Your verification code"))
        : codes.decoy(target, body.channel, body.scene);
    }
    if (!sent) throw tooSoon();
    return sentOne(body.scene !== "bind");
  });

  async function register(req: FastifyRequest, reply: FastifyReply, kind: "email" | "mobile" | "both") {
    kit.requireHuman(req, [REGISTER_RISK, [`ip:${req.ip}`]]);
    const opened = kit.crypto.openLogin(req.body);
    const f =
      kind === "email"
        ? parseBody(RegisterEmail, opened.fields)
        : kind === "mobile"
          ? parseBody(RegisterMobile, opened.fields)
          : parseBody(RegisterBoth, opened.fields);
    kit.checkNewPassword(f.pwd, f.rePwd);
    const mail = "email" in f ? f.email : undefined;
    const phone = "mobile" in f ? { mobile: f.mobile, areaCode: f.areaCode } : undefined;
    // The codes first: a taken address only ever had a decoy code, so it fails here exactly as a
    // mistyped code does, and the answer does not tell whether the address has an account.
    if (kind === "email" && mail) kit.checkCode(mail, "register", f.verifyCode);
    if (phone) kit.checkCode(mobileTarget(phone.areaCode, phone.mobile), "register", f.verifyCode);
    if (kind === "both" && mail) kit.checkCode(mail, "register", (f as z.infer<typeof RegisterBoth>).emailVerifyCode);
    // Reached only with a real code: taken since it was sent (a race), or a decoy guessed.
    if ((mail && users.byEmail(mail)) || (phone && users.byMobile(phone.areaCode, phone.mobile))) {
      throw refuse(CODES.codeWrong, "The verification code is incorrect");
    }
    const user = users.create({ email: mail, ...phone, pwdHash: await hashPassword(f.pwd) });
    captcha.risk.record(REGISTER_RISK.kind, [`ip:${req.ip}`]);
    return kit.startSession(req, reply, user, opened);
  }
  app.post(ACCOUNT_PATHS.registerEmail, (req, reply) => register(req, reply, "email"));
  app.post(ACCOUNT_PATHS.registerMobile, (req, reply) => register(req, reply, "mobile"));
  app.post(ACCOUNT_PATHS.registerBoth, (req, reply) => register(req, reply, "both"));

  loginRoutes(app, kit);
  resetPasswordRoutes(app, kit);
  providerRoutes(app, kit);

  app.post(PATHS.userInfo, async (req) => ok(userInfoOf(currentUser(req).user)));

  async function logout(req: FastifyRequest, reply: FastifyReply) {
    const s = kit.sessionIdOf(req);
    if (s) sessions.end(s, "logout");
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
    const opened = kit.crypto.openLogin(req.body);
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
    const swapped = sessions.refresh(cookieOf(req, COOKIES.refresh), kit.requestMeta(req));
    const owner = swapped ? users.byId(sessions.userOf(swapped.next.id) ?? "") : undefined;
    if (!swapped || !owner || owner.frozen) {
      if (swapped) sessions.end(swapped.next.id, "frozen");
      clearSessionCookies(req, reply);
      throw refuse(owner?.frozen ? CODES.accountFrozen : CODES.sessionMissing, owner?.frozen ? "This account is frozen" : "Please log in");
    }
    // The page keeps its key across a refresh: signed calls of the new session check against it.
    kit.crypto.carryClientKeys(swapped.from, swapped.next.id);
    setSessionCookies(req, reply, swapped.next);
    return ok({ sessionId: swapped.next.id });
  });

  settingsRoutes(app, kit);
  bindingRoutes(app, kit);
}
