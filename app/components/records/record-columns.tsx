import { useTranslation } from "react-i18next";
import { TimeText } from "~/components/trade/time-text";
import type { Column } from "~/components/ui/data-table";
import { formatCoin, formatNumber } from "~/lib/i18n/format";
import { numberFormat } from "~/lib/i18n/formatters";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { coinOf, fieldOf, quoteSized, recordKey, type RecordField, type RecordRow } from "~/lib/records/source";

/**
 * The table columns of a source's fields, for the reader's locale: times in their zone, amounts at
 * their coin's display precision (docs/decisions/715; a market buy's size names its quote coin),
 * other numbers (prices, rates) as the gateway sends them, with the locale's separators, and sides
 * and Bitget's codes in words where the `records` namespace has them and as sent otherwise.
 */
export function useRecordColumns(fields: readonly RecordField[]): Array<Column<RecordRow>> {
  const { t } = useTranslation("records");
  const { intl } = usePagePrefs();
  return fields.map((f, i) => ({
    header: t(recordKey("field", f.label)),
    num: f.kind === "number" || f.kind === "percent",
    rowHeader: i === 0,
    testId: () => `record-${f.path}`,
    cell: (row: RecordRow) => {
      const v = fieldOf(row, f.path);
      if (v === "") return "—";
      switch (f.kind) {
        case "time":
          return <TimeText ms={Number(v)} />;
        case "number": {
          const n = f.abs ? v.replace(/^-/, "") : v;
          const coin = coinOf(row, f);
          if (!coin) return formatNumber(n, intl, { maxDigits: 12 });
          const text = formatCoin(n, coin, intl);
          return f.coin === "orderSize" && quoteSized(row) ? `${text} ${coin}` : text;
        }
        case "percent":
          return numberFormat(intl, { style: "percent", maximumFractionDigits: 2 }).format(v as Intl.StringNumericLiteral);
        case "side":
          return <span className={v === "buy" ? "up" : "down"}>{t(`side.${v}`, { defaultValue: v })}</span>;
        case "code":
          // the records namespace's words, then the copy statements' (`detached`: a copy kept at unfollow)
          return t([`code.${v}`, `copyrec:code.${v}`], { defaultValue: v });
        default:
          return v;
      }
    },
  }));
}
