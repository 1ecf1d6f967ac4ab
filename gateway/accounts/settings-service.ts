import type { FastifyRequest } from "fastify";
import { randomBytes } from "node:crypto";
import { CODES } from "../../protocol/codes.ts";
import { ACCOUNT_LIMITS } from "../../protocol/account-paths.ts";
import { refuse } from "../envelope.ts";
import type { ApiKeyStore, Permission } from "../security/api-keys.ts";
import { readIpAllow } from "../security/ip-allow.ts";
import type { LoginHistory } from "./login-history.ts";
import { hashPassword } from "./passwords.ts";
import type { AccountService, ReadBody } from "./service.ts";
import type { Sessions } from "./sessions.ts";
import { requireWithdrawCode } from "./standing.ts";
import type { UserRow, Users } from "./users.ts";

/** The second factor of an API key change (docs/decisions/506): the TOTP code, else the e-mail/mobile code. */
export interface SecondFactorInput {
  googleCode?: string | undefined;
  verifyCode?: string | undefined;
}
export interface ApiKeyCreateInput extends SecondFactorInput {
  label: string;
  passphrase: string;
  permissions: Permission[];
  ipAllow: string[];
}
export interface ApiKeyUpdateInput extends SecondFactorInput {
  apiKey: string;
  label?: string | undefined;
  permissions?: Permission[] | undefined;
  ipAllow?: string[] | undefined;
}

/** A coarse browser name for the devices list, from the user agent kept at login. */
export function browserOf(ua: string): string {
  const m = /(Edg|OPR|Firefox|Chrome|Chromium|Safari)\/([\d.]+)/.exec(ua);
  const names: Record<string, string> = { Edg: "Edge", OPR: "Opera" };
  const os = /Windows|Mac OS X|Android|iPhone|iPad|Linux/.exec(ua)?.[0]?.replace("Mac OS X", "macOS") ?? "";
  const name = m ? `${names[m[1]!] ?? m[1]} ${m[2]!.split(".")[0]}` : "Unknown browser";
  return os ? `${name} on ${os}` : name;
}

const listOf = (csv: string) => csv.split(",").filter(Boolean);

/** Granting `withdraw` without an IP allow-list (docs/decisions/342), refused before any code is read. */
const withdrawNeedsIp = () =>
  refuse(CODES.apiKeyWithdrawNeedsIp, "A key that may withdraw needs at least one IP address in its allow-list (as Bitget requires)");

/**
 * The security settings of the logged-in user (docs/decisions/015): anti-phishing code, devices
 * and login history, sub-accounts and API keys. Each method finds the session's user first, then
 * reads the body, then applies the rules, in that order, so refusals come as they always did.
 */
export class SettingsService {
  constructor(
    private readonly stores: { users: Users; sessions: Sessions; history: LoginHistory; apiKeys: ApiKeyStore },
    private readonly accounts: AccountService,
  ) {}

  setAntiPhishing(req: FastifyRequest, read: ReadBody<{ code: string }>): { set: true } {
    const { user } = this.accounts.currentUser(req);
    const { code } = read(req.body ?? {});
    this.stores.users.update(user.id, { anti_phishing_code: code });
    return { set: true };
  }

  devices(req: FastifyRequest) {
    const { user, sessionId } = this.accounts.currentUser(req);
    return {
      list: this.stores.sessions.devices(user.id, sessionId).map((r) => ({
        deviceId: r.device_id,
        browser: browserOf(r.user_agent),
        ip: r.ip,
        firstSeen: r.first_seen,
        lastSeen: r.last_seen,
        current: r.current === 1,
      })),
    };
  }

  revokeDevice(req: FastifyRequest, read: ReadBody<{ deviceId: string }>): { ended: number } {
    const { user } = this.accounts.currentUser(req);
    const { deviceId } = read(req.body ?? {});
    // Every session of that device, idle-expired ones too: none of their refresh tokens works after this.
    return { ended: this.stores.sessions.revoke(user.id, { deviceId }) };
  }

