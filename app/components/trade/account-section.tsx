import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import type { AccountView } from "~/lib/trade/account-feed";
import type { Market } from "~/lib/trade/market";
import { BalancesTable } from "./balances-table";
import { FillsTable, HistoryTable, OpenOrdersTable, PlanOrdersTable } from "./order-tables";
import { Tabs } from "~/components/ui/tabs";

/** Below the market: the user's open orders, order history, fills and balances, kept live. */
export function AccountSection({
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
  if (!view) return <GuestPanel id="account-title" title={t("account.title")} loginTo={loginTo} />;
  const count = view.openOrders.state === "ready" ? view.openOrders.data.length : 0;
  return (
    <section className="card account-section" aria-labelledby="account-title">
      <h2 id="account-title">{t("account.title")}</h2>
      {view.stream === "unauthorized" && (
        <p role="alert" className="notice error">
          {t("stream.accountOffline")}
        </p>
      )}
      <Tabs
        label={t("account.title")}
        tabs={[
          {
            id: "open",
            label: t("account.openOrders", { count }),
            panel: () => <OpenOrdersTable orders={view.openOrders} market={market} onChanged={onChanged} onCancelling={onCancelling} />,
          },
          {
            id: "plans",
            label: t("spot.plans.tab", { count: view.plans.state === "ready" ? view.plans.data.length : 0 }),
            panel: () => <PlanOrdersTable plans={view.plans} market={market} onChanged={onChanged} />,
          },
          { id: "history", label: t("account.history"), panel: () => <HistoryTable orders={view.history} market={market} /> },
          { id: "fills", label: t("account.fills"), panel: () => <FillsTable fills={view.fills} market={market} /> },
          {
            id: "balances",
            label: t("account.balances"),
            panel: () => <BalancesTable balances={view.balances} market={market} demo={demo} onChanged={onChanged} />,
          },
        ]}
      />
    </section>
  );
}

/** The account panels' place for a guest: their title and the way in. */
export function GuestPanel({ id, title, loginTo }: { id: string; title: string; loginTo: string }) {
  const { t } = useTranslation("trade");
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
