import { useLocation, useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { findLocale } from "../../../protocol/locales";
import { useRootData } from "~/lib/root-data";
import { showToast } from "~/lib/toast";
import { splitLocalePath, switchLocalePath } from "~/lib/i18n/locale-path";
import { parsePref, type CookiePrefs } from "./cookie-prefs";
import { prefOverlay } from "./pref-overlay";

export interface PagePrefs extends Omit<CookiePrefs, "unit" | "language"> {
  locale: string;
  intl: string;
  dir: "ltr" | "rtl";
  currency: string;
  /** The language being switched to while its texts load, else the page's. */
  languageChoice: string;
}

/**
 * The page's preferences: the root loader's, overlaid with this page's own newer choices, so a
 * switch shows at once and the reload after it renders the same.
 */
export function usePagePrefs(): PagePrefs {
  const data = useRootData();
  useSyncExternalStore(prefOverlay.subscribe, prefOverlay.version, () => 0);
  const next = <K extends keyof CookiePrefs>(key: K): CookiePrefs[K] | undefined => parsePref(key, prefOverlay.get(key));
  const locale = findLocale(data?.locale) ?? findLocale("en")!;
  return {
    locale: locale.key,
    intl: locale.intl,
    dir: locale.dir,
    theme: next("theme") ?? data?.theme ?? "white",
    layout: next("layout") ?? data?.layout ?? "right",
    showAsset: next("showAsset") ?? data?.showAsset ?? true,
    valuationUnit: next("valuationUnit") ?? data?.valuationUnit ?? "1",
    currency: next("unit") ?? data?.currency ?? locale.currency,
    languageChoice: next("language") ?? locale.key,
  };
}

/**
 * Saves one preference: shown at once, posted to /prefs (which validates it again), then the
 * page's loaders revalidate so server-made parts (texts of a new language) follow. A prefixed
 * address moves to the new language's prefix. A failed save is undone with a message.
 */
export function useSetPref(): (key: keyof CookiePrefs, value: string) => void {
  const { t } = useTranslation("settings");
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { pathname, search } = useLocation();
  return useCallback(
    (key, value) => {
      prefOverlay.set(key, value);
      if (key === "language" && splitLocalePath(pathname).prefix) {
        navigate(switchLocalePath(pathname, value) + search, { replace: true, preventScrollReset: true });
      }
      fetch("/prefs", { method: "POST", body: new URLSearchParams({ [key]: value }), credentials: "same-origin" })
        .then((res) => {
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          revalidator.revalidate();
        })
        .catch(() => {
          prefOverlay.drop(key, value);
          showToast(t("failed"));
        });
    },
    [t, navigate, revalidator, pathname, search],
  );
}
