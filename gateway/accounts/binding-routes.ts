import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ACCOUNT_PATHS } from "../../protocol/account-paths.ts";
import { ok } from "../envelope.ts";
import type { BindingService } from "./binding-service.ts";
import { areaCode, bodyOf, code6, email, mobile } from "./fields.ts";

const Google = z.object({ googleCode: code6 });
const BindEmail = z.object({ email, emailCode: code6 });
const BindMobile = z.object({ mobile, areaCode, mobileCode: code6 });
const UnbindEmail = z.object({ emailCode: code6 }).transform((f) => ({ code: f.emailCode }));
const UnbindMobile = z.object({ mobileCode: code6 }).transform((f) => ({ code: f.mobileCode }));

/** Binding and unbinding the account's e-mail, mobile and Google Authenticator (docs/decisions/505): HTTP in and out. */
export function bindingRoutes(app: FastifyInstance, binding: BindingService): void {
  app.post(ACCOUNT_PATHS.bindEmail, async (req) => ok(binding.bindEmail(req, bodyOf(BindEmail))));
  app.post(ACCOUNT_PATHS.bindMobile, async (req) => ok(binding.bindMobile(req, bodyOf(BindMobile))));
  app.post(ACCOUNT_PATHS.unbindEmail, async (req) => ok(binding.unbind(req, "email", bodyOf(UnbindEmail))));
  app.post(ACCOUNT_PATHS.unbindMobile, async (req) => ok(binding.unbind(req, "mobile", bodyOf(UnbindMobile))));
  app.post(ACCOUNT_PATHS.googleInit, async (req) => ok(binding.googleInit(req)));
  app.post(ACCOUNT_PATHS.googleBind, async (req) => ok(binding.googleBind(req, bodyOf(Google))));
  app.post(ACCOUNT_PATHS.googleUnbind, async (req) => ok(binding.googleUnbind(req, bodyOf(Google))));
}
