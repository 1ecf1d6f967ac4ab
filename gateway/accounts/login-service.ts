import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { CODES } from "../../protocol/codes.ts";
import { VERIFY_MAX_ATTEMPTS, type VerifyStep } from "../../protocol/account-paths.ts";
import { COOKIES } from "../../protocol/accounts.ts";
import { ok, refuse } from "../envelope.ts";
import { mobileTarget, type VerifyCodes } from "./codes.ts";
import { clearSessionCookies, cookieOf, setSessionCookies } from "./cookies.ts";
import type { LoginHistory } from "./login-history.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import type { PendingLogins, PendingRow } from "./pending-logins.ts";
import type { AccountService, ClientKey, RiskRule } from "./service.ts";
import type { Sessions } from "./sessions.ts";
import type { UserRow, Users } from "./users.ts";

export const LOGIN_RISK: RiskRule = { scene: "login", kind: "login-fail", free: 3, windowMs: 10 * 60_000 };
const REGISTER_RISK: RiskRule = { scene: "register", kind: "register", free: 5, windowMs: 10 * 60_000 };
const PENDING_TTL_MS = 10 * 60_000;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

const verifyExpired = () => refuse(CODES.verifyExpired, "The login verification has expired; log in again");

/** The sealed fields of a login, a registration or a switch, read by the route that knows their shape. */
type Read<T> = (fields: Record<string, unknown>) => T;

export interface LoginInput {
  loginName: string;
  pwd: string;
  areaCode?: string | undefined;
}
export interface RegisterInput {
  email?: string;
  mobile?: string;
  areaCode?: string;
  pwd: string;
  rePwd: string;
  verifyCode: string;
  /** Only when both an e-mail and a mobile are registered: the e-mail's code (`verifyCode` is the mobile's). */
  emailVerifyCode?: string;
}
/** The codes a login step may carry; the route reads those of the step it serves. */
export interface StepInput {
  emailCode?: string | undefined;
  mobileCode?: string | undefined;
  googleCode?: string | undefined;
  verifyCode?: string | undefined;
}
/** How a step's route reads its fields: the clear token, then the sealed codes of its step. */
export interface StepReader {
  token: (body: unknown) => string;
  codes: (step: VerifyStep, fields: Record<string, unknown>) => StepInput;
}

/**
 * Starting and ending sessions (docs/decisions/501): password logins (ordinary and agency) and
 * the steps that may follow them, registration, switching between sub-accounts, refresh and
 * logout. A new device proves the e-mail or mobile code (plus Google when bound); a proven device
 * at an address the account never logged in from proves a code (the system step); an account with
 * Google Authenticator bound proves its TOTP code on every other login (the auth step).
 */
export class LoginService {
  constructor(
    private readonly stores: { users: Users; sessions: Sessions; codes: VerifyCodes; history: LoginHistory; pending: PendingLogins },
    private readonly accounts: AccountService,
  ) {}

  private channelsOf(user: UserRow, step: VerifyStep): string[] {
    const codeChannel = this.accounts.codeTarget(user)?.channel;
    if (step === "auth") return ["google"];
    if (step === "system") return codeChannel ? [codeChannel] : [];
    return [codeChannel ?? "", user.google_enabled ? "google" : ""].filter(Boolean);
  }