  loginHistory(req: FastifyRequest, read: ReadBody<{ page: number; size: number }>) {
    const { user } = this.accounts.currentUser(req);
    const { page, size } = read(req.body ?? {});
    const list = this.stores.history.page(user.id, page, size);
    return { page, list: list.map((r) => ({ time: r.at, ip: r.ip, browser: browserOf(r.user_agent), result: r.result })) };
  }

  async createSubAccount(req: FastifyRequest, read: ReadBody<{ nickName: string }>) {
    const { users } = this.stores;
    const { user } = this.accounts.currentUser(req);
    this.accounts.requireMain(user);
    const { nickName } = read(req.body ?? {});
    const siblings = users.children(user.id);
    if (siblings.length >= ACCOUNT_LIMITS.subAccounts) {
      throw refuse(CODES.invalidParameter, `At most ${ACCOUNT_LIMITS.subAccounts} sub-accounts`);
    }
    if (siblings.some((s) => s.nick_name.toLowerCase() === nickName.toLowerCase())) {
      throw refuse(CODES.accountExists, "You already have a sub-account with this nickname");
    }
    // A sub-account has no password of its own: it is entered only by switching from its parent.
    const sub = users.create({ parentId: user.id, nickName, pwdHash: await hashPassword(randomBytes(24).toString("hex")) });
    return { userId: sub.id, nickName: sub.nick_name, createdAt: sub.created_at };
  }

  subAccounts(req: FastifyRequest) {
    const { users } = this.stores;
    const { user } = this.accounts.currentUser(req);
    const parent = user.parent_id ? (users.byId(user.parent_id) ?? user) : user;
    return {
      main: { userId: parent.id, nickName: parent.nick_name },
      list: users
        .children(parent.id)
        .map((s) => ({ userId: s.id, nickName: s.nick_name, frozen: s.frozen === 1, createdAt: s.created_at })),
    };
  }

  freezeSubAccount(req: FastifyRequest, read: ReadBody<{ userId: string; frozen: boolean }>) {
    const { users, sessions, apiKeys } = this.stores;
    const { user } = this.accounts.currentUser(req);
    this.accounts.requireMain(user);
    const f = read(req.body ?? {});
    const sub = users.byId(f.userId);
    if (!sub || sub.parent_id !== user.id) throw refuse(CODES.invalidParameter, "No such sub-account");
    users.update(sub.id, { frozen: f.frozen ? 1 : 0 });
    if (f.frozen) {
      // A frozen account stops everywhere at once: its sessions end and its API keys die.
      sessions.endAllOf(sub.id, "frozen");
      apiKeys.revokeAllOf(sub.id);
    }
    return { userId: sub.id, frozen: f.frozen };
  }

  createApiKey(req: FastifyRequest, read: ReadBody<ApiKeyCreateInput>) {
    const { apiKeys } = this.stores;
    const { user } = this.accounts.currentUser(req);
    const f = read(req.body ?? {});
    if (apiKeys.count(user.id) >= ACCOUNT_LIMITS.apiKeys)
      throw refuse(CODES.invalidParameter, `At most ${ACCOUNT_LIMITS.apiKeys} API keys`);
    // Last, so a refused call (bad field, too many keys) does not spend the code.
    this.checkKeyFactor(user, f, f.permissions.includes("withdraw"), f.ipAllow);
    const key = apiKeys.create({
      userId: user.id,
      passphrase: f.passphrase,
      permissions: f.permissions,
      ipAllow: f.ipAllow,
      label: f.label,
    });
    // The secret is shown this once; the passphrase is never echoed back.
    return { apiKey: key.apiKey, secretKey: key.secretKey, label: f.label, permissions: f.permissions, ipAllow: f.ipAllow };
  }

