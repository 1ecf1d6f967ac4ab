import { memo } from "react";
import { useTranslation } from "react-i18next";
import { AccountPanels, readyCount } from "~/components/trade/account-section";
import { AsyncView } from "~/components/trade/async-view";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatCoin } from "~/lib/i18n/format";
import type { MarginAccountState } from "~/lib/margin/account-feed";
import type { MarginAsset, MarginMode } from "~/lib/margin/api";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { Market } from "~/lib/trade/market";
import { MarginOpenOrders, MarginOrderHistory, MarginRecords } from "./margin-tables";

/** What the panels are told of the account: its state, and how to say the trader changed something. */
export type MarginAccountView = MarginAccountState & { refresh: () => void; afterAction: () => void; version: number };

/** Below the market: open orders, order history, loans, repayments, interest and the pair's margin assets. */
export const MarginPanels = memo(function MarginPanels({
  view,
  mode,
  market,
  loginTo,
}: {
  view: MarginAccountView | undefined;
  mode: MarginMode;
  market: Market;
  loginTo: string;
}) {
  const { t } = useTranslation("trade");
  const tabs = view && [
    {
      id: "open",
      label: t("account.openOrders", { replace: { count: readyCount(view.orders) } }),
      panel: () => <MarginOpenOrders orders={view.orders} mode={mode} onChanged={view.afterAction} />,
    },
    {
      id: "history",
      label: t("account.history"),
      panel: () => <MarginOrderHistory mode={mode} symbol={market.symbol} version={view.version} />,
    },
    { id: "loans", label: t("margin.panels.loans"), panel: () => <MarginRecords mode={mode} kind="borrow" version={view.version} /> },
    { id: "repays", label: t("margin.panels.repays"), panel: () => <MarginRecords mode={mode} kind="repay" version={view.version} /> },
    {
      id: "interest",
      label: t("margin.panels.interest"),
      panel: () => <MarginRecords mode={mode} kind="interest" version={view.version} />,
    },
    { id: "assets", label: t("margin.panels.assets"), panel: () => <PairAssets view={view} market={market} /> },
  ];
  return (
    <AccountPanels
      id="margin-account-title"
      title={t("margin.panels.title")}
      loginTo={loginTo}
      tabs={tabs}
      offline={view?.stream === "unauthorized"}
    />
  );
});

/** The pair's two coins in the margin account: what is there, free, owed and its interest. */
function PairAssets({ view, market }: { view: MarginAccountView; market: Market }) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const n = (v: string, a: MarginAsset) => formatCoin(v, a.coin, intl);
  const columns: Array<Column<MarginAsset>> = [
    { header: t("account.coin"), rowHeader: true, cell: (a) => a.coin },
    { header: t("margin.assets.total"), num: true, cell: (a) => n(a.totalAmount, a) },
    { header: t("account.available"), num: true, cell: (a) => n(a.available, a) },
    { header: t("account.frozen"), num: true, cell: (a) => n(a.frozen, a) },
    { header: t("margin.assets.borrowed"), num: true, cell: (a) => n(a.borrow, a), testId: (a) => `margin-borrowed-${a.coin}` },
    { header: t("margin.assets.interest"), num: true, cell: (a) => n(a.interest, a), testId: (a) => `margin-interest-${a.coin}` },
    { header: t("margin.assets.net"), num: true, cell: (a) => n(a.net, a) },
  ];
  const mine = (list: readonly MarginAsset[]) =>
    [market.base, market.quote].map(
      (coin) =>
        list.find((a) => a.coin === coin) ?? { coin, totalAmount: "0", available: "0", frozen: "0", borrow: "0", interest: "0", net: "0" },
    );
  return (
    <AsyncView value={view.assets} empty="">
      {(list) => <DataTable rows={mine(list)} columns={columns} rowKey={(a) => a.coin} className="compact" testId="margin-assets" />}
    </AsyncView>
  );
}
