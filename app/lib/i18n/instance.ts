import i18next, { type i18n, type InitOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE } from "../../../protocol/locales";

/**
 * One i18next instance per render (server) or per locale (browser), initialised synchronously
 * from resources the loader sent, so the first paint is already translated.
 */
export function createI18n(locale: string, resources: Record<string, Record<string, Record<string, unknown>>>): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init(i18nOptions(locale, resources));
  return instance;
}

/** The options of every instance, the server's (made by remix-i18next) and the browser's alike. */
export function i18nOptions(locale: string, resources: Record<string, Record<string, Record<string, unknown>>>): InitOptions {
  return {
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources,
    // Every namespace the loader sent (common plus one file per feature area).
    ns: [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))],
    defaultNS: "common",
    initImmediate: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}
