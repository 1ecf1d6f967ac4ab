import { useCallback } from "react";
import { formatDateTime } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/** Formats epoch ms as a date and time for the page's locale (its BCP 47 tag, not the locale key). */
export function useDateTime(): (ms: number) => string {
  const { intl } = usePagePrefs();
  return useCallback((ms: number) => formatDateTime(ms, intl), [intl]);
}
