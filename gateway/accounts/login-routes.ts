import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import { ACCOUNT_PATHS, VERIFY_MAX_ATTEMPTS, type VerifyStep } from "../../protocol/account-paths.ts";
import { ok, refuse } from "../envelope.ts";
import { parseBody } from "../validate.ts";
import { areaCode, code6, optional, pwd } from "./fields.ts";
import type { AccountService, ClientKey, RiskRule } from "./service.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import type { PendingRow } from "./pending-logins.ts";
import type { UserRow } from "./users.ts";

export const LOGIN_RISK: RiskRule = { scene: "login", kind: "login-fail", free: 3, windowMs: 10 * 60_000 };
const PENDING_TTL_MS = 10 * 60_000;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

const LoginFields = z.object({ loginName: z.string().trim().min(1).max(254), pwd, areaCode: optional(areaCode) });
const DeviceFields = z.object({ emailCode: optional(code6), mobileCode: optional(code6), googleCode: optional(code6) });
const SystemFields = z.object({ verifyCode: code6 });
const AuthFields = z.object({ googleCode: code6 });
const VerifyClear = z.object({ token: z.string().min(16).max(128) }).passthrough();

const verifyExpired = () => refuse(CODES.verifyExpired, "The login verification has expired; log in again");

/**
 * Password logins (ordinary and agency) and the steps that may follow them (docs/decisions/501):
 * a new device proves the e-mail or mobile code (plus Google when bound); a proven device at an
 * address the account never logged in from proves a code (the system step); an account with
 * Google Authenticator bound proves its TOTP code on every other login (the auth step).
 */
