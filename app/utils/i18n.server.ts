import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LOCALE, LOCALES } from "../../protocol/locales";
import { i18nOptions } from "~/lib/i18n/instance";
import { resourcesFor } from "~/lib/i18n/resources.server";
import { requestedLocale } from "./prefs.server";

/**
 * The server's locale detection and i18next instances. The order is ours (docs/decisions/008):
 * the path prefix, then the `language` cookie, then English; remix-i18next matches the answer
 * against the 24 locale keys and falls back.
 */
export const i18nServer = new RemixI18Next({
  detection: {
    // A base key before its regional ones, so `en` stays `en` (and `pt` stays `pt`).
    supportedLanguages: LOCALES.map((l) => l.key),
    fallbackLanguage: DEFAULT_LOCALE,
    order: ["custom"],
    findLocale: async (request) => requestedLocale(request),
  },
});

/** The locale key of a request: one of the 24, English when it asks for none. */
export function localeOf(request: Request): Promise<string> {
  return i18nServer.getLocale(request);
}

/** One instance per locale key (at most the 24): a render only reads it, never changes its language or texts. */
const INSTANCES = new Map<string, Promise<i18n>>();

/**
 * The i18next instance a server render uses, set up the way remix-i18next's entry.server does:
 * the detected locale, its texts and English beneath, the browser's options. Made once per locale
 * and shared by every render (docs/decisions/607): creating one per request was a few percent of
 * each render.
 */
export function serverI18n(localeKey: string): Promise<i18n> {
  const { locale, resources } = resourcesFor(localeKey);
  const kept = INSTANCES.get(locale);
  if (kept) return kept;
  const instance = createInstance();
  const ready = instance
    .use(initReactI18next)
    .init(i18nOptions(locale, resources))
    .then(() => instance);
  INSTANCES.set(locale, ready);
  ready.catch(() => INSTANCES.delete(locale));
  return ready;
}
