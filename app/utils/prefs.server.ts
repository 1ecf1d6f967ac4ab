import { findLocale, localeOrDefault, type LocaleInfo } from "../../protocol/locales";
import { COOKIE_NAMES, parseCookieHeader, parsePref, readCookiePrefs, type CookiePrefs, type Theme } from "~/lib/prefs/cookie-prefs";
import { splitLocalePath } from "~/lib/i18n/locale-path";

export interface RequestPrefs extends CookiePrefs {
  /** The locale key from the first path segment, when the path carries one. */
  localePrefix: string | null;
  locale: LocaleInfo;
  /** The fiat valuations are shown in: the user's pick, else the locale's default (docs/product.md). */
  currency: string;
  /** Whether the currency is the user's own pick (the `unit` cookie is set). */
  currencyPicked: boolean;
}

/** The `appTheme` query (dark/light) beats the stored theme (docs/product.md). */
function themeFromQuery(url: URL): Theme | null {
  const q = url.searchParams.get("appTheme");
  return q === "dark" ? "black" : q === "light" ? "white" : null;
}

/**
 * The locale a request asks for: its path prefix, else a valid `language` cookie, else null (the
 * caller's fallback, English). Unprefixed pages never follow Accept-Language, so one address
 * renders one language for every visitor and cache (docs/decisions/008).
 */
export function requestedLocale(request: Request): string | null {
  const { prefix } = splitLocalePath(new URL(request.url).pathname);
  return prefix ?? parsePref("language", parseCookieHeader(request.headers.get("Cookie")).get(COOKIE_NAMES.language)) ?? null;
}

/** Preferences for SSR: path prefix beats the language cookie; foreign values fall back to defaults. */
export function prefsFromRequest(request: Request): RequestPrefs {
  const url = new URL(request.url);
  const cookies = parseCookieHeader(request.headers.get("Cookie"));
  const prefs = readCookiePrefs(cookies);
  const { prefix } = splitLocalePath(url.pathname);
  const locale = localeOrDefault(requestedLocale(request));
  const currencyPicked = /^[A-Z]{3,5}$/.test(cookies.get(COOKIE_NAMES.unit) ?? "");
  return {
    ...prefs,
    language: locale.key,
    locale,
    theme: themeFromQuery(url) ?? prefs.theme,
    localePrefix: prefix ? (findLocale(prefix)?.key ?? null) : null,
    currency: currencyPicked ? prefs.unit : locale.currency,
    currencyPicked,
  };
}
