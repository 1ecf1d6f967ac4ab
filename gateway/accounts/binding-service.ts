import type { FastifyRequest } from "fastify";
import { CODES } from "../../protocol/codes.ts";
import type { CodeChannel } from "../../protocol/accounts.ts";
import { refuse } from "../envelope.ts";
import { mobileTarget } from "./codes.ts";
import type { AccountService, ReadBody } from "./service.ts";
import type { TotpGuard } from "./totp-guard.ts";
import { newTotpSecret } from "./totp.ts";
import type { UserRow, Users } from "./users.ts";

const NAMES: Record<CodeChannel, string> = { email: "e-mail", mobile: "mobile" };

/** What the account logs in with once its addresses change: its e-mail, else its full mobile number. */
const loginNameOf = (u: Pick<UserRow, "email" | "area_code" | "mobile">) => u.email ?? `${u.area_code ?? ""}${u.mobile ?? ""}`;

/**
 * Binding and unbinding the account's e-mail, mobile and Google Authenticator (docs/decisions/505).
 * Only a main account binds (sub-accounts have no addresses of their own; they are switched
 * into), and it keeps at least one of e-mail and mobile: codes, new devices and resets need one.
 */
export class BindingService {
  constructor(
    private readonly stores: { users: Users; totp: TotpGuard },
    private readonly accounts: AccountService,
  ) {}

  /** The logged-in main account. */
  private mainUser(req: FastifyRequest): UserRow {
    const { user } = this.accounts.currentUser(req);
    this.accounts.requireMain(user);
    return user;
  }

  bindEmail(req: FastifyRequest, read: ReadBody<{ email: string; emailCode: string }>): { bound: true } {
    const { users } = this.stores;
    const user = this.mainUser(req);
    const f = read(req.body ?? {});
    if (user.email) throw refuse(CODES.invalidParameter, "An e-mail is already bound; unbind it first");
    if (users.byEmail(f.email)) throw refuse(CODES.accountExists, "This e-mail is used by another account");
    this.accounts.checkCode(f.email, "bind", f.emailCode, user.id);
    users.update(user.id, { email: f.email, email_enabled: 1, login_name: f.email });
    return { bound: true };
  }

  bindMobile(req: FastifyRequest, read: ReadBody<{ mobile: string; areaCode: string; mobileCode: string }>): { bound: true } {
    const { users } = this.stores;
    const user = this.mainUser(req);
    const f = read(req.body ?? {});
    if (user.mobile) throw refuse(CODES.invalidParameter, "A mobile number is already bound; unbind it first");
    if (users.byMobile(f.areaCode, f.mobile)) throw refuse(CODES.accountExists, "This number is used by another account");
    this.accounts.checkCode(mobileTarget(f.areaCode, f.mobile), "bind", f.mobileCode, user.id);
    users.update(user.id, {
      area_code: f.areaCode,
      mobile: f.mobile,
      mobile_enabled: 1,
      login_name: loginNameOf({ ...user, area_code: f.areaCode, mobile: f.mobile }),
    });
    return { bound: true };
  }

  /** Unbinds `channel`, proven with a code sent to the address being unbound. */
  unbind(req: FastifyRequest, channel: CodeChannel, read: ReadBody<{ code: string }>): { bound: false } {
    const user = this.mainUser(req);
    const { code } = read(req.body ?? {});
    const target = channel === "email" ? user.email : user.mobile && user.area_code ? mobileTarget(user.area_code, user.mobile) : null;
    if (!target) throw refuse(CODES.invalidParameter, `No ${NAMES[channel]} is bound`);
    const other = channel === "email" ? user.mobile : user.email;
    // Checked before the code, so a refused unbind does not spend it.
    if (!other)
      throw refuse(CODES.lastChannel, `Your ${NAMES[channel]} is the only address on this account; bind another before unbinding it`);
    this.accounts.checkCode(target, "unbind", code, user.id);
    if (channel === "email")
      this.stores.users.update(user.id, { email: null, email_enabled: 0, login_name: loginNameOf({ ...user, email: null }) });
    else
      this.stores.users.update(user.id, {
        area_code: null,
        mobile: null,
        mobile_enabled: 0,
        login_name: loginNameOf({ ...user, area_code: null, mobile: null }),
      });
    return { bound: false };
  }

  /** A new authenticator secret, not yet in force: binding proves a code of it first. */
  googleInit(req: FastifyRequest): { secret: string; otpauthUrl: string } {
    const user = this.mainUser(req);
    if (user.google_enabled) throw refuse(CODES.invalidParameter, "Google Authenticator is already bound");
    const secret = newTotpSecret();
    this.stores.users.update(user.id, { google_secret: secret });
    this.stores.totp.forgetSteps(user.id);
    const label = encodeURIComponent(`Mix Exchange:${user.login_name}`);
    return { secret, otpauthUrl: `otpauth://totp/${label}?secret=${secret}&issuer=Mix%20Exchange` };
  }

  googleBind(req: FastifyRequest, read: ReadBody<{ googleCode: string }>): { bound: true } {
    const user = this.mainUser(req);
    const { googleCode } = read(req.body ?? {});
    if (user.google_enabled) throw refuse(CODES.invalidParameter, "Google Authenticator is already bound");
    this.accounts.checkTotp(user, googleCode);
    this.stores.users.update(user.id, { google_enabled: 1 });
    return { bound: true };
  }

  googleUnbind(req: FastifyRequest, read: ReadBody<{ googleCode: string }>): { bound: false } {
    const user = this.mainUser(req);
    const { googleCode } = read(req.body ?? {});
    if (!user.google_enabled) throw refuse(CODES.invalidParameter, "Google Authenticator is not bound");
    this.accounts.checkTotp(user, googleCode);
    this.stores.users.update(user.id, { google_enabled: 0, google_secret: null });
    return { bound: false };
  }
}
