import type { FastifyInstance, FastifyRequest } from "fastify";
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import { CODES } from "../../protocol/codes.ts";
import { ACCOUNT_LIMITS, ACCOUNT_PATHS } from "../../protocol/account-paths.ts";
import { nicknameProblems } from "../../protocol/accounts.ts";
import { ok, refuse } from "../envelope.ts";
import { parseBody } from "../validate.ts";
import { code6, optional, userId } from "./fields.ts";
import type { AccountService } from "./service.ts";
import { hashPassword } from "./passwords.ts";

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
  .array(z.enum(["read", "trade"]))
  .min(1)
  .max(2)
  .refine((p) => p.includes("read"), "read is always included");
const ipAllow = z
  .array(
    z
      .string()
      .trim()
      .refine((ip) => isIP(ip) !== 0, "not an IP address"),
  )
  .max(ACCOUNT_LIMITS.apiKeyIps);
/** The second factor of an API key change (docs/decisions/506): the TOTP code, else the e-mail/mobile code. */
const SecondFactor = { googleCode: optional(code6), verifyCode: optional(code6) };
const ApiCreate = z.object({ label, passphrase: z.string().min(8).max(32), permissions, ipAllow: ipAllow.default([]), ...SecondFactor });
const apiKeyId = z.string().max(64);
const ApiUpdate = z
  .object({ apiKey: apiKeyId, label: optional(label), permissions: optional(permissions), ipAllow: optional(ipAllow), ...SecondFactor })
  .refine((f) => f.label !== undefined || f.permissions !== undefined || f.ipAllow !== undefined, "nothing to change");
const ApiReconfirm = z.object({ apiKey: apiKeyId, ...SecondFactor });
const ApiRevoke = z.object({ apiKey: apiKeyId });

/** A coarse browser name for the devices list, from the user agent kept at login. */
export function browserOf(ua: string): string {
  const m = /(Edg|OPR|Firefox|Chrome|Chromium|Safari)\/([\d.]+)/.exec(ua);
  const names: Record<string, string> = { Edg: "Edge", OPR: "Opera" };
  const os = /Windows|Mac OS X|Android|iPhone|iPad|Linux/.exec(ua)?.[0]?.replace("Mac OS X", "macOS") ?? "";
  const name = m ? `${names[m[1]!] ?? m[1]} ${m[2]!.split(".")[0]}` : "Unknown browser";
  return os ? `${name} on ${os}` : name;
}

