import { useCallback } from "react";
import { HydrateLater, hydrateLater } from "~/components/ui/hydrate-later";
import { MarketPanes, MarketUnavailable, PairHead } from "~/components/trade/screen-parts";
import { TradeLayout } from "~/components/trade/trade-layout";
import type { MarginPageData } from "~/lib/margin/page-data";
import { marginPath } from "~/lib/margin/paths";
import { MARGIN_CHART } from "~/lib/trade/chart/source";
import { MarginAccountBox } from "./margin-account-box";
import { MarginOrderPanel } from "./margin-order-panel";
import { MarginPanels } from "./margin-panels";
import { useMarginScreen } from "./use-margin-screen";

// The account panels and the form hydrate after the screen's shell (docs/decisions/725).
const LateMarginPanels = hydrateLater(MarginPanels, "LateMarginPanels");

/** One pair on margin (docs/decisions/707): the spot screen's market and frame, a margin account beside it. */
export function MarginPage({ data }: { data: MarginPageData }) {
  const { screen, t, market, mode, setMode, loginTo, view, funds, risk, chartAccount } = useMarginScreen(data);
  const onPlaced = useCallback(() => view?.afterAction(), [view]);

  if (!market) return <MarketUnavailable />;
  return (
    <TradeLayout
      testId="margin-page"
      className="margin-page"
      head={
        <PairHead
          heading={t("margin.heading", { base: market.base, quote: market.quote })}
          data={data}
          market={market}
          screen={screen}
          pathOf={marginPath}
        />
      }
      market={<MarketPanes data={data} market={market} account={chartAccount} source={MARGIN_CHART} live={screen.live} />}
      account={<LateMarginPanels view={view} mode={mode} market={market} loginTo={loginTo} />}
      formLabel={t("margin.form.title")}
      form={
        <HydrateLater>
          {view && <MarginAccountBox view={view} mode={mode} market={market} listing={data.listing} risk={risk} />}
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
      }
      sides={screen.sides}
    />
  );
}
