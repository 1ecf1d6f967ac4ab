import { findLocale, DEFAULT_LOCALE } from "../../../protocol/locales";

/** Cookie preferences of SPEC.md §3 (365 days). Names are ours; the spec names only the meaning. */
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
  showAsset: false,
  theme: "white",
  valuationUnit: "1",
  layout: "right",
};

function oneOf<T extends string>(allowed: readonly T[], raw: string | undefined): T | undefined {
  return (allowed as readonly string[]).includes(raw ?? "") ? (raw as T) : undefined;
}

/** Each parser takes the raw cookie value and returns the pref, or the default for anything foreign. */
const parsers: { [K in keyof CookiePrefs]: (raw: string | undefined) => CookiePrefs[K] } = {
  language: (raw) => findLocale(raw)?.key ?? COOKIE_DEFAULTS.language,
  unit: (raw) => (raw && /^[A-Z]{3,5}$/.test(raw) ? raw : COOKIE_DEFAULTS.unit),
  showAsset: (raw) => (raw === "true" ? true : raw === "false" ? false : COOKIE_DEFAULTS.showAsset),
  theme: (raw) => oneOf(THEMES, raw) ?? COOKIE_DEFAULTS.theme,
  valuationUnit: (raw) => oneOf(VALUATION_UNITS, raw) ?? COOKIE_DEFAULTS.valuationUnit,
  layout: (raw) => oneOf(LAYOUTS, raw) ?? COOKIE_DEFAULTS.layout,
};

/** Splits a Cookie header; malformed percent-escapes keep the raw text rather than throwing. */
export function parseCookieHeader(header: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (out.has(name)) continue;
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

export function readCookiePrefs(cookies: Map<string, string>): CookiePrefs {
  return {
    language: parsers.language(cookies.get(COOKIE_NAMES.language)),
    unit: parsers.unit(cookies.get(COOKIE_NAMES.unit)),
    showAsset: parsers.showAsset(cookies.get(COOKIE_NAMES.showAsset)),
    theme: parsers.theme(cookies.get(COOKIE_NAMES.theme)),
    valuationUnit: parsers.valuationUnit(cookies.get(COOKIE_NAMES.valuationUnit)),
    layout: parsers.layout(cookies.get(COOKIE_NAMES.layout)),
  };
}

/** A Set-Cookie value for one pref, path / and 365 days. */
export function serializePrefCookie<K extends keyof CookiePrefs>(key: K, value: CookiePrefs[K]): string {
  return `${COOKIE_NAMES[key]}=${encodeURIComponent(String(value))}; Path=/; Max-Age=${PREF_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}
