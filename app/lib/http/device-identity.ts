import { findLocale, DEFAULT_LOCALE } from "../../../protocol/locales";
import type { Identity } from "./types";

/** Local-storage keys of the identity the gateway sees on every call (SPEC.md §3). */
export const IDENTITY_KEYS = {
  deviceId: "deviceId",
  terminalCode: "terminalCode",
  simulation: "simulationMode",
  /** The global user id (SPEC.md §3): the last user logged in here; not a secret. */
  userId: "globalUserId",
} as const;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked (privacy mode, sandboxed frame)
  }
}

/** A persistent random id: created once, kept in local storage, memory-only if storage is blocked. */
const memory = new Map<string, string>();
export function persistentId(key: string): string {
  const store = storage();
  const existing = store?.getItem(key) ?? memory.get(key);
  if (existing && /^[0-9a-f]{32}$/.test(existing)) return existing;
  const id = globalThis.crypto.randomUUID().replace(/-/g, "");
  try {
    store?.setItem(key, id);
  } catch {
    // quota or blocked: keep it for this page's life
  }
  memory.set(key, id);
  return id;
}

/** The identity of this browser for the current page: locale from the document, ids from storage. */
export function browserIdentity(): Identity {
  const key = document.documentElement.dataset.locale ?? DEFAULT_LOCALE;
  const locale = findLocale(key) ?? findLocale(DEFAULT_LOCALE)!;
  return {
    locale: locale.key,
    languageType: locale.languageType,
    terminalCode: persistentId(IDENTITY_KEYS.terminalCode),
    deviceId: persistentId(IDENTITY_KEYS.deviceId),
    paperTrading: storage()?.getItem(IDENTITY_KEYS.simulation) === "1",
  };
}

/** The last user logged in on this browser, for the device check; cleared when user info fails. */
export const lastUser = {
  get(): string | undefined {
    return storage()?.getItem(IDENTITY_KEYS.userId) || undefined;
  },
  set(userId: string | undefined): void {
    try {
      if (userId) storage()?.setItem(IDENTITY_KEYS.userId, userId);
      else storage()?.removeItem(IDENTITY_KEYS.userId);
    } catch {
      // storage blocked: the device check is skipped next time, nothing breaks
    }
  },
};
