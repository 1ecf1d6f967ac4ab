import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import { ACCOUNT_PATHS } from "../../protocol/account-paths.ts";
import { ok, refuse } from "../envelope.ts";
import { parseBody } from "../validate.ts";
import { mobileTarget } from "./codes.ts";
import { areaCode, code6, email, mobile, pwd } from "./fields.ts";
import type { AccountService, RiskRule } from "./service.ts";
import { hashPassword } from "./passwords.ts";

/** Bursts of resets from one address, or wrong codes for one account, need a human (docs/decisions/500). */
export const RESET_RISK = {
  perAddress: { scene: "reset-password", kind: "reset", free: 5, windowMs: 10 * 60_000 },
  perAccount: { scene: "reset-password", kind: "reset-fail", free: 3, windowMs: 10 * 60_000 },
} as const satisfies Record<string, RiskRule>;

const ResetFields = z.union([
  z.object({ email, verifyCode: code6, pwd, rePwd: pwd }),
  z.object({ mobile, areaCode, verifyCode: code6, pwd, rePwd: pwd }),
]);

/**
 * The forgotten-password flow: a `reset-password` code from send-code, then the new password,
 * sealed like a login (docs/protocol.md §6). A reset ends every session of the account.
 */
export function resetPasswordRoutes(app: FastifyInstance, kit: AccountService): void {
  const { users, sessions } = kit;

  app.post(ACCOUNT_PATHS.resetPassword, async (req) => {
    // The address's count before any RSA work; the account's needs the opened fields.
    const proven = kit.requireHuman(req, [RESET_RISK.perAddress, [`ip:${req.ip}`]]);
    const opened = kit.crypto.openLogin(req.body);
    const f = parseBody(ResetFields, opened.fields);
    const target = "email" in f ? f.email : mobileTarget(f.areaCode, f.mobile);
    if (!proven) kit.requireHuman(req, [RESET_RISK.perAccount, [`acct:${target}`]]);
    kit.captcha.risk.record(RESET_RISK.perAddress.kind, [`ip:${req.ip}`]);
    kit.checkNewPassword(f.pwd, f.rePwd);
    const user = "email" in f ? users.byEmail(f.email) : users.byMobile(f.areaCode, f.mobile);
    // An unknown target had a decoy code stored by send-code, so it fails exactly as a wrong code does.
    try {
      kit.checkCode(target, "reset-password", f.verifyCode);
      if (!user) throw refuse(CODES.codeWrong, "The verification code is incorrect");
    } catch (err) {
      kit.captcha.risk.record(RESET_RISK.perAccount.kind, [`acct:${target}`]);
      throw err;
    }
    if (user.frozen) throw refuse(CODES.accountFrozen, "This account is frozen");
    users.update(user.id, { pwd_hash: await hashPassword(f.pwd) });
    // Whoever knew the old password is out now, everywhere: sessions, refresh tokens (also of
    // sessions that idled out) and API keys, which stay on hold until re-confirmed with 2FA.
    const ended = sessions.revoke(user.id);
    const held = kit.apiKeys.suspendAllOf(user.id);
    kit.captcha.risk.clear("login-fail", [`acct:${user.email ?? ""}`, `acct:${user.mobile ?? ""}`]);
    kit.captcha.risk.clear(RESET_RISK.perAccount.kind, [`acct:${target}`]);
    const keysLine = held
      ? ` Your ${held} API key${held === 1 ? " is" : "s are"} suspended until you re-confirm ${held === 1 ? "it" : "them"} in the API key settings.`
      : "";
    kit.notify(
      user,
      { to: target, channel: "email" in f ? "email" : "mobile" },
      "Your password was changed",
      `Your Mix Exchange password was changed and every session was logged out.${keysLine} If this was not you, contact support at once.`,
    );
    return ok({ reset: true, sessionsEnded: ended, apiKeysSuspended: held });
  });
}