  /** Opens a step: its code goes out at once (the client can ask again with send-code). */
  private pendingStep(req: FastifyRequest, user: UserRow, key: ClientKey, steps: VerifyStep[]) {
    const kit = this.accounts;
    const [step, ...rest] = steps as [VerifyStep, ...VerifyStep[]];
    const token = randomBytes(24).toString("base64url");
    const channels = this.channelsOf(user, step);
    this.stores.pending.open({
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
      this.stores.codes.send(
        target.target,
        target.channel,
        "login-verify",
        kit.message(user, step === "system" ? "Login from a new address" : "New device login"),
      );
    return ok({ verify: { token, channels, kind: step } });
  }

  async passwordLogin(req: FastifyRequest, reply: FastifyReply, agency: boolean, read: Read<LoginInput>) {
    const kit = this.accounts;
    // The address's count first: a burst from one address needs a captcha before any RSA work.
    const ipKey = `ip:${req.ip}`;
    const proven = kit.requireHuman(req, [LOGIN_RISK, [ipKey]]);
    const opened = kit.crypto.openLogin(req.body);
    const f = read(opened.fields);
    const keys = [ipKey, `acct:${f.loginName.toLowerCase()}`];
    // The account's count needs the opened login name; a token spent above is not asked for twice.
    if (!proven) kit.requireHuman(req, [LOGIN_RISK, [keys[1]!]]);
    const user = this.stores.users.byLoginName(f.loginName, f.areaCode);
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
      if (hasCodeChannel && !this.stores.history.knows(user.id, req.ip)) steps.push("system");
      if (user.google_enabled && user.google_secret) steps.push("auth");
    }
    const key = { ...opened, deviceProof };
    return steps.length ? this.pendingStep(req, user, key, steps) : kit.startSession(req, reply, user, key);
  }

  /** Checks the codes a step asks for; throws the refusal a wrong one gets. */
  private proveStep(pending: PendingRow, user: UserRow, read: () => StepInput): void {
    const kit = this.accounts;
    const target = kit.codeTarget(user);
    const google = (code: string | undefined) => kit.checkTotp(user, code);
    if (pending.step === "auth") return google(read().googleCode);
    if (!target) throw verifyExpired();
    if (pending.step === "system") return kit.checkCode(target.target, "login-verify", read().verifyCode!);
    const f = read();
    const given = target.channel === "email" ? f.emailCode : f.mobileCode;
    if (!given) throw refuse(CODES.codeWrong, "The verification code is incorrect");
    // The authenticator first: a wrong TOTP code must not spend the e-mail or mobile code.
    if (pending.channels.split(",").includes("google")) google(f.googleCode);
    kit.checkCode(target.target, "login-verify", given);
  }

  /** A step of a pending login (`accepts` is the step its path serves): the next step, or the session. */
  async verifyStep(req: FastifyRequest, reply: FastifyReply, accepts: VerifyStep, read: StepReader) {
    const kit = this.accounts;
    const pendingLogins = this.stores.pending;
    const token = read.token(req.body ?? {});
    const opened = kit.crypto.openLogin(req.body);
    const hash = sha256(token);
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
    const user = this.stores.users.byId(pending.user_id);
    if (!user) throw verifyExpired();
    if (user.frozen) throw refuse(CODES.accountFrozen, "This account is frozen");
    try {
      this.proveStep(pending, user, () => read.codes(pending.step as VerifyStep, opened.fields));
    } catch (err) {
      pendingLogins.countAttempt(hash);
      throw err;
    }
    pendingLogins.markUsed(hash, Date.now());
    const next = pending.next_steps.split(",").filter(Boolean) as VerifyStep[];
    const key = { ...opened, deviceProof: pending.device_proof };
    return next.length ? this.pendingStep(req, user, key, next) : kit.startSession(req, reply, user, key);
  }

  async register(req: FastifyRequest, reply: FastifyReply, read: Read<RegisterInput>) {
    const kit = this.accounts;
    const users = this.stores.users;
    kit.requireHuman(req, [REGISTER_RISK, [`ip:${req.ip}`]]);
    const opened = kit.crypto.openLogin(req.body);
    const f = read(opened.fields);
    kit.checkNewPassword(f.pwd, f.rePwd);
    const mail = f.email;
    const phone = f.mobile !== undefined && f.areaCode !== undefined ? { mobile: f.mobile, areaCode: f.areaCode } : undefined;
    // The codes first: a taken address only ever had a decoy code, so it fails here exactly as a
    // mistyped code does, and the answer does not tell whether the address has an account.
    if (mail && !phone) kit.checkCode(mail, "register", f.verifyCode);
    if (phone) kit.checkCode(mobileTarget(phone.areaCode, phone.mobile), "register", f.verifyCode);
    if (mail && phone) kit.checkCode(mail, "register", f.emailVerifyCode!);
    // Reached only with a real code: taken since it was sent (a race), or a decoy guessed.
    if ((mail && users.byEmail(mail)) || (phone && users.byMobile(phone.areaCode, phone.mobile))) {
      throw refuse(CODES.codeWrong, "The verification code is incorrect");
    }
    const user = users.create({ email: mail, ...phone, pwdHash: await hashPassword(f.pwd) });
    kit.captcha.risk.record(REGISTER_RISK.kind, [`ip:${req.ip}`]);
    return kit.startSession(req, reply, user, opened);
  }

  /**
   * Logout and clearCookie (docs/decisions/005): the session the browser's cookies name ends for
   * good, its refresh token with it, and the cookies go. A live session's logout was signed (the
   * security hook checked it); clearCookie is not signed, yet it only ends what it makes the
   * browser forget, so a page that could post it gains nothing it did not have. It covers the
   * browser that can no longer sign (its key is gone, a 00023 logout), whose session would
   * otherwise live on without cookies.
   */
  logout(req: FastifyRequest, reply: FastifyReply) {
    this.stores.sessions.endByTokens({ token: cookieOf(req, COOKIES.session), refreshToken: cookieOf(req, COOKIES.refresh) }, "logout");
    clearSessionCookies(req, reply);
    return ok(null);
  }

  /**
   * Sub-account switching (the encrypted `switch*` paths): from a main account to one of its
   * sub-accounts, between siblings, or back to the main. The new session gets the key sent in the
   * payload; the old session ends.
   */
  switchAccount(req: FastifyRequest, reply: FastifyReply, read: Read<{ userId: string }>) {
    const kit = this.accounts;
    const { user, sessionId } = kit.currentUser(req);
    const opened = kit.crypto.openLogin(req.body);
    const { userId } = read(opened.fields);
    const mainId = user.parent_id ?? user.id;
    const target = this.stores.users.byId(userId);
    if (!target || (target.id !== mainId && target.parent_id !== mainId)) throw refuse(CODES.invalidParameter, "No such sub-account");
    // Not 20205: that code ends the caller's own session, and the caller is not the frozen one.
    if (target.frozen) throw refuse(CODES.subAccountFrozen, "This sub-account is frozen");
    this.stores.sessions.end(sessionId, "logout");
    return kit.startSession(req, reply, target, opened);
  }

  refresh(req: FastifyRequest, reply: FastifyReply) {
    const { users, sessions } = this.stores;
    const swapped = sessions.refresh(cookieOf(req, COOKIES.refresh), this.accounts.requestMeta(req));
    const owner = swapped ? users.byId(sessions.userOf(swapped.next.id) ?? "") : undefined;
    if (!swapped || !owner || owner.frozen) {
      if (swapped) sessions.end(swapped.next.id, "frozen");
      clearSessionCookies(req, reply);
      throw refuse(owner?.frozen ? CODES.accountFrozen : CODES.sessionMissing, owner?.frozen ? "This account is frozen" : "Please log in");
    }
    // The page keeps its key across a refresh: signed calls of the new session check against it.
    this.accounts.crypto.carryClientKeys(swapped.from, swapped.next.id);
    setSessionCookies(req, reply, swapped.next);
    return ok({ sessionId: swapped.next.id });
  }
}

/** A valid scrypt hash of a random password, checked when the account does not exist. */
const DUMMY_HASH = await hashPassword(randomBytes(16).toString("hex"));
