import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ACCOUNT_PATHS, type VerifyStep } from "../../protocol/account-paths.ts";
import { parseBody } from "../validate.ts";
import { areaCode, code6, optional, pwd } from "./fields.ts";
import type { LoginService, StepReader } from "./login-service.ts";

const LoginFields = z.object({ loginName: z.string().trim().min(1).max(254), pwd, areaCode: optional(areaCode) });
const DeviceFields = z.object({ emailCode: optional(code6), mobileCode: optional(code6), googleCode: optional(code6) });
const SystemFields = z.object({ verifyCode: code6 });
const AuthFields = z.object({ googleCode: code6 });
const VerifyClear = z.object({ token: z.string().min(16).max(128) }).passthrough();

const stepFields: StepReader = {
  token: (body) => parseBody(VerifyClear, body).token,
  codes: (step: VerifyStep, fields) =>
    step === "auth" ? parseBody(AuthFields, fields) : step === "system" ? parseBody(SystemFields, fields) : parseBody(DeviceFields, fields),
};

/** The step each verify path finishes. */
const VERIFY_PATHS: Array<[string, VerifyStep]> = [
  [ACCOUNT_PATHS.verifyLogin, "device"],
  [ACCOUNT_PATHS.verifyLoginV2, "device"],
  [ACCOUNT_PATHS.agencyVerifyLogin, "agency-device"],
  [ACCOUNT_PATHS.verifySystemLogin, "system"],
  [ACCOUNT_PATHS.verifySystemLoginV2, "system"],
  [ACCOUNT_PATHS.verifyAuthLogin, "auth"],
];

/** Password logins (ordinary and agency) and the steps that may follow them (docs/decisions/501). */
export function loginRoutes(app: FastifyInstance, logins: LoginService): void {
  const readLogin = (fields: Record<string, unknown>) => parseBody(LoginFields, fields);
  app.post(ACCOUNT_PATHS.login, (req, reply) => logins.passwordLogin(req, reply, false, readLogin));
  app.post(ACCOUNT_PATHS.agencyLogin, (req, reply) => logins.passwordLogin(req, reply, true, readLogin));

  for (const [path, step] of VERIFY_PATHS) app.post(path, (req, reply) => logins.verifyStep(req, reply, step, stepFields));
}
