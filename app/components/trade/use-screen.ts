import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { BRAND } from "~/lib/i18n/meta";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { useRootData } from "~/lib/root-data";
import { useMarketViews } from "./use-feeds";

/**
 * What the spot, margin and futures screens read first (docs/decisions/704, 705, 707): their texts,
 * the reader's number format, the user (null for a guest) and the market's book, trades and ticker now.
 */
export function useScreen<B, T, K>(feeds: Parameters<typeof useMarketViews<B, T, K>>[0]) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const user = useRootData()?.user ?? null;
  return { t, intl, user, ...useMarketViews(feeds) };
}

/** The live price in the tab's title, as the route's meta writes it for the first paint. */
export function useLiveTitle(last: string | undefined, title: string): void {
  useEffect(() => {
    if (last) document.title = `${last} | ${title} | ${BRAND}`;
  }, [last, title]);
}
