import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ACCOUNT_LIMITS, ACCOUNT_PATHS } from "../../protocol/account-paths.ts";
import { nicknameProblems } from "../../protocol/accounts.ts";
import { ok } from "../envelope.ts";
import { cleanIpEntries, ipEntryProblem } from "../security/ip-allow.ts";
import { bodyOf, code6, optional, userId } from "./fields.ts";
import type { SettingsService } from "./settings-service.ts";

const AntiPhishing = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9_]+$/, "letters, digits and _ only")
    .min(ACCOUNT_LIMITS.antiPhishing.min)
    .max(ACCOUNT_LIMITS.antiPhishing.max),
});
const SubCreate = z.object({
  nickName: z
    .string()
    .trim()
    .superRefine((n, c) => {
      const problems = nicknameProblems(n);
      if (problems.length) c.addIssue({ code: "custom", message: `2-20 letters, digits, _, - or inner spaces (${problems.join(", ")})` });
    }),
});
const SubFreeze = z.object({ userId, frozen: z.boolean() });
const DeviceRevoke = z.object({ deviceId: z.string().max(128) });
const Page = z.object({ page: z.number().int().min(1).max(1000).default(1), size: z.number().int().min(1).max(100).default(20) });
const label = z.string().trim().min(1).max(32);
const permissions = z
  .array(z.enum(["read", "trade", "withdraw"]))
  .min(1)
  .max(3)
  .refine((p) => p.includes("read"), "read is always included")
  .refine((p) => new Set(p).size === p.length, "each permission once");
/** One address per entry, spaces and spellings forgiven, each address once (docs/decisions/342). */
const ipAllow = z
  .array(
    z
      .string()
      .max(64)
      .superRefine((ip, c) => {
        const problem = ipEntryProblem(ip);
        if (problem) c.addIssue({ code: "custom", message: problem });
      }),
  )
  .max(ACCOUNT_LIMITS.apiKeyIps)
  .transform(cleanIpEntries);
/** The second factor of an API key change (docs/decisions/506): the TOTP code, else the e-mail/mobile code. */
const SecondFactor = { googleCode: optional(code6), verifyCode: optional(code6) };
const ApiCreate = z.object({ label, passphrase: z.string().min(8).max(32), permissions, ipAllow: ipAllow.default([]), ...SecondFactor });
const apiKeyId = z.string().max(64);
const ApiUpdate = z
  .object({ apiKey: apiKeyId, label: optional(label), permissions: optional(permissions), ipAllow: optional(ipAllow), ...SecondFactor })
  .refine((f) => f.label !== undefined || f.permissions !== undefined || f.ipAllow !== undefined, "nothing to change");
const ApiReconfirm = z.object({ apiKey: apiKeyId, ...SecondFactor });
const ApiRevoke = z.object({ apiKey: apiKeyId });

/** Security settings, sub-accounts, devices, login history and API keys of the logged-in user: HTTP in and out. */
export function settingsRoutes(app: FastifyInstance, settings: SettingsService): void {
  app.post(ACCOUNT_PATHS.antiPhishing, async (req) => ok(settings.setAntiPhishing(req, bodyOf(AntiPhishing))));
  app.post(ACCOUNT_PATHS.devices, async (req) => ok(settings.devices(req)));
  app.post(ACCOUNT_PATHS.deviceRevoke, async (req) => ok(settings.revokeDevice(req, bodyOf(DeviceRevoke))));
  app.post(ACCOUNT_PATHS.loginHistory, async (req) => ok(settings.loginHistory(req, bodyOf(Page))));

  app.post(ACCOUNT_PATHS.subCreate, async (req) => ok(await settings.createSubAccount(req, bodyOf(SubCreate))));
  app.post(ACCOUNT_PATHS.subList, async (req) => ok(settings.subAccounts(req)));
  app.post(ACCOUNT_PATHS.subFreeze, async (req) => ok(settings.freezeSubAccount(req, bodyOf(SubFreeze))));

  app.post(ACCOUNT_PATHS.apiKeyCreate, async (req) => ok(settings.createApiKey(req, bodyOf(ApiCreate))));
  app.post(ACCOUNT_PATHS.apiKeyList, async (req) => ok(settings.apiKeys(req)));
  app.post(ACCOUNT_PATHS.apiKeyUpdate, async (req) => ok(settings.updateApiKey(req, bodyOf(ApiUpdate))));
  app.post(ACCOUNT_PATHS.apiKeyReconfirm, async (req) => ok(settings.reconfirmApiKey(req, bodyOf(ApiReconfirm))));
  app.post(ACCOUNT_PATHS.apiKeyRevoke, async (req) => ok(settings.revokeApiKey(req, bodyOf(ApiRevoke))));
}
