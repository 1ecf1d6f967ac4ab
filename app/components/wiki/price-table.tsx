import { useTranslation } from "react-i18next";
import type { CoinView } from "~/lib/wiki/market-view";
import { LocaleLink } from "~/components/locale-link";
import { DataTable, type Column } from "~/components/ui/data-table";
import { Change, CoinIcon } from "./market-values";

/** /wiki/page: every coin's market in one table; a coin without a market says so. */
export function PriceTable({ coins }: { coins: readonly CoinView[] }) {
  const { t } = useTranslation("wiki");
  const columns: ReadonlyArray<Column<CoinView>> = [
    {
      header: t("market.coin"),
      rowHeader: true,
      cell: (c) => (
        <LocaleLink to={`/wiki/${c.article}`}>
          <CoinIcon coin={c} size={20} /> {c.name} <span className="muted">{c.coin}</span>
        </LocaleLink>
      ),
    },
    { header: t("market.price"), num: true, cell: (c) => c.market?.price },
    { header: t("market.change24h"), num: true, cell: (c) => c.market && <Change value={c.market.change} trend={c.market.trend} /> },
    { header: t("market.high24h"), num: true, cell: (c) => c.market?.high },
    { header: t("market.low24h"), num: true, cell: (c) => c.market?.low },
    { header: t("market.volumeQuote"), num: true, cell: (c) => c.market?.volume },
  ];
  return (
    <DataTable
      rows={coins}
      columns={columns}
      rowKey={(c) => c.article}
      className="price-table"
      caption={t("prices.caption")}
      missing={(c) => (c.market ? undefined : t("market.noMarket", { coin: c.coin }))}
    />
  );
}
