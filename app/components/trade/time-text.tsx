import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

const formats = new Map<string, Intl.DateTimeFormat>();

export function formatTime(ms: number, intl: string, style: "time" | "datetime" = "datetime"): string {
  return Number.isFinite(ms) ? formatter(intl, style).format(ms) : "—";
}

function formatter(intl: string, style: "time" | "datetime"): Intl.DateTimeFormat {
  const key = `${intl}|${style}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intl, style === "time" ? { timeStyle: "medium" } : { dateStyle: "short", timeStyle: "medium" });
    formats.set(key, f);
  }
  return f;
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
