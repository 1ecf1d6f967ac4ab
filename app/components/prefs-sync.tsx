import { useEffect } from "react";
import { useRootData } from "~/lib/root-data";
import { localPrefs } from "~/lib/prefs/local-prefs";
import { prefOverlay } from "~/lib/prefs/pref-overlay";
import { useRatesRefresh } from "~/lib/prefs/page-rates";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/**
 * Keeps the local-storage copies of theme, locale and picked currency (docs/product.md) equal to the
 * cookies the server rendered with, lets the server's values take over from this page's
 * pending choices once they agree, and keeps the page's rates fresh. Renders nothing.
 */
export function PrefsSync() {
  const prefs = usePagePrefs();
  const data = useRootData();
  const picked = data?.currencyPicked ?? false;
  useRatesRefresh();
  useEffect(() => {
    if (!data) return;
    const server = {
      language: data.locale,
      unit: data.currency,
      showAsset: String(data.showAsset),
      theme: data.theme,
      valuationUnit: data.valuationUnit,
      layout: data.layout,
    } as const;
    for (const [key, value] of Object.entries(server)) prefOverlay.drop(key as keyof typeof server, value);
  }, [data]);
  useEffect(() => {
    const store = localPrefs();
    store.set("globalTheme", prefs.theme);
    store.set("globalLocale", prefs.locale);
    if (picked) store.set("fiatName", prefs.currency);
  }, [prefs.theme, prefs.locale, prefs.currency, picked]);
  return null;
}
