import { useMemo } from "react";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { marketOf, type Market } from "~/lib/trade/market";
import type { SpotPageData } from "~/lib/trade/spot-page-data";
import type { OrderFormProps } from "./order-form-parts";
import type { MarketLive } from "./screen-parts";
import { usePublicFeeds } from "./use-feeds";
import { useBookPick, useOrderSide } from "./use-order-side";
import { useLiveTitle, useScreen } from "./use-screen";

/**
 * What the spot and margin screens of one pair share (docs/decisions/704, 707): the market, its
 * live book, trades and ticker, the trade unit, the order side (B and S keys, the phone's buy and
 * sell bar), the book's latest click and the live price in the tab's title (`titleKey` names the rest).
 */
export function usePairScreen(data: SpotPageData, titleKey: string) {
  const market = useMemo(() => marketOf(data.symbol), [data.symbol]);
  const screen = useScreen(usePublicFeeds(data));
  const [unit, setUnit] = useLocalPref("tradeUnit");
  const { side, setSide, sides } = useOrderSide();
  const { pick, onPick } = useBookPick();
  const symbol = data.symbol.symbol;
  useLiveTitle(screen.ticker?.lastPr, screen.t(titleKey, { symbol }));
  const loggedIn = screen.user !== null;
  const live: MarketLive = { book: screen.book, trades: screen.trades, ticker: screen.ticker, unit, onPick };
  return {
    ...screen,
    market,
    symbol,
    loggedIn,
    sides,
    live,
    /** What every order form of the pair takes but `onPlaced`, once its market is known. */
    formOf: (m: Market): Omit<OrderFormProps, "onPlaced"> => ({
      market: m,
      lastPrice: screen.ticker?.lastPr,
      loggedIn,
      side,
      onSide: setSide,
      unit,
      onUnit: setUnit,
      pick,
    }),
  };
}
