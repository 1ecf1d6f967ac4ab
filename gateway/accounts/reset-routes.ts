import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ACCOUNT_PATHS } from "../../protocol/account-paths.ts";
import { parseBody } from "../validate.ts";
import { areaCode, code6, email, mobile, pwd } from "./fields.ts";
import type { AccountService } from "./service.ts";

const ResetFields = z.union([
  z.object({ email, verifyCode: code6, pwd, rePwd: pwd }),
  z.object({ mobile, areaCode, verifyCode: code6, pwd, rePwd: pwd }),
]);

/**
 * The forgotten-password flow: a `reset-password` code from send-code, then the new password,
 * sealed like a login (docs/protocol.md §6). A reset ends every session of the account.
 */
export function resetPasswordRoutes(app: FastifyInstance, accounts: AccountService): void {
  app.post(ACCOUNT_PATHS.resetPassword, async (req) => accounts.resetPassword(req, (f) => parseBody(ResetFields, f)));
}
