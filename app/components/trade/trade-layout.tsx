import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Tabs } from "~/components/ui/tabs";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { updateOnceHydrated } from "~/lib/scheduling/hydration-gate";
import { ACCOUNT_BOUNDS, BOOK_BOUNDS, DEFAULT_PRO_LAYOUT, togglePanel, type ProLayout, type ProPanel } from "~/lib/trade/pro-layout";
import { ProSplitter } from "./pro-splitter";
import "~/styles/trade-pro.css";

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
 *
 * On a screen of at least 1280×600 CSS px (trade-pro.css) the same pieces form the one-screen pro
 * layout (docs/decisions/720): chart and book side by side, the account panel under them beside the
 * trades, the form down the side, all in the window's height; the splitters and the layout tools
 * below exist only there.
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
  const pro = useProLayout();
  const toForm = () => {
    setMobileTab("trade");
    requestAnimationFrame(() => document.getElementById("order-quantity")?.focus());
  };
  return (
    <div
      ref={pro.ref}
      className={`trade-page ${className}`.trim()}
      data-testid={testId}
      data-mobile-tab={mobileTab}
      data-pro-hidden={pro.layout.hidden.join(" ")}
      style={{ "--pro-book": `${pro.layout.book}px`, "--pro-account": `${pro.layout.account}px` } as CSSProperties}
    >
      <div className="trade-head">
        {head}
        <ProTools layout={pro.layout} onToggle={pro.toggle} onReset={pro.reset} />
      </div>
      <Tabs
        label={t("spot.mobile.label")}
        className="mobile-tabs"
        active={mobileTab}
        onSelect={(id) => setMobileTab(id as MobileTab)}
        tabs={MOBILE_TABS.map((id) => ({ id, label: t(`spot.mobile.${id}`), controls: SLOTS[id] }))}
      />
      <div className="with-side">
        <div className="main-column">
          <div className="market-grid">
            {market}
            <ProSplitter
              className="pro-split-book"
              label={t("layout:resizeBook")}
              orientation="vertical"
              value={pro.layout.book}
              bounds={BOOK_BOUNDS}
              controls="spot-book spot-trades"
              onChange={(book) => pro.move({ book })}
              onCommit={(book) => pro.commit({ book })}
            />
          </div>
          <ProSplitter
            className="pro-split-account"
            label={t("layout:resizeAccount")}
            orientation="horizontal"
            value={pro.layout.account}
            bounds={ACCOUNT_BOUNDS}
            controls="trade-account"
            onChange={(account) => pro.move({ account })}
            onCommit={(account) => pro.commit({ account })}
          />
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
            // The form it sets may not have hydrated yet on a phone (docs/decisions/725).
            onClick={() =>
              updateOnceHydrated(() => {
                sides[side].pick();
                toForm();
              })
            }
          >
            {sides[side].label}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The pro layout as the trader left it: the stored preference, a drag's sizes while it lasts, and
 * the page's distance from the top of the document for the CSS (`--pro-top`), so the layout fills
 * the window below the site's header and any banner over it.
 */
function useProLayout() {
  const [stored, save] = useLocalPref("tradeLayout");
  const [moving, setMoving] = useState<ProLayout | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const top = `${Math.round(el.getBoundingClientRect().top + window.scrollY)}px`;
      if (el.style.getPropertyValue("--pro-top") !== top) el.style.setProperty("--pro-top", top);
    };
    measure();
    // What sits above the page (a banner shown or closed, the header wrapping) changes the body's size.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const layout = moving ?? stored;
  return {
    ref,
    layout,
    move: (change: Partial<ProLayout>) => setMoving({ ...layout, ...change }),
    commit: (change: Partial<ProLayout>) => {
      save({ ...stored, ...change });
      setMoving(null);
    },
    toggle: (panel: ProPanel) => save(togglePanel(stored, panel)),
    reset: () => save(DEFAULT_PRO_LAYOUT),
  };
}

/**
 * The pro layout's own tools, folded into a menu of the head: show or fold the book column and the
 * account panel, or start over.
 */
function ProTools({ layout, onToggle, onReset }: { layout: ProLayout; onToggle: (panel: ProPanel) => void; onReset: () => void }) {
  const { t } = useTranslation("layout");
  return (
    <details className="pro-tools">
      <summary className="button small">{t("tools")}</summary>
      <div role="group" aria-label={t("tools")} className="menu pro-tools-menu">
        {(["book", "account"] as const).map((panel) => (
          <button
            key={panel}
            type="button"
            className="button small"
            aria-pressed={!layout.hidden.includes(panel)}
            aria-controls={panel === "book" ? "spot-book spot-trades" : "trade-account"}
            onClick={() => onToggle(panel)}
          >
            {t(`show.${panel}`)}
          </button>
        ))}
        <button type="button" className="button small" onClick={onReset}>
          {t("reset")}
        </button>
      </div>
    </details>
  );
}