export function loginRoutes(app: FastifyInstance, kit: AccountService): void {
  const { users, codes, pending: pendingLogins } = kit;

  function channelsOf(user: UserRow, step: VerifyStep): string[] {
    const codeChannel = kit.codeTarget(user)?.channel;
    if (step === "auth") return ["google"];
    if (step === "system") return codeChannel ? [codeChannel] : [];
    return [codeChannel ?? "", user.google_enabled ? "google" : ""].filter(Boolean);
  }

  /** Opens a step: its code goes out at once (the client can ask again with send-code). */
  function pendingStep(req: FastifyRequest, user: UserRow, key: ClientKey, steps: VerifyStep[]) {
    const [step, ...rest] = steps as [VerifyStep, ...VerifyStep[]];
    const token = randomBytes(24).toString("base64url");
    const channels = channelsOf(user, step);
    pendingLogins.open({
      token_hash: sha256(token),
      user_id: user.id,
      channels: channels.join(","),
      public_key: key.publicKey,
      algorithm: key.algorithm,
      device_id: kit.requestMeta(req).deviceId,
      expires_at: Date.now() + PENDING_TTL_MS,
      step,
      next_steps: rest.join(","),
      device_proof: key.deviceProof ?? null,
    });
    const target = kit.codeTarget(user);
    if (target && step !== "auth")
      codes.send(
        target.target,
        target.channel,
        "login-verify",
        kit.message(user, step === "system" ? "Login from a new address" : "New device login"),
      );
    return ok({ verify: { token, channels, kind: step } });
  }

  async function passwordLogin(req: FastifyRequest, reply: FastifyReply, agency: boolean) {
    // The address's count first: a burst from one address needs a captcha before any RSA work.
    const ipKey = `ip:${req.ip}`;
    const proven = kit.requireHuman(req, [LOGIN_RISK, [ipKey]]);
    const opened = kit.crypto.openLogin(req.body);
    const f = parseBody(LoginFields, opened.fields);
    const keys = [ipKey, `acct:${f.loginName.toLowerCase()}`];
    // The account's count needs the opened login name; a token spent above is not asked for twice.
    if (!proven) kit.requireHuman(req, [LOGIN_RISK, [keys[1]!]]);
    const user = users.byLoginName(f.loginName, f.areaCode);
    // Verify against a real hash even for unknown accounts, so timing does not tell them apart.
    const valid = await verifyPassword(f.pwd, user?.pwd_hash ?? DUMMY_HASH);
    if (!user || !valid) {
      kit.captcha.risk.record(LOGIN_RISK.kind, keys);
      throw refuse(CODES.loginFailed, "Incorrect account or password");
    }
    if (user.frozen) throw refuse(CODES.accountFrozen, "This account is frozen");
    // Only after the password: a wrong one must not tell whether the account is an agency's.
    if (agency && !user.agency) throw refuse(CODES.notAgency, "This is not an agency account; use the ordinary login");
    kit.captcha.risk.clear(LOGIN_RISK.kind, [`acct:${f.loginName.toLowerCase()}`]);
    const hasCodeChannel = kit.codeTarget(user) !== undefined;
    const steps: VerifyStep[] = [];
    const deviceProof = hasCodeChannel ? kit.crypto.deviceProof(req, req.body, user.id) : undefined;
    if (hasCodeChannel && !deviceProof) steps.push(agency ? "agency-device" : "device");
    else {
      if (hasCodeChannel && !kit.history.knows(user.id, req.ip)) steps.push("system");
      if (user.google_enabled && user.google_secret) steps.push("auth");
    }
    const key = { ...opened, deviceProof };
    return steps.length ? pendingStep(req, user, key, steps) : kit.startSession(req, reply, user, key);
  }
  app.post(ACCOUNT_PATHS.login, (req, reply) => passwordLogin(req, reply, false));
  app.post(ACCOUNT_PATHS.agencyLogin, (req, reply) => passwordLogin(req, reply, true));

  /** Checks the codes a step asks for; throws the refusal a wrong one gets. */
  function proveStep(pending: PendingRow, user: UserRow, fields: Record<string, unknown>): void {
    const target = kit.codeTarget(user);
    const google = (code: string | undefined) => kit.checkTotp(user, code);
    if (pending.step === "auth") return google(parseBody(AuthFields, fields).googleCode);
    if (!target) throw verifyExpired();
    if (pending.step === "system") return kit.checkCode(target.target, "login-verify", parseBody(SystemFields, fields).verifyCode);
    const f = parseBody(DeviceFields, fields);
    const given = target.channel === "email" ? f.emailCode : f.mobileCode;
    if (!given) throw refuse(CODES.codeWrong, "The verification code is incorrect");
    // The authenticator first: a wrong TOTP code must not spend the e-mail or mobile code.
    if (pending.channels.split(",").includes("google")) google(f.googleCode);
    kit.checkCode(target.target, "login-verify", given);
  }

  function verifyRoute(accepts: VerifyStep) {
    return async (req: FastifyRequest, reply: FastifyReply) => {
      const clear = parseBody(VerifyClear, req.body ?? {});
      const opened = kit.crypto.openLogin(req.body);
      const hash = sha256(clear.token);
      const pending = pendingLogins.byHash(hash);
      if (
        !pending ||
        pending.used_at !== null ||
        pending.expires_at < Date.now() ||
        pending.step !== accepts ||
        pending.attempts >= VERIFY_MAX_ATTEMPTS
      ) {
        throw verifyExpired();
      }
      // The step must be finished by the key that started the login (docs/decisions/006).
      if (opened.publicKey !== pending.public_key) throw verifyExpired();
      const user = users.byId(pending.user_id);
      if (!user) throw verifyExpired();
      if (user.frozen) throw refuse(CODES.accountFrozen, "This account is frozen");
      try {
        proveStep(pending, user, opened.fields);
      } catch (err) {
        pendingLogins.countAttempt(hash);
        throw err;
      }
      pendingLogins.markUsed(hash, Date.now());
      const next = pending.next_steps.split(",").filter(Boolean) as VerifyStep[];
      const key = { ...opened, deviceProof: pending.device_proof };
      return next.length ? pendingStep(req, user, key, next) : kit.startSession(req, reply, user, key);
    };
  }
  app.post(ACCOUNT_PATHS.verifyLogin, verifyRoute("device"));
  app.post(ACCOUNT_PATHS.verifyLoginV2, verifyRoute("device"));
  app.post(ACCOUNT_PATHS.agencyVerifyLogin, verifyRoute("agency-device"));
  app.post(ACCOUNT_PATHS.verifySystemLogin, verifyRoute("system"));
  app.post(ACCOUNT_PATHS.verifySystemLoginV2, verifyRoute("system"));
  app.post(ACCOUNT_PATHS.verifyAuthLogin, verifyRoute("auth"));
}

/** A valid scrypt hash of a random password, checked when the account does not exist. */
const DUMMY_HASH = await hashPassword(randomBytes(16).toString("hex"));
