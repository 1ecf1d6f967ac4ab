/**
 * The lead traders' display names (docs/decisions/363): one per user across futures and spot copy
 * trading and both environments, chosen on applying or later, shown by every copy read in place of
 * the user id. The rule is the sub-accounts' nickname rule (protocol/accounts.ts); two names are the
 * same when their folded keys are (case, width, separators and the common Latin look-alikes), so no
 * lead can pass for another. A user without a name reads as `Trader-` and the last six characters of
 * its id: never the e-mail, mobile or login name.
 */
import { nicknameProblems, NICKNAME_RULE } from "../../protocol/accounts.ts";
import { CODES } from "../../protocol/codes.ts";
import { GatewayError, refuse } from "../envelope.ts";
import { COPY_CODES } from "./service-base.ts";
import type { LeadNameRow, LeadNameStore } from "./store.ts";

/** The prefix of a generated name; a chosen name may not take this shape (it would pass for another user's default). */
export const DEFAULT_NAME_PREFIX = "Trader-";

/** Letters of other scripts that look like Latin ones (Cyrillic, Greek), and digits that look like letters. */
// prettier-ignore
const LOOK_ALIKES: Record<string, string> = {
  а: "a", в: "b", е: "e", ё: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x",
  і: "l", ї: "l", ј: "j", ѕ: "s", ԁ: "d", һ: "h", ӏ: "l", ԛ: "q", ԝ: "w", ь: "b",
  α: "a", β: "b", ε: "e", η: "n", ι: "l", κ: "k", ν: "v", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x", ω: "w",
  "0": "o", "1": "l", i: "l",
};

/** The key two names are compared by: NFKC, lower case, look-alikes to Latin, without spaces, `_` and `-`. */
export function nameKey(name: string): string {
  return [...name.normalize("NFKC").toLowerCase()]
    .map((c) => LOOK_ALIKES[c] ?? c)
    .join("")
    .replace(/[\s_-]/gu, "");
}

/** The generated name of a user without one: `Trader-` and the last six letters or digits of its id, upper case. */
export function defaultName(userId: string): string {
  const tail = userId
    .replace(/[^\p{L}\p{N}]/gu, "")
    .slice(-6)
    .toUpperCase();
  return `${DEFAULT_NAME_PREFIX}${tail || "000000"}`;
}

/** The key of a generated name of a numeric user id (digits fold as `0` → `o`, `1` → `l`). */
const DEFAULT_KEY = new RegExp(`^${nameKey(DEFAULT_NAME_PREFIX)}[ol2-9]{6}$`);

export class LeadNames {
  private readonly byUser = new Map<string, LeadNameRow>();
  private readonly byKey = new Map<string, string>();

  constructor(
    private readonly store: LeadNameStore,
    private readonly now: () => number = Date.now,
  ) {
    for (const r of store.names()) this.remember(r);
  }

  /** The user's display name: the chosen one, else the generated one. */
  nameOf(userId: string): string {
    return this.byUser.get(userId)?.name ?? defaultName(userId);
  }

  /** Refuses a name that breaks the rule (40017) or that another user holds (20004); nothing is written. */
  check(userId: string, name: string): string {
    const problems = nicknameProblems(name);
    if (problems.length > 0)
      throw new GatewayError(
        COPY_CODES.paramInvalid,
        `Parameter nickName is invalid: ${NICKNAME_RULE.min}-${NICKNAME_RULE.max} letters, digits, "_", "-" or inner spaces`,
      );
    const key = nameKey(name);
    if (DEFAULT_KEY.test(key) && key !== nameKey(defaultName(userId)))
      throw new GatewayError(COPY_CODES.paramInvalid, `Parameter nickName is invalid: "${DEFAULT_NAME_PREFIX}" names are generated ones`);
    const holder = this.byKey.get(key);
    // the house's duplicate refusal, as a sub-account's nickname has it: HTTP 200 with 20004 (a form's answer, not a fault)
    if (holder !== undefined && holder !== userId) throw refuse(CODES.accountExists, "This display name is taken by another trader");
    return key;
  }

  /** Sets the user's name (durable before it answers); the same name again is no change. */
  setName(userId: string, name: string): string {
    const key = this.check(userId, name);
    const old = this.byUser.get(userId);
    if (old?.name === name) return name;
    const row: LeadNameRow = { userId, name, nameKey: key, updatedAt: this.now() };
    this.store.saveName(row);
    if (old) this.byKey.delete(old.nameKey);
    this.remember(row);
    return name;
  }

  private remember(r: LeadNameRow): void {
    this.byUser.set(r.userId, r);
    this.byKey.set(r.nameKey, r.userId);
  }
}
