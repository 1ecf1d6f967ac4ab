import { useTranslation } from "react-i18next";
import { ScreenBook, type MarketLive } from "~/components/trade/screen-parts";
import { RecentTrades } from "~/components/trade/recent-trades";
import { Tabs } from "~/components/ui/tabs";
import type { Market } from "~/lib/trade/market";

const NO_ORDERS: never[] = [];

/**
 * The market of a phone screen: the live book (a tap on a row fills the order sheet) and the
 * recent trades, one at a time under tabs, the desktop screen's own components in one column.
 */
export function PhoneMarket({
  market,
  live,
  openOrders = NO_ORDERS,
}: {
  market: Market;
  live: MarketLive;
  openOrders?: ReadonlyArray<{ orderType: string; side: string; priceAvg: string }>;
}) {
  const { t } = useTranslation("phone");
  return (
    <section className="card phone-market" aria-label={t("market.label")}>
      <Tabs
        label={t("market.label")}
        tabs={[
          {
            id: "book",
            label: t("market.book"),
            panel: () => (
              <ScreenBook
                book={live.book}
                market={market}
                openOrders={openOrders}
                unit={live.unit}
                ticker={live.ticker}
                trades={live.trades}
                onPick={live.onPick}
              />
            ),
          },
          { id: "trades", label: t("market.trades"), panel: () => <RecentTrades trades={live.trades} market={market} /> },
        ]}
      />
    </section>
  );
}
