import i18next, { type BackendModule, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { startTransition } from "react";
import { whenIdle } from "~/lib/scheduling/idle";
import { afterHydration } from "~/lib/scheduling/hydration-gate";
import { DEFAULT_LOCALE } from "../../../protocol/locales";
import { createI18n, i18nOptions } from "./instance";

type Resources = Record<string, Record<string, Record<string, unknown>>>;

/** Every locale's namespace files, each its own chunk: the browser fetches one only when it needs it. */
const FILES = import.meta.glob<Record<string, unknown>>("../../locales/*/*.json", { import: "default" });

const fileOf = (language: string, namespace: string) => FILES[`../../locales/${language}/${namespace}.json`];

/**
 * Loads a namespace the page was not sent (docs/decisions/725), for the page's locale and English
 * only: the server falls back from a locale straight to English, so the browser must not put another
 * language in between (`pt` under `pt-PT`, i18next's default), or its words would differ at hydration.
 */
function lazyTexts(locale: string): BackendModule {
  const languages = new Set([locale, DEFAULT_LOCALE]);
  return {
    type: "backend",
    init() {},
    read(language, namespace, callback) {
      const load = languages.has(language) ? fileOf(language, namespace) : undefined;
      if (!load) {
        callback(null, {});
        return;
      }
      // i18next announces the texts (`loaded`) inside the callback, and every `useTranslation` bound to it
      // renders again: as a transition, which React lets wait for a panel still hydrating instead of
      // throwing that panel's server markup away (docs/decisions/725).
      load().then(
        (texts) => startTransition(() => callback(null, texts)),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}

/** Every namespace there is for a locale (from the file names). */
function namespacesOf(locale: string): string[] {
  const prefix = `../../locales/${locale}/`;
  return Object.keys(FILES)
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length, -".json".length));
}

/** One instance per locale for the life of the page, so texts loaded once stay loaded. */
const INSTANCES = new Map<string, i18n>();

/**
 * The browser's i18next for a locale, started synchronously from the texts the root loader sent (so
 * hydration sees the server's words). A namespace the page was not sent is loaded when a component
 * asks for it: `useTranslation` suspends until it is there, and a client navigation (a transition)
 * keeps the old page until then, so no key is ever shown. When the browser is idle after hydration,
 * and every late panel has hydrated, the locale's other namespaces are loaded too, so a dialog
 * opened later finds its texts ready; their arrival re-renders in a transition.
 * Texts a later root answer carries are added to the same instance.
 */
export function browserI18n(locale: string, resources: Resources): i18n {
  if (typeof window === "undefined") return createI18n(locale, resources);
  const kept = INSTANCES.get(locale);
  if (kept) {
    for (const [language, bundles] of Object.entries(resources))
      for (const [namespace, texts] of Object.entries(bundles))
        if (!kept.hasResourceBundle(language, namespace)) kept.addResourceBundle(language, namespace, texts);
    return kept;
  }
  const instance = i18next.createInstance();
  void instance
    .use(lazyTexts(locale))
    .use(initReactI18next)
    .init({
      ...i18nOptions(locale, resources),
      partialBundledLanguages: true,
      // a component that reads another namespace by prefix (`t("ns:key")`) renders again once it is loaded
      react: { bindI18n: "languageChanged loaded" },
    });
  INSTANCES.set(locale, instance);
  // …and not before the trading screens' late panels have hydrated (hydration-gate.ts).
  whenIdle(
    () =>
      afterHydration(() => {
        const missing = namespacesOf(locale).filter((ns) => !instance.hasResourceBundle(locale, ns));
        if (missing.length > 0) void instance.loadNamespaces(missing);
      }),
    5_000,
  );
  return instance;
}
