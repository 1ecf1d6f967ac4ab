import { dateTimeFormat } from "~/lib/i18n/formatters";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

const STYLES: Record<"time" | "datetime", Intl.DateTimeFormatOptions> = {
  time: { timeStyle: "medium" },
  datetime: { dateStyle: "short", timeStyle: "medium" },
};

export function formatTime(ms: number, intl: string, style: "time" | "datetime" = "datetime"): string {
  return Number.isFinite(ms) ? dateTimeFormat(intl, STYLES[style]).format(ms) : "—";
}

/**
 * A time in the reader's own time zone. The server renders it in its zone, so the first paint
 * may differ from the browser's: that one text is allowed to, and the next render corrects it.
 */
export function TimeText({ ms, style = "datetime" }: { ms: number; style?: "time" | "datetime" }) {
  const { intl } = usePagePrefs();
  if (!Number.isFinite(ms)) return <>—</>;
  return (
    <time dateTime={new Date(ms).toISOString()} suppressHydrationWarning>
      {formatTime(ms, intl, style)}
    </time>
  );
}
