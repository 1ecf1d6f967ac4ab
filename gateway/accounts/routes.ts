import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { PATHS } from "../../protocol/paths.ts";
import { ACCOUNT_PATHS } from "../../protocol/account-paths.ts";
import { CODE_CHANNELS, CODE_SCENES, OWN_ADDRESS_SCENES } from "../../protocol/accounts.ts";
import { ENCRYPTED_PATHS, SUB_SWITCH_PREFIX } from "../../protocol/signing.ts";
import { ok } from "../envelope.ts";
import { parseBody } from "../validate.ts";
import { areaCode, code6, email, mobile, optional, pwd, userId } from "./fields.ts";
import type { AccountService } from "./service.ts";
import { loginRoutes } from "./login-routes.ts";
import type { LoginService } from "./login-service.ts";
import { providerRoutes } from "./provider-routes.ts";
import { resetPasswordRoutes } from "./reset-routes.ts";
import { userInfoOf, type UserRow } from "./users.ts";
import { settingsRoutes } from "./settings-routes.ts";
import type { SettingsService } from "./settings-service.ts";
import { bindingRoutes } from "./binding-routes.ts";
import type { BindingService } from "./binding-service.ts";
import { fundRoutes } from "./fund-routes.ts";
import type { FundService } from "./fund-service.ts";

const addressScene = z.enum(CODE_SCENES).exclude([...OWN_ADDRESS_SCENES]);
const SendCodeBody = z.union([
  z.object({ scene: addressScene, channel: z.literal("email"), email }),
  z.object({ scene: addressScene, channel: z.literal("mobile"), mobile, areaCode }),
  // An unbind code goes to the address being unbound, which only the session knows in full.
  z.object({ scene: z.literal("unbind"), channel: z.enum(CODE_CHANNELS) }),
  // An API key code goes where the account's codes go (its e-mail, else its mobile).
  z.object({ scene: z.literal("api-key"), channel: optional(z.enum(CODE_CHANNELS)) }),
  // A fund password code goes where the account's codes go (docs/decisions/350).
  z.object({ scene: z.literal("fund-password") }),
]);
const RegisterEmail = z.object({ email, pwd, rePwd: pwd, verifyCode: code6 });
const RegisterMobile = z.object({ mobile, areaCode, pwd, rePwd: pwd, verifyCode: code6 });
const RegisterBoth = z.object({ mobile, areaCode, email, pwd, rePwd: pwd, verifyCode: code6, emailVerifyCode: code6 });
const SwitchFields = z.object({ userId });
const SWITCH_PATHS = Object.keys(ENCRYPTED_PATHS).filter((p) => p.startsWith(SUB_SWITCH_PREFIX));
/** The registration paths and the sealed fields each takes. */
const REGISTER_PATHS = [
  [ACCOUNT_PATHS.registerEmail, RegisterEmail],
  [ACCOUNT_PATHS.registerMobile, RegisterMobile],
  [ACCOUNT_PATHS.registerBoth, RegisterBoth],
] as const;

/** Accounts and sessions over HTTP (docs/protocol.md §7.4 session end, §7). */
export function accountRoutes(
  app: FastifyInstance,
  {
    accounts,
    logins,
    settings,
    binding,
    futuresOpen = () => false,
    fund,
    openGtFees,
    identity,
  }: {
    accounts: AccountService;
    logins: LoginService;
    settings: SettingsService;
    binding: BindingService;
    fund: FundService;
    /** Whether an account opened futures (docs/decisions/351): user info's `openContract` / `oc`. */
    futuresOpen?: (userId: string) => boolean;
    /** Whether the user pays fees in the platform coin: the exchange's switch (docs/decisions/353). */
    openGtFees: (userId: string) => boolean;
    /** The verified identity a user has (its main account's for a sub-account; docs/decisions/352). */
    identity?: (user: UserRow) => { level: number; realName: string };
  },
): void {
  app.post(ACCOUNT_PATHS.sendCode, async (req) => accounts.sendCode(req, parseBody(SendCodeBody, req.body ?? {})));

  for (const [path, fields] of REGISTER_PATHS) {
    app.post(path, (req, reply) => logins.register(req, reply, (f) => parseBody(fields, f)));
  }

  loginRoutes(app, logins);
  resetPasswordRoutes(app, accounts);
  providerRoutes(app, accounts);

  app.post(PATHS.userInfo, async (req) => {
    const { user } = accounts.currentUser(req);
    return ok(
      userInfoOf(user, {
        openContract: futuresOpen(user.id),
        openGtFees: openGtFees(user.id),
        factor: accounts.factorUserOf(user),
        identity: identity?.(user),
      }),
    );
  });

  app.post(PATHS.logout, async (req, reply) => logins.logout(req, reply));
  app.post(PATHS.btapiLogout, async (req, reply) => logins.logout(req, reply));
  app.post(PATHS.clearCookie, async (req, reply) => logins.logout(req, reply));

  for (const path of SWITCH_PATHS)
    app.post(path, async (req, reply) => logins.switchAccount(req, reply, (f) => parseBody(SwitchFields, f)));
  app.post(ACCOUNT_PATHS.refresh, async (req, reply) => logins.refresh(req, reply));

  settingsRoutes(app, settings);
  bindingRoutes(app, binding);
  fundRoutes(app, fund);
}