/** Security settings, sub-accounts, devices, login history and API keys of the logged-in user. */
export function settingsRoutes(app: FastifyInstance, kit: AccountService) {
  const { users, sessions, apiKeys } = kit;
  const currentUser = (req: FastifyRequest) => kit.currentUser(req);

  app.post(ACCOUNT_PATHS.antiPhishing, async (req) => {
    const { user } = currentUser(req);
    const { code } = parseBody(AntiPhishing, req.body ?? {});
    users.update(user.id, { anti_phishing_code: code });
    return ok({ set: true });
  });

  app.post(ACCOUNT_PATHS.devices, async (req) => {
    const { user, sessionId } = currentUser(req);
    const rows = sessions.devices(user.id, sessionId);
    return ok({
      list: rows.map((r) => ({
        deviceId: r.device_id,
        browser: browserOf(r.user_agent),
        ip: r.ip,
        firstSeen: r.first_seen,
        lastSeen: r.last_seen,
        current: r.current === 1,
      })),
    });
  });

  app.post(ACCOUNT_PATHS.deviceRevoke, async (req) => {
    const { user } = currentUser(req);
    const { deviceId } = parseBody(DeviceRevoke, req.body ?? {});
    // Every session of that device, idle-expired ones too: none of their refresh tokens works after this.
    const ended = sessions.revoke(user.id, { deviceId });
    return ok({ ended });
  });

  app.post(ACCOUNT_PATHS.loginHistory, async (req) => {
    const { user } = currentUser(req);
    const { page, size } = parseBody(Page, req.body ?? {});
    const list = kit.history.page(user.id, page, size);
    return ok({ page, list: list.map((r) => ({ time: r.at, ip: r.ip, browser: browserOf(r.user_agent), result: r.result })) });
  });

  app.post(ACCOUNT_PATHS.subCreate, async (req) => {
    const { user } = currentUser(req);
    kit.requireMain(user);
    const { nickName } = parseBody(SubCreate, req.body ?? {});
    const siblings = users.children(user.id);
    if (siblings.length >= ACCOUNT_LIMITS.subAccounts) {
      throw refuse(CODES.invalidParameter, `At most ${ACCOUNT_LIMITS.subAccounts} sub-accounts`);
    }
    if (siblings.some((s) => s.nick_name.toLowerCase() === nickName.toLowerCase())) {
      throw refuse(CODES.accountExists, "You already have a sub-account with this nickname");
    }
    // A sub-account has no password of its own: it is entered only by switching from its parent.
    const sub = users.create({ parentId: user.id, nickName, pwdHash: await hashPassword(randomBytes(24).toString("hex")) });
    return ok({ userId: sub.id, nickName: sub.nick_name, createdAt: sub.created_at });
  });

  app.post(ACCOUNT_PATHS.subList, async (req) => {
    const { user } = currentUser(req);
    const parent = user.parent_id ? (users.byId(user.parent_id) ?? user) : user;
    return ok({
      main: { userId: parent.id, nickName: parent.nick_name },
      list: users
        .children(parent.id)
        .map((s) => ({ userId: s.id, nickName: s.nick_name, frozen: s.frozen === 1, createdAt: s.created_at })),
    });
  });

  app.post(ACCOUNT_PATHS.subFreeze, async (req) => {
    const { user } = currentUser(req);
    kit.requireMain(user);
    const f = parseBody(SubFreeze, req.body ?? {});
    const sub = users.byId(f.userId);
    if (!sub || sub.parent_id !== user.id) throw refuse(CODES.invalidParameter, "No such sub-account");
    users.update(sub.id, { frozen: f.frozen ? 1 : 0 });
    if (f.frozen) {
      // A frozen account stops everywhere at once: its sessions end and its API keys die.
      sessions.endAllOf(sub.id, "frozen");
      apiKeys.revokeAllOf(sub.id);
    }
    return ok({ userId: sub.id, frozen: f.frozen });
  });

  app.post(ACCOUNT_PATHS.apiKeyCreate, async (req) => {
    const { user } = currentUser(req);
    const f = parseBody(ApiCreate, req.body ?? {});
    const count = apiKeys.count(user.id);
    if (count >= ACCOUNT_LIMITS.apiKeys) throw refuse(CODES.invalidParameter, `At most ${ACCOUNT_LIMITS.apiKeys} API keys`);
    // Last, so a refused call (bad field, too many keys) does not spend the code.
    kit.checkSecondFactor(user, "api-key", f);
    const key = apiKeys.create({
      userId: user.id,
      passphrase: f.passphrase,
      permissions: f.permissions,
      ipAllow: f.ipAllow,
      label: f.label,
    });
    // The secret is shown this once; the passphrase is never echoed back.
    return ok({ apiKey: key.apiKey, secretKey: key.secretKey, label: f.label, permissions: f.permissions, ipAllow: f.ipAllow });
  });

  app.post(ACCOUNT_PATHS.apiKeyList, async (req) => {
    const { user } = currentUser(req);
    const factor = kit.factorUserOf(user);
    const channel = kit.codeTarget(factor)?.channel;
    return ok({
      // What the page asks for before a key is created or changed (docs/decisions/506).
      secondFactor:
        factor.google_enabled && factor.google_secret ? { kind: "google" } : channel ? { kind: "code", channel } : { kind: "none" },
      list: apiKeys.list(user.id).map((r) => ({
        apiKey: r.api_key,
        label: r.label,
        permissions: r.permissions.split(",").filter(Boolean),
        ipAllow: r.ip_allow.split(",").filter(Boolean),
        createdAt: r.created_at,
        suspended: r.suspended_at !== null,
        suspendedAt: r.suspended_at,
      })),
    });
  });

  /** A key of the caller's, or the same refusal for another's and for none. */
  const ownKey = (userId: string, apiKey: string) => {
    const row = apiKeys.of(userId, apiKey);
    if (!row) throw refuse(CODES.invalidParameter, "No such API key");
    return row;
  };

  app.post(ACCOUNT_PATHS.apiKeyUpdate, async (req) => {
    const { user } = currentUser(req);
    const f = parseBody(ApiUpdate, req.body ?? {});
    ownKey(user.id, f.apiKey);
    kit.checkSecondFactor(user, "api-key", f);
    apiKeys.update(f.apiKey, { label: f.label, permissions: f.permissions, ipAllow: f.ipAllow });
    const row = ownKey(user.id, f.apiKey);
    return ok({
      apiKey: row.api_key,
      label: row.label,
      permissions: row.permissions.split(",").filter(Boolean),
      ipAllow: row.ip_allow.split(",").filter(Boolean),
      suspended: row.suspended_at !== null,
    });
  });

  app.post(ACCOUNT_PATHS.apiKeyReconfirm, async (req) => {
    const { user } = currentUser(req);
    const f = parseBody(ApiReconfirm, req.body ?? {});
    const row = ownKey(user.id, f.apiKey);
    if (row.suspended_at === null) throw refuse(CODES.invalidParameter, "This API key is not suspended");
    kit.checkSecondFactor(user, "api-key", f);
    apiKeys.update(f.apiKey, { reconfirm: true });
    return ok({ apiKey: f.apiKey, suspended: false });
  });

  app.post(ACCOUNT_PATHS.apiKeyRevoke, async (req) => {
    const { user } = currentUser(req);
    const { apiKey } = parseBody(ApiRevoke, req.body ?? {});
    ownKey(user.id, apiKey);
    apiKeys.revoke(apiKey);
    return ok({ revoked: true });
  });
}
