import { findLocale, DEFAULT_LOCALE } from "../../../protocol/locales";
import type { Identity } from "./types";

/** Local-storage keys of the identity the gateway sees on every call (SPEC.md §3). */
export const IDENTITY_KEYS = { deviceId: "deviceId", terminalCode: "terminalCode", simulation: "simulationMode" } as const;

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
