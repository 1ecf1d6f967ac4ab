import { parse as parseCookie, serialize as serializeCookie } from "cookie";
import { findLocale, DEFAULT_LOCALE } from "../../../protocol/locales";

/** Cookie preferences of docs/product.md (365 days). Names are ours; the spec names only the meaning. */
export const PREF_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const THEMES = ["white", "black"] as const;
export type Theme = (typeof THEMES)[number];
export const LAYOUTS = ["left", "right"] as const;
export type Layout = (typeof LAYOUTS)[number];
/** What valuations are shown in: 1 the chosen fiat, 2 USDT, 3 BTC (docs/decisions/008). */
export const VALUATION_UNITS = ["1", "2", "3"] as const;
export type ValuationUnit = (typeof VALUATION_UNITS)[number];

export interface CookiePrefs {
  language: string;
  unit: string;
  showAsset: boolean;
  theme: Theme;
  valuationUnit: ValuationUnit;
  layout: Layout;
}

export const COOKIE_NAMES: Readonly<Record<keyof CookiePrefs, string>> = {
  language: "language",
  unit: "unit",
  showAsset: "show_asset",
  theme: "theme",
  valuationUnit: "valuation_unit",
  layout: "layout",
};

export const COOKIE_DEFAULTS: Readonly<CookiePrefs> = {
  language: DEFAULT_LOCALE,
  unit: "CNY",
  showAsset: true,
  theme: "white",
  valuationUnit: "1",
  layout: "right",
};

function oneOf<T extends string>(allowed: readonly T[], raw: string | undefined): T | undefined {
  return (allowed as readonly string[]).includes(raw ?? "") ? (raw as T) : undefined;
}

/** Each parser takes the raw cookie or form value and returns the pref, or undefined for anything foreign. */
const parsers: { [K in keyof CookiePrefs]: (raw: string | undefined) => CookiePrefs[K] | undefined } = {
  language: (raw) => findLocale(raw)?.key,
  unit: (raw) => (raw && /^[A-Z]{3,5}$/.test(raw) ? raw : undefined),
  showAsset: (raw) => (raw === "true" ? true : raw === "false" ? false : undefined),
  theme: (raw) => oneOf(THEMES, raw),
  valuationUnit: (raw) => oneOf(VALUATION_UNITS, raw),
  layout: (raw) => oneOf(LAYOUTS, raw),
};

export const PREF_KEYS = Object.keys(COOKIE_DEFAULTS) as Array<keyof CookiePrefs>;

export function isPrefKey(key: string): key is keyof CookiePrefs {
  return (PREF_KEYS as string[]).includes(key);
}

/** A pref from untrusted text (a cookie, a form), or undefined when the text is not a valid value. */
export function parsePref<K extends keyof CookiePrefs>(key: K, raw: string | undefined): CookiePrefs[K] | undefined {
  return parsers[key](raw);
}

/**
 * A Cookie header (or `document.cookie`) as a map, parsed by the `cookie` package: the first of a
 * repeated name wins and a malformed percent-escape keeps its raw text rather than throwing.
 */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(parseCookie(header ?? ""))) if (value !== undefined) out.set(name, value);
  return out;
}

const read = <K extends keyof CookiePrefs>(cookies: Map<string, string>, key: K): CookiePrefs[K] =>
  parsePref(key, cookies.get(COOKIE_NAMES[key])) ?? COOKIE_DEFAULTS[key];

/** The cookie preferences of a request; a missing or foreign value reads as its default. */
export function readCookiePrefs(cookies: Map<string, string>): CookiePrefs {
  return {
    language: read(cookies, "language"),
    unit: read(cookies, "unit"),
    showAsset: read(cookies, "showAsset"),
    theme: read(cookies, "theme"),
    valuationUnit: read(cookies, "valuationUnit"),
    layout: read(cookies, "layout"),
  };
}

/**
 * A cookie value for one pref: path /, 365 days, readable by scripts (preferences, not secrets),
 * Secure when the page came over https.
 */
export function serializePrefCookie<K extends keyof CookiePrefs>(key: K, value: CookiePrefs[K], secure = false): string {
  return serializeCookie(COOKIE_NAMES[key], String(value), { path: "/", maxAge: PREF_COOKIE_MAX_AGE_S, sameSite: "lax", secure });
}

/** The Set-Cookie value for a pref given as untrusted text (a form field), or undefined when invalid. */
export function prefCookieFromText(name: string, raw: string, secure = false): string | undefined {
  if (!isPrefKey(name)) return undefined;
  const value = parsePref(name, raw);
  return value === undefined ? undefined : serializePrefCookie(name, value, secure);
}