  apiKeys(req: FastifyRequest) {
    const { user } = this.accounts.currentUser(req);
    const factor = this.accounts.factorUserOf(user);
    const channel = this.accounts.codeTarget(factor)?.channel;
    return {
      // What the page asks for before a key is created or changed (docs/decisions/506).
      secondFactor:
        factor.google_enabled && factor.google_secret ? { kind: "google" } : channel ? { kind: "code", channel } : { kind: "none" },
      list: this.stores.apiKeys.list(user.id).map((r) => ({
        apiKey: r.api_key,
        label: r.label,
        permissions: listOf(r.permissions),
        ipAllow: listOf(r.ip_allow),
        createdAt: r.created_at,
        suspended: r.suspended_at !== null,
        suspendedAt: r.suspended_at,
        // An older key with `withdraw` and no list keeps the rest; its withdrawals wait for a list (docs/decisions/342).
        withdrawSuspended: listOf(r.permissions).includes("withdraw") && readIpAllow(r.ip_allow).usable.length === 0,
      })),
    };
  }

  updateApiKey(req: FastifyRequest, read: ReadBody<ApiKeyUpdateInput>) {
    const { user } = this.accounts.currentUser(req);
    const f = read(req.body ?? {});
    const before = this.ownKey(user.id, f.apiKey);
    // What the key may do after the change decides the factor: one that can withdraw afterwards needs what a web withdrawal needs.
    const permissions = f.permissions ?? listOf(before.permissions);
    this.checkKeyFactor(user, f, permissions.includes("withdraw"), f.ipAllow ?? listOf(before.ip_allow));
    this.stores.apiKeys.update(f.apiKey, { label: f.label, permissions: f.permissions, ipAllow: f.ipAllow });
    const row = this.ownKey(user.id, f.apiKey);
    return {
      apiKey: row.api_key,
      label: row.label,
      permissions: listOf(row.permissions),
      ipAllow: listOf(row.ip_allow),
      suspended: row.suspended_at !== null,
    };
  }

  /** A key held after a password reset works again once its owner proves the second factor (docs/decisions/506). */
  reconfirmApiKey(req: FastifyRequest, read: ReadBody<{ apiKey: string } & SecondFactorInput>) {
    const { user } = this.accounts.currentUser(req);
    const f = read(req.body ?? {});
    const row = this.ownKey(user.id, f.apiKey);
    if (row.suspended_at === null) throw refuse(CODES.invalidParameter, "This API key is not suspended");
    // Lifting the hold of a key that withdraws gives it back that power: the withdrawal's factor, and its IP list.
    this.checkKeyFactor(user, f, listOf(row.permissions).includes("withdraw"), listOf(row.ip_allow));
    this.stores.apiKeys.update(f.apiKey, { reconfirm: true });
    return { apiKey: f.apiKey, suspended: false };
  }

  revokeApiKey(req: FastifyRequest, read: ReadBody<{ apiKey: string }>): { revoked: true } {
    const { user } = this.accounts.currentUser(req);
    const { apiKey } = read(req.body ?? {});
    this.ownKey(user.id, apiKey);
    this.stores.apiKeys.revoke(apiKey);
    return { revoked: true };
  }

  /**
   * The second factor of a key change (docs/decisions/506). A key that can withdraw after the
   * change needs an IP allow-list and what a web withdrawal needs (docs/decisions/342): the account
   * may withdraw now (Google Authenticator bound, not frozen, not locked) and its code; an e-mail or
   * mobile code is not enough.
   */
  private checkKeyFactor(user: UserRow, f: SecondFactorInput, withdraw: boolean, ipAllow: readonly string[]): void {
    if (!withdraw) return this.accounts.checkSecondFactor(user, "api-key", f);
    if (readIpAllow(ipAllow.join(",")).usable.length === 0) throw withdrawNeedsIp();
    requireWithdrawCode(this.accounts, user, f.googleCode);
  }

  /** A key of the caller's, or the same refusal for another's and for none. */
  private ownKey(userId: string, apiKey: string) {
    const row = this.stores.apiKeys.of(userId, apiKey);
    if (!row) throw refuse(CODES.invalidParameter, "No such API key");
    return row;
  }
}
