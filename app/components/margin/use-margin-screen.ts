import { useEffect, useMemo } from "react";
import { useLoginTo } from "~/components/trade/screen-parts";
import { usePairScreen } from "~/components/trade/use-pair-screen";
import { formatCoin, formatNumber } from "~/lib/i18n/format";
import type { MarginAccountState, MarginEvent } from "~/lib/margin/account-feed";
import type { MarginMode } from "~/lib/margin/api";
import { fundsOf } from "~/lib/margin/maths";
import { holdingsOf, pricesFrom, thresholdsOf } from "~/lib/margin/preview";
import { parseDecimal } from "~/lib/numbers/decimal";
import type { MarginPageData } from "~/lib/margin/page-data";
import { showToast } from "~/lib/toast";
import { chartAccountOf } from "~/lib/trade/chart-account";
import { useStateOnceHydrated } from "~/lib/scheduling/hydration-gate";
import { FrameStore, useFrameStore } from "~/lib/ws/frame-store";
import type { MarginAccountView } from "./margin-panels";
import type { RiskInputs } from "./risk-preview";
import { useMarginAccount } from "./use-margin-account";

const NO_ACCOUNT = new FrameStore<MarginAccountState | undefined>(() => undefined);
const idle = () => undefined;
/** A logged-in trader's account before its feed starts (the server's render, the first frame, a mode switch). */
const LOADING: Omit<MarginAccountView, "version"> = {
  assets: { state: "loading" },
  orders: { state: "loading" },
  riskRate: undefined,
  borrowable: {},
  stream: "idle",
  refresh: idle,
  afterAction: idle,
};

/**
 * What a pair's margin screen reads and keeps (docs/decisions/707), the desktop's and the phone's
 * (docs/decisions/723): the pair screen, the margin mode, the account live from its feed with
 * its toasts, the funds the form may spend and the inputs of the risk preview.
 */
export function useMarginScreen(data: MarginPageData) {
  const screen = usePairScreen(data, "margin.meta.title");
  const { t, intl, market, loggedIn } = screen;
  // Both reach the account panels, which may still be waiting to hydrate when the form's mode
  // switch is pressed or a fill arrives (docs/decisions/725).
  const [mode, setMode] = useStateOnceHydrated<MarginMode>("crossed");
  const [version, setVersion] = useStateOnceHydrated(0);
  const loginTo = useLoginTo();
  const warning = Number(data.listing?.warningRiskRatio) || undefined;
  const feed = useMarginAccount(mode, market, loggedIn, warning);
  const state = useFrameStore(feed ? (feed.store as FrameStore<MarginAccountState | undefined>) : NO_ACCOUNT);
  const view = useMemo<MarginAccountView | undefined>(() => {
    if (!feed || !state) return loggedIn ? { ...LOADING, version } : undefined;
    return {
      ...state,
      version,
      refresh: () => feed.refresh(),
      afterAction: () => {
        feed.refresh();
        setVersion((v) => v + 1);
      },
    };
  }, [feed, state, version, loggedIn, setVersion]);

  // Toasts: fills of this pair, and a margin call when the risk rate reaches the warning.
  useEffect(() => {
    if (!feed || !market) return;
    return feed.onEvent((e: MarginEvent) => {
      if (e.kind === "marginCall") {
        showToast(t("margin.toast.marginCall", { risk: formatNumber(String(Number(e.riskRate) * 100), intl, { maxDigits: 2 }) }), "notice");
        return;
      }
      const o = e.order;
      const price = o.priceAvg
        ? formatNumber(o.priceAvg, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision })
        : "—";
      const values = { side: t(`side.${o.side}`), filled: formatCoin(o.filled, market.base, intl), coin: market.base, price };
      showToast(t(e.kind === "liquidation" ? "margin.toast.liquidated" : "margin.toast.filled", values), "notice");
      setVersion((v) => v + 1);
    });
  }, [feed, market, intl, t, setVersion]);

  const funds = useMemo(
    () => (market && state?.assets.state === "ready" ? fundsOf(state.assets.data, market.base, market.quote, state.borrowable) : undefined),
    [market, state?.assets, state?.borrowable],
  );
  // What an action's risk preview reads (issue 26): the account's coins and debts, each coin at its
  // last price (the pair on screen live, others as the page loaded them), the gateway's levels.
  const lastPr = screen.ticker?.lastPr;
  const thresholds = useMemo(() => thresholdsOf(data.listing), [data.listing]);
  const risk = useMemo<RiskInputs | undefined>(() => {
    if (!market || state?.assets.state !== "ready") return undefined;
    const live = { base: market.base, price: lastPr ? parseDecimal(lastPr) : undefined };
    return { holdings: holdingsOf(state.assets.data), priceOf: pricesFrom(data.tickers, market.quote, live), thresholds };
  }, [market, state?.assets, lastPr, data.tickers, thresholds]);
  // The chart marks this margin mode's open limit orders (in the spot shape), never the spot account's plans.
  const chartAccount = useMemo(() => state && chartAccountOf(state.orders, (o) => o.filled), [state]);

  return { screen, t, market, mode, setMode, loginTo, view, funds, risk, chartAccount };
}
