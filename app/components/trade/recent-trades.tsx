import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { Market } from "~/lib/trade/market";
import type { PublicTrade } from "~/lib/trade/market-data";
import { DataTable, type Column } from "~/components/ui/data-table";
import { TimeText } from "./time-text";

/** The latest trades of the pair, newest first; the side is said in words, not only in colour. */
export function RecentTrades({ trades, market }: { trades: readonly PublicTrade[]; market: Market }) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const columns: ReadonlyArray<Column<PublicTrade>> = [
    {
      header: t("book.price", { coin: market.quote }),
      cellClass: (tr) => (tr.side === "buy" ? "up" : "down"),
      cell: (tr) => (
        <>
          <span className="visually-hidden">{t(`side.${tr.side}`)} </span>
          {formatNumber(tr.price, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision })}
        </>
      ),
    },
    {
      header: t("book.amount", { coin: market.base }),
      num: true,
      cell: (tr) => formatNumber(tr.size, intl, { maxDigits: market.quantityPrecision }),
    },
    { header: t("trades.time"), num: true, cellClass: "num muted", cell: (tr) => <TimeText ms={Number(tr.ts)} style="time" /> },
  ];
  return (
    <section
      className="card trade-card trades"
      id="spot-trades"
      data-slot="book"
      aria-labelledby="trades-title"
      data-testid="recent-trades"
    >
      <h2 id="trades-title">{t("trades.title")}</h2>
      {trades.length === 0 ? (
        <p className="muted">{t("trades.empty")}</p>
      ) : (
        <DataTable rows={trades} columns={columns} rowKey={(tr) => tr.tradeId} className="compact" />
      )}
    </section>
  );
}
