import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/tabs";

const MOBILE_TABS = ["chart", "book", "trade"] as const;
type MobileTab = (typeof MOBILE_TABS)[number];
/** What each phone tab shows: the ids of the slots below (the book and trades carry theirs). */
const SLOTS: Record<MobileTab, string> = {
  chart: "trade-chart",
  book: "spot-book spot-trades",
  trade: "trade-order trade-account",
};

/** One button of the phone's sticky bar: its label and what choosing it sets on the form. */
interface StickySide {
  label: string;
  pick(): void;
}

/**
 * A trading screen's frame, the same for every product: the head, the phone's tabs, the market's
 * chart, book and trades, the account panels, the order form beside them and the phone's sticky
 * buy/sell bar. `stickyBar` gets a function that switches the phone to the form.
 */
export function TradeLayout({
  testId,
  className = "",
  head,
  market,
  account,
  form,
  formLabel,
  sides,
}: {
  testId: string;
  className?: string;
  head: ReactNode;
  /** The chart, book and trades of the market: `MarketPanes`. */
  market: ReactNode;
  account: ReactNode;
  form: ReactNode;
  formLabel: string;
  sides: { buy: StickySide; sell: StickySide };
}) {
  const { t } = useTranslation("trade");
  const [mobileTab, setMobileTab] = useState<MobileTab>("chart");
  const toForm = () => {
    setMobileTab("trade");
    requestAnimationFrame(() => document.getElementById("order-quantity")?.focus());
  };
  return (
    <div className={`trade-page ${className}`.trim()} data-testid={testId} data-mobile-tab={mobileTab}>
      <div className="trade-head">{head}</div>
      <Tabs
        label={t("spot.mobile.label")}
        className="mobile-tabs"
        active={mobileTab}
        onSelect={(id) => setMobileTab(id as MobileTab)}
        tabs={MOBILE_TABS.map((id) => ({ id, label: t(`spot.mobile.${id}`), controls: SLOTS[id] }))}
      />
      <div className="with-side">
        <div className="main-column">
          <div className="market-grid">{market}</div>
          <div id="trade-account" data-slot="trade" className="account-slot">
            {account}
          </div>
        </div>
        <aside className="side-column" id="trade-order" data-slot="trade" aria-label={formLabel}>
          {form}
        </aside>
      </div>
      <div className="sticky-trade-bar" data-testid="sticky-trade-bar">
        {(["buy", "sell"] as const).map((side) => (
          <button
            key={side}
            type="button"
            className={`button submit-${side}`}
            onClick={() => {
              sides[side].pick();
              toForm();
            }}
          >
            {sides[side].label}
          </button>
        ))}
      </div>
    </div>
  );
}
