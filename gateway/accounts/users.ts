import { randomInt } from "node:crypto";
import type { Statement } from "better-sqlite3";
import type { Db } from "../db/database.ts";
import type { UserInfoResponse } from "../../protocol/user-info.ts";
import { USER_INFO_DEFAULTS } from "../../protocol/user-info.ts";
import { fundFlags, type FundTradeMode } from "../../protocol/fund.ts";
import { maskName } from "../../protocol/kyc.ts";

export interface UserRow {
  id: string;
  login_name: string;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  pwd_hash: string;
  nick_name: string;
  anti_phishing_code: string;
  google_secret: string | null;
  email_enabled: number;
  mobile_enabled: number;
  google_enabled: number;
  fund_pwd_hash: string | null;
  /** How often web trades ask for the fund password (docs/decisions/350). */
  fund_trade_mode: FundTradeMode;
  /** Withdrawals are held until then after a fund password reset (epoch ms; 0: none). */
  fund_hold_until: number;
  identity_level: number;
  vip_level: number;
  frozen: number;
  one_web_session: number;
  parent_id: string | null;
  user_type: number;
  /** An agency (broker) account, set by the operator: the only kind agency login admits. */
  agency: number;
  created_at: number;
  updated_at: number;
}

export interface NewUser {
  email?: string;
  areaCode?: string;
  mobile?: string;
  pwdHash: string;
  parentId?: string;
  nickName?: string;
}

