import { memo } from "react";
import { useTranslation } from "react-i18next";
import type { Async } from "~/lib/async-state";
import { LocaleLink } from "~/components/locale-link";
import type { AccountView } from "~/lib/trade/account-feed";
import type { Market } from "~/lib/trade/market";
import { BalancesTable } from "./balances-table";
import { FillsTable, HistoryTable, OpenOrdersTable, PlanOrdersTable } from "./order-tables";
import { Tabs, type Tab } from "~/components/ui/tabs";

/**
 * Below the market: the user's open orders, order history, fills and balances, kept live.
 * Memoised: the market stream's frames do not render it again unless the account changed.
 */
export const AccountSection = memo(function AccountSection({
  view,
  market,
  demo,
  onChanged,
  onCancelling,
  loginTo,
}: {
  view: AccountView | undefined;
  market: Market;
  demo: boolean;
  onChanged: () => void;
  onCancelling: (orderIds: readonly string[]) => void;
  loginTo: string;
}) {
  const { t } = useTranslation("trade");
  const tabs = view && [
    {
      id: "open",
      label: t("account.openOrders", { replace: { count: readyCount(view.openOrders) } }),
      panel: () => <OpenOrdersTable orders={view.openOrders} market={market} onChanged={onChanged} onCancelling={onCancelling} />,
    },
    {
      id: "plans",
      label: t("spot.plans.tab", { replace: { count: readyCount(view.plans) } }),
      panel: () => <PlanOrdersTable plans={view.plans} market={market} onChanged={onChanged} />,
    },
    { id: "history", label: t("account.history"), panel: () => <HistoryTable orders={view.history} market={market} /> },
    { id: "fills", label: t("account.fills"), panel: () => <FillsTable fills={view.fills} market={market} /> },
    {
      id: "balances",
      label: t("account.balances"),
      panel: () => <BalancesTable balances={view.balances} market={market} demo={demo} onChanged={onChanged} />,
    },
  ];
  return (
    <AccountPanels id="account-title" title={t("account.title")} loginTo={loginTo} tabs={tabs} offline={view?.stream === "unauthorized"} />
  );
});

/** How many items a loaded list holds, for a tab's label; none while it loads or failed. */
/**
 * A tab's count: the list's length once read, an ellipsis until then (never a false zero,
 * docs/decisions/716), a dash if it failed. Passed as `replace`, since it is not always a number.
 */
export const readyCount = (list: Async<readonly unknown[]>): number | string =>
  list.state === "ready" ? list.data.length : list.state === "error" ? "—" : "…";

/**
 * The account panels below the market (spot and futures): a card of tabs named by its heading,
 * with a notice over the tabs while the account's stream refuses the session (`offline`); for a
 * guest (no `tabs`), the title and the way in.
 */
export function AccountPanels({
  id,
  title,
  loginTo,
  tabs,
  offline = false,
}: {
  id: string;
  title: string;
  loginTo: string;
  tabs: readonly Tab[] | undefined;
  offline?: boolean;
}) {
  const { t } = useTranslation("trade");
  if (tabs) {
    return (
      <section className="card account-section" aria-labelledby={id}>
        <h2 id={id}>{title}</h2>
        {offline && (
          <p role="alert" className="notice error">
            {t("stream.accountOffline")}
          </p>
        )}
        <Tabs label={title} tabs={tabs} />
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>
        {t("account.guest")} <LocaleLink to={loginTo}>{t("form.login")}</LocaleLink>
        {" · "}
        <LocaleLink to="/register">{t("form.register")}</LocaleLink>
      </p>
    </section>
  );
}
