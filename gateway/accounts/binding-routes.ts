import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import { ACCOUNT_PATHS } from "../../protocol/account-paths.ts";
import type { CodeChannel } from "../../protocol/accounts.ts";
import { ok, refuse } from "../envelope.ts";
import { parseBody } from "../validate.ts";
import { mobileTarget } from "./codes.ts";
import { areaCode, code6, email, mobile } from "./fields.ts";
import type { AccountService } from "./service.ts";
import { newTotpSecret } from "./totp.ts";
import type { UserRow } from "./users.ts";

const Google = z.object({ googleCode: code6 });
const BindEmail = z.object({ email, emailCode: code6 });
const BindMobile = z.object({ mobile, areaCode, mobileCode: code6 });
const UnbindEmail = z.object({ emailCode: code6 });
const UnbindMobile = z.object({ mobileCode: code6 });

const NAMES: Record<CodeChannel, string> = { email: "e-mail", mobile: "mobile" };

/**
 * Binding and unbinding the account's e-mail, mobile and Google Authenticator (docs/decisions/505).
 * An account keeps at least one of e-mail and mobile: codes, new devices and resets need one.
 */
export function bindingRoutes(app: FastifyInstance, kit: AccountService): void {
  const { users } = kit;
  const currentUser = (req: FastifyRequest) => kit.currentUser(req);

  /** The logged-in main account; sub-accounts have no addresses of their own (they are switched into). */
  const mainUser = (req: Parameters<typeof currentUser>[0]) => {
    const { user } = currentUser(req);
    kit.requireMain(user);
    return user;
  };
  const loginNameOf = (u: Pick<UserRow, "email" | "area_code" | "mobile">) => u.email ?? `${u.area_code ?? ""}${u.mobile ?? ""}`;

  app.post(ACCOUNT_PATHS.bindEmail, async (req) => {
    const user = mainUser(req);
    const f = parseBody(BindEmail, req.body ?? {});
    if (user.email) throw refuse(CODES.invalidParameter, "An e-mail is already bound; unbind it first");
    if (users.byEmail(f.email)) throw refuse(CODES.accountExists, "This e-mail is used by another account");
    kit.checkCode(f.email, "bind", f.emailCode, user.id);
    users.update(user.id, { email: f.email, email_enabled: 1, login_name: f.email });
    return ok({ bound: true });
  });

  app.post(ACCOUNT_PATHS.bindMobile, async (req) => {
    const user = mainUser(req);
    const f = parseBody(BindMobile, req.body ?? {});
    if (user.mobile) throw refuse(CODES.invalidParameter, "A mobile number is already bound; unbind it first");
    if (users.byMobile(f.areaCode, f.mobile)) throw refuse(CODES.accountExists, "This number is used by another account");
    kit.checkCode(mobileTarget(f.areaCode, f.mobile), "bind", f.mobileCode, user.id);
    users.update(user.id, {
      area_code: f.areaCode,
      mobile: f.mobile,
      mobile_enabled: 1,
      login_name: loginNameOf({ ...user, area_code: f.areaCode, mobile: f.mobile }),
    });
    return ok({ bound: true });
  });

  function unbind(channel: CodeChannel, user: UserRow, code: string) {
    const target = channel === "email" ? user.email : user.mobile && user.area_code ? mobileTarget(user.area_code, user.mobile) : null;
    if (!target) throw refuse(CODES.invalidParameter, `No ${NAMES[channel]} is bound`);
    const other = channel === "email" ? user.mobile : user.email;
    // Checked before the code, so a refused unbind does not spend it.
    if (!other)
      throw refuse(CODES.lastChannel, `Your ${NAMES[channel]} is the only address on this account; bind another before unbinding it`);
    kit.checkCode(target, "unbind", code, user.id);
    if (channel === "email") users.update(user.id, { email: null, email_enabled: 0, login_name: loginNameOf({ ...user, email: null }) });
    else
      users.update(user.id, {
        area_code: null,
        mobile: null,
        mobile_enabled: 0,
        login_name: loginNameOf({ ...user, area_code: null, mobile: null }),
      });
    return ok({ bound: false });
  }
  app.post(ACCOUNT_PATHS.unbindEmail, async (req) => unbind("email", mainUser(req), parseBody(UnbindEmail, req.body ?? {}).emailCode));
  app.post(ACCOUNT_PATHS.unbindMobile, async (req) => unbind("mobile", mainUser(req), parseBody(UnbindMobile, req.body ?? {}).mobileCode));

  app.post(ACCOUNT_PATHS.googleInit, async (req) => {
    const user = mainUser(req);
    if (user.google_enabled) throw refuse(CODES.invalidParameter, "Google Authenticator is already bound");
    const secret = newTotpSecret();
    users.update(user.id, { google_secret: secret });
    kit.totp.forgetSteps(user.id);
    const label = encodeURIComponent(`Mix Exchange:${user.login_name}`);
    return ok({ secret, otpauthUrl: `otpauth://totp/${label}?secret=${secret}&issuer=Mix%20Exchange` });
  });

  app.post(ACCOUNT_PATHS.googleBind, async (req) => {
    const user = mainUser(req);
    const { googleCode } = parseBody(Google, req.body ?? {});
    if (user.google_enabled) throw refuse(CODES.invalidParameter, "Google Authenticator is already bound");
    kit.checkTotp(user, googleCode);
    users.update(user.id, { google_enabled: 1 });
    return ok({ bound: true });
  });

  app.post(ACCOUNT_PATHS.googleUnbind, async (req) => {
    const user = mainUser(req);
    const { googleCode } = parseBody(Google, req.body ?? {});
    if (!user.google_enabled) throw refuse(CODES.invalidParameter, "Google Authenticator is not bound");
    kit.checkTotp(user, googleCode);
    users.update(user.id, { google_enabled: 0, google_secret: null });
    return ok({ bound: false });
  });
}
