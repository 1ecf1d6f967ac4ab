import { findLocale, DEFAULT_LOCALE } from "../../../protocol/locales";
import { localArea } from "~/lib/prefs/local-store";
import { localPrefs } from "~/lib/prefs/local-prefs";
import { parse as parseCookie, serialize as serializeCookie } from "cookie";
import { PREF_COOKIE_MAX_AGE_S } from "~/lib/prefs/cookie-prefs";
import type { Identity } from "./types";

/** Where the terminal code (fingerprint id) lives (docs/product.md): local storage, else a cookie. */
export type TerminalCodeStorage = "localStorage" | "cookie";

const ID = /^[0-9a-f]{32}$/;
/** Where the terminal code is kept: this local-storage key (the common area's), or this cookie. */
export const TERMINAL_CODE_KEYS = { local: "common:terminalCode", cookie: "terminalCode" } as const;
/** The local-storage keys of the device id and the last user (tests and benchmarks read them). */
export const IDENTITY_STORAGE_KEYS = {
  deviceId: "common:deviceId",
  lastUserId: "common:globalUserId",
  lastLoginUserId: "common:lastLoginUserId",
} as const;
const common = localArea("common");
const prefs = localPrefs(common);

const newId = () => globalThis.crypto.randomUUID().replace(/-/g, "");

/** Local storage is usable when a write and a read round-trip; private modes often refuse. */
export function terminalCodeStorage(): TerminalCodeStorage {
  try {
    const probe = "common:__probe";
    globalThis.localStorage.setItem(probe, "1");
    globalThis.localStorage.removeItem(probe);
    return "localStorage";
  } catch {
    return "cookie";
  }
}

/** The persistent terminal code: created once, kept where this browser lets us keep it. */
export function terminalCode(): string {
  if (terminalCodeStorage() === "localStorage") {
    const existing = prefs.get("terminalCode");
    if (ID.test(existing)) return existing;
    const id = newId();
    prefs.set("terminalCode", id);
    return id;
  }
  const existing = parseCookie(document.cookie)[TERMINAL_CODE_KEYS.cookie];
  if (existing && ID.test(existing)) return existing;
  const id = newId();
  document.cookie = serializeCookie(TERMINAL_CODE_KEYS.cookie, id, { path: "/", maxAge: PREF_COOKIE_MAX_AGE_S, sameSite: "lax" });
  return id;
}

/** The persistent device id: a random id kept in the common area (memory only if storage is blocked). */
export function deviceId(): string {
  const existing = common.get("deviceId");
  if (existing && ID.test(existing)) return existing;
  const id = newId();
  common.set("deviceId", id);
  return id;
}

const SIMULATION_KEY = "simulation";

/** Simulation (paper) mode is on while this flag is set (docs/product.md). */
export const simulationFlag = {
  get: (): boolean => common.get(SIMULATION_KEY) === "1",
  set: (on: boolean): void => (on ? common.set(SIMULATION_KEY, "1") : common.remove(SIMULATION_KEY)),
  /** The local-storage key, as another tab's `storage` event names it. */
  storageKey: `common:${SIMULATION_KEY}`,
};

/** The identity of this browser for the current page: locale from the document, ids from storage. */
export function browserIdentity(): Identity {
  const key = document.documentElement.dataset.locale ?? DEFAULT_LOCALE;
  const locale = findLocale(key) ?? findLocale(DEFAULT_LOCALE)!;
  return {
    locale: locale.key,
    languageType: locale.languageType,
    terminalCode: terminalCode(),
    deviceId: deviceId(),
    paperTrading: simulationFlag.get(),
  };
}

/** The global user id (docs/product.md): the last user logged in here, for the device check; not a secret. */
export const lastUser = {
  get(): string | undefined {
    return prefs.get("globalUserId") || undefined;
  },
  set(userId: string | undefined): void {
    if (userId) prefs.set("globalUserId", userId);
    else prefs.reset("globalUserId");
  },
};

/**
 * The user who last logged in on this browser. Switching into a sub-account changes the global
 * user id but is not a login: the device check must keep proving the account that logs in.
 */
export const lastLoginUser = {
  get(): string | undefined {
    return prefs.get("lastLoginUserId") || undefined;
  },
  set(userId: string): void {
    prefs.set("lastLoginUserId", userId);
  },
};
