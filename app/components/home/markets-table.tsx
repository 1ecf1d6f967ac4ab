import { useTranslation } from "react-i18next";
import type { SpotTicker } from "../../../protocol/bitget";
import { LocaleLink } from "~/components/locale-link";
import { DataTable, type Column } from "~/components/ui/data-table";
import { spotPath } from "~/lib/trade/paths";
import { formatMoney, formatNumber, formatPercent } from "~/lib/i18n/format";
import { usePageRates } from "~/lib/prefs/page-rates";
import { usdtIn } from "~/lib/prefs/rates";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/** The ticker fields the table shows (Bitget's spot ticker). */
export type MarketTicker = Pick<SpotTicker, "symbol" | "lastPr" | "change24h" | "high24h" | "low24h" | "quoteVolume">;

/** The spot markets with their last price also shown in the user's currency. */
export function MarketsTable({ tickers }: { tickers: readonly MarketTicker[] }) {
  const { t } = useTranslation("common");
  const { intl, currency } = usePagePrefs();
  const rates = usePageRates();
  const columns: ReadonlyArray<Column<MarketTicker>> = [
    { header: t("home.pair"), rowHeader: true, cell: (tk) => <LocaleLink to={spotPath(tk.symbol)}>{tk.symbol}</LocaleLink> },
    { header: t("home.lastPrice"), num: true, cell: (tk) => formatNumber(tk.lastPr, intl) },
    {
      header: t("home.priceIn", { currency }),
      num: true,
      testId: (tk) => `fiat-${tk.symbol}`,
      cell: (tk) => {
        const fiat = usdtIn(tk.lastPr, currency, rates);
        return fiat === undefined ? "—" : formatMoney(fiat, currency, intl);
      },
    },
    {
      header: t("home.change24h"),
      num: true,
      cellClass: (tk) => `num ${tk.change24h.startsWith("-") ? "down" : "up"}`,
      cell: (tk) => formatPercent(tk.change24h, intl),
    },
    { header: t("home.high24h"), num: true, cell: (tk) => formatNumber(tk.high24h, intl) },
    { header: t("home.low24h"), num: true, cell: (tk) => formatNumber(tk.low24h, intl) },
    { header: t("home.volume24h"), num: true, cell: (tk) => formatNumber(tk.quoteVolume, intl, { maxDigits: 0 }) },
  ];
  return (
    <section aria-labelledby="markets-title" className="card">
      <h2 id="markets-title">{t("home.marketsTitle")}</h2>
      <DataTable rows={tickers} columns={columns} rowKey={(tk) => tk.symbol} />
    </section>
  );
}
