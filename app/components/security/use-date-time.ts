import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/** Formats epoch ms as a date and time in the page's language. */
export function useDateTime(): (ms: number) => string {
  const { i18n } = useTranslation();
  return useCallback((ms: number) => new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(ms), [i18n.language]);
}
