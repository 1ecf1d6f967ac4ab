import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { DemoSwitch } from "~/components/trade/demo-switch";
import { MarketUnavailable } from "~/components/trade/screen-parts";
import { TickerBar } from "~/components/trade/ticker-bar";
import { MarginAccountBox } from "~/components/margin/margin-account-box";
import { MarginOrderPanel } from "~/components/margin/margin-order-panel";
import { MarginPanels } from "~/components/margin/margin-panels";
import { useMarginScreen } from "~/components/margin/use-margin-screen";
import type { MarginPageData } from "~/lib/margin/page-data";
import { marginPath } from "~/lib/margin/paths";
import { OrderSheet, PhoneFrame, SideButtons, useSheet } from "./phone-frame";
import { PhoneMarket } from "./phone-market";
import { PairLinks } from "./phone-spot";

/**
 * A pair on margin on a phone (`/trade-margin/:symbol`, docs/decisions/723): the margin screen's
 * account, form and risk preview (`useMarginScreen`), laid out for a touch screen.
 */
export function PhoneMarginPage({ data }: { data: MarginPageData }) {
  const { screen, t: tt, market, mode, setMode, loginTo, view, funds, risk } = useMarginScreen(data);
  const { t } = useTranslation("phone");
  const sheet = useSheet();
  // Stable, so a render of the page before the late parts have hydrated does not hand them new props.
  const { open: openSheet, close: closeSheet } = sheet;
  const screenLive = screen.live;
  const live = useMemo(
    () => ({ ...screenLive, onPick: (p: Parameters<typeof screenLive.onPick>[0]) => (screenLive.onPick(p), openSheet()) }),
    [screenLive, openSheet],
  );
  const onPlaced = useCallback(() => {
    view?.afterAction();
    closeSheet();
  }, [view, closeSheet]);
  if (!market) return <MarketUnavailable />;
  const heading = tt("margin.heading", { base: market.base, quote: market.quote });
  return (
    <PhoneFrame
      testId="phone-margin"
      title={heading}
      desktop={{ to: marginPath(market.symbol), label: t("desktop") }}
      nav={<PairLinks symbol={market.symbol} current="margin" />}
      bar={
        <SideButtons
          sides={[
            { ...screen.sides.buy, tone: "buy" },
            { ...screen.sides.sell, tone: "sell" },
          ]}
          sheet={sheet}
        />
      }
    >
      <TickerBar ticker={screen.ticker} market={market} />
      {screen.loggedIn && <DemoSwitch />}
      {view && <MarginAccountBox view={view} mode={mode} market={market} listing={data.listing} risk={risk} />}
      {/* The book and trades, the cards and the sheet's form hydrate after the page's shell (docs/decisions/725). */}
      <HydrateLater>
        <PhoneMarket market={market} live={live} />
      </HydrateLater>
      <div className="phone-cards">
        <HydrateLater>
          <MarginPanels view={view} mode={mode} market={market} loginTo={loginTo} />
        </HydrateLater>
      </div>
      <OrderSheet sheetRef={sheet.ref} title={heading}>
        <HydrateLater>
          <MarginOrderPanel
            {...screen.formOf(market)}
            mode={mode}
            onMode={setMode}
            funds={funds}
            risk={risk}
            book={screen.book}
            onPlaced={onPlaced}
          />
        </HydrateLater>
      </OrderSheet>
    </PhoneFrame>
  );
}