/** The users table: ids are 10-digit numeric strings, as exchanges show them. */
export class Users {
  /**
   * `byId` runs on every API-key call (the owner's standing) and every session check: prepared once,
   * on first use, as compiling it each time cost more than the lookup (issue 31).
   */
  private byIdStatement: Statement | undefined;
  private standingStatement: Statement | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  create(u: NewUser): UserRow {
    const at = this.now();
    const loginName = u.email ?? `${u.areaCode}${u.mobile}`;
    // A random id can collide with an existing one; only that conflict is retried.
    for (;;) {
      const id = String(1_000_000_000 + randomInt(8_999_999_999));
      try {
        this.db
          .prepare(
            `INSERT INTO users (id, login_name, email, area_code, mobile, pwd_hash, nick_name,
            email_enabled, mobile_enabled, parent_id, user_type, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            id,
            loginName,
            u.email ?? null,
            u.areaCode ?? null,
            u.mobile ?? null,
            u.pwdHash,
            u.nickName ?? "",
            u.email ? 1 : 0,
            u.mobile ? 1 : 0,
            u.parentId ?? null,
            u.parentId ? 1 : 0,
            at,
            at,
          );
        return this.byId(id) as UserRow;
      } catch (err) {
        if ((err as { code?: string }).code !== "SQLITE_CONSTRAINT_PRIMARYKEY") throw err;
      }
    }
  }

  byId(id: string): UserRow | undefined {
    this.byIdStatement ??= this.db.prepare("SELECT * FROM users WHERE id = ?");
    return this.byIdStatement.get(id) as UserRow | undefined;
  }

  /**
   * What a key's standing reads on every API-key call (frozen, and the main account): two columns
   * of one row, through a statement prepared once.
   */
  standingOf(id: string): Pick<UserRow, "frozen" | "parent_id"> | undefined {
    this.standingStatement ??= this.db.prepare("SELECT frozen, parent_id FROM users WHERE id = ?");
    return this.standingStatement.get(id) as Pick<UserRow, "frozen" | "parent_id"> | undefined;
  }

  byEmail(email: string): UserRow | undefined {
    return this.db.prepare("SELECT * FROM users WHERE email = ? COLLATE NOCASE").get(email) as UserRow | undefined;
  }

  byMobile(areaCode: string, mobile: string): UserRow | undefined {
    return this.db.prepare("SELECT * FROM users WHERE area_code = ? AND mobile = ?").get(areaCode, mobile) as UserRow | undefined;
  }

  /** A login name is an e-mail, or a mobile number with its area code. */
  byLoginName(loginName: string, areaCode?: string): UserRow | undefined {
    if (loginName.includes("@")) return this.byEmail(loginName);
    return areaCode ? this.byMobile(areaCode.replace(/^\+/, ""), loginName) : undefined;
  }

  update(
    id: string,
    fields: Partial<
      Pick<
        UserRow,
        | "login_name"
        | "anti_phishing_code"
        | "google_secret"
        | "google_enabled"
        | "email"
        | "email_enabled"
        | "area_code"
        | "mobile"
        | "mobile_enabled"
        | "pwd_hash"
        | "frozen"
        | "one_web_session"
        | "nick_name"
        | "vip_level"
        | "fund_pwd_hash"
        | "fund_trade_mode"
        | "fund_hold_until"
      >
    >,
  ): void {
    const keys = Object.keys(fields);
    if (keys.length === 0) return;
    this.db
      .prepare(`UPDATE users SET ${keys.map((k) => `${k} = @${k}`).join(", ")}, updated_at = @updated_at WHERE id = @id`)
      .run({ ...fields, updated_at: this.now(), id });
  }

  children(parentId: string): UserRow[] {
    return this.db.prepare("SELECT * FROM users WHERE parent_id = ? ORDER BY created_at").all(parentId) as UserRow[];
  }
}

function mask(value: string, keepStart: number, keepEnd: number): string {
  if (value.length <= keepStart + keepEnd) return value;
  return `${value.slice(0, keepStart)}****${value.slice(value.length - keepEnd)}`;
}

/**
 * The user-info answer (docs/protocol.md §7.8, docs/product.md §8): phone and e-mail only when bound, and then masked.
 * `factor` is the account whose fund password this one uses (a sub-account's main account; docs/decisions/350);
 * `openContract` whether it opened futures (docs/decisions/351), `openGtFees` whether it pays fees in the platform coin
 * (docs/decisions/353), `identity` its verified level and name (its main account's for a sub-account; docs/decisions/352).
 */
export function userInfoOf(
  u: UserRow,
  extra: {
    openContract?: boolean;
    openGtFees?: boolean;
    factor?: Pick<UserRow, "fund_pwd_hash" | "fund_trade_mode">;
    identity?: { level: number; realName: string };
  } = {},
): UserInfoResponse {
  const identity = extra.identity ?? { level: u.identity_level, realName: "" };
  const factor = extra.factor ?? u;
  const openContract = extra.openContract ?? false;
  const openGtFees = extra.openGtFees ?? false;
  const fund = fundFlags({ set: Boolean(factor.fund_pwd_hash), mode: factor.fund_trade_mode });
  const bindEmail = Boolean(u.email);
  const bindPhone = Boolean(u.mobile);
  const bindGoogle = Boolean(u.google_secret) && u.google_enabled === 1;
  const email = bindEmail ? mask(u.email as string, 2, (u.email as string).length - (u.email as string).indexOf("@")) : "";
  const phone = bindPhone ? mask(u.mobile as string, 3, 2) : "";
  const userName = u.nick_name || (bindEmail ? email : phone);
  return {
    userInfo: {
      ...USER_INFO_DEFAULTS,
      antiPhishingCode: u.anti_phishing_code ? mask(u.anti_phishing_code, 1, 1) : "",
      areaCode: bindPhone ? (u.area_code ?? "") : "",
      bindEmail,
      bindGoogle,
      bindPhone,
      createdDate: u.created_at,
      email,
      frozen: u.frozen === 1,
      googleEnable: bindGoogle,
      // the verified identity (docs/decisions/352): a sub-account has its main account's
      identityLevel: identity.level,
      hasRealValidate: identity.level >= 2,
      realName: maskName(identity.realName),
      starRealName: maskName(identity.realName),
      loginName: bindEmail ? email : phone,
      userName,
      mobile: phone,
      phone,
      nickName: u.nick_name,
      phoneEnable: u.mobile_enabled === 1 && bindPhone,
      emailEnable: u.email_enabled === 1 && bindEmail,
      ...fund,
      subAccount: u.user_type === 1,
      childFlag: u.user_type === 1,
      updatedDate: u.updated_at,
      userId: u.id,
      userType: u.user_type,
      vipLevel: u.vip_level,
      showUserVip: u.vip_level > 0,
      openContract,
      // set only by the exchange's switch-deduct (docs/decisions/353)
      openGtFees,
    },
    settings: {
      mbf: bindPhone,
      ebf: bindEmail,
      gbf: bindGoogle,
      tbf: fund.isFund,
      tpi: fund.fundValue,
      tpl: fund.fundDisabled,
      kf: identity.level,
      oo: false,
      oc: openContract,
      ob: openGtFees,
      eef: u.email_enabled === 1,
      mef: u.mobile_enabled === 1,
      gef: bindGoogle,
    },
    loginName: bindEmail ? email : phone,
    userName,
  };
}
