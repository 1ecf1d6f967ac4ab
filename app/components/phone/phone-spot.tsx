import { useCallback, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AccountSection } from "~/components/trade/account-section";
import { OrderPanel } from "~/components/trade/order-panel";
import { MarketUnavailable, useLoginTo } from "~/components/trade/screen-parts";
import { TickerBar } from "~/components/trade/ticker-bar";
import { DemoSwitch } from "~/components/trade/demo-switch";
import { useAccountFeed } from "~/components/trade/use-feeds";
import { useSpotToasts } from "~/components/trade/use-spot-toasts";
import { usePairScreen } from "~/components/trade/use-pair-screen";
import { parseDecimal, type Decimal } from "~/lib/numbers/decimal";
import { useSimulationMode } from "~/lib/simulation/simulation-mode";
import type { AccountView } from "~/lib/trade/account-feed";
import { spotPath } from "~/lib/trade/paths";
import { phonePaths } from "~/lib/trade/phone-paths";
import type { SpotPageData } from "~/lib/trade/spot-page-data";
import { FrameStore, useFrameStore } from "~/lib/ws/frame-store";
import { LocaleLink } from "~/components/locale-link";
import { HydrateLater } from "~/components/ui/hydrate-later";
import { OrderSheet, PhoneFrame, SideButtons, useSheet } from "./phone-frame";
import { PhoneMarket } from "./phone-market";

const NO_ACCOUNT = new FrameStore<AccountView | undefined>(() => undefined);

/**
 * A spot pair on a phone (`/trade-spot/:symbol`, docs/decisions/723): the desktop screen's feeds,
 * form and account panels, laid out for a touch screen: ticker, book or trades, the trader's
 * orders as cards, and buy and sell in a sticky bar that opens the order form as a bottom sheet.
 */
export function PhoneSpotPage({ data }: { data: SpotPageData }) {
  const screen = usePairScreen(data, "meta.title");
  const { t: tt, market, symbol, loggedIn } = screen;
  const { t } = useTranslation("phone");
  const demo = useSimulationMode();
  const feed = useAccountFeed(symbol, loggedIn);
  const account = useFrameStore(feed ? (feed.store as FrameStore<AccountView | undefined>) : NO_ACCOUNT);
  const loginTo = useLoginTo();
  const sheet = useSheet();
  /** What this tab announced itself: the stream's toasts do not say it twice. */
  const announced = useRef(new Set<string>());
  useSpotToasts(feed, market, announced.current);
  const available = useMemo(() => {
    if (!market || account?.balances.state !== "ready") return undefined;
    const list = account.balances.data;
    const of = (coin: string): Decimal => parseDecimal(list.find((b) => b.coin === coin)?.available ?? "0") ?? { int: 0n, scale: 0 };
    return { base: of(market.base), quote: of(market.quote) };
  }, [account?.balances, market]);
  // Stable, so a render of the page before the late panels have hydrated does not hand them new callbacks.
  const stream = account?.stream;
  const refreshIfOffline = useCallback(() => {
    if (stream !== "open") feed?.refresh();
  }, [stream, feed]);
  const onCancelling = useCallback((ids: readonly string[]) => ids.forEach((id) => announced.current.add(`cancelled:${id}`)), []);
  const onSending = useCallback((clientOid: string) => announced.current.add(`placed:${clientOid}`), []);
  const { close: closeSheet, open: openSheet } = sheet;
  const onPlaced = useCallback(() => {
    refreshIfOffline();
    closeSheet();
  }, [refreshIfOffline, closeSheet]);
  const screenLive = screen.live;
  const live = useMemo(
    () => ({ ...screenLive, onPick: (p: Parameters<typeof screenLive.onPick>[0]) => (screenLive.onPick(p), openSheet()) }),
    [screenLive, openSheet],
  );
  if (!market) return <MarketUnavailable />;
  return (
    <PhoneFrame
      testId="phone-spot"
      title={tt("heading", { base: market.base, quote: market.quote })}
      desktop={{ to: spotPath(symbol), label: t("desktop") }}
      nav={<PairLinks symbol={symbol} current="spot" />}
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
      {loggedIn && <DemoSwitch />}
      {/* The book and trades, the account's cards and the sheet's form hydrate after the page's
          shell, each in React's background pass (docs/decisions/725). */}
      <HydrateLater>
        <PhoneMarket market={market} live={live} openOrders={account?.openOrders.state === "ready" ? account.openOrders.data : undefined} />
      </HydrateLater>
      <div className="phone-cards">
        <HydrateLater>
          <AccountSection
            view={account}
            market={market}
            demo={demo}
            onChanged={refreshIfOffline}
            onCancelling={onCancelling}
            loginTo={loginTo}
          />
        </HydrateLater>
      </div>
      <OrderSheet sheetRef={sheet.ref} title={tt("heading", { base: market.base, quote: market.quote })}>
        <HydrateLater>
          <OrderPanel {...screen.formOf(market)} available={available} onSending={onSending} onPlaced={onPlaced} />
        </HydrateLater>
      </OrderSheet>
    </PhoneFrame>
  );
}

/** The pair's other phone screens: spot, margin, perpetual and its details. */
export function PairLinks({ symbol, current }: { symbol: string; current: "spot" | "margin" | "swap" | "info" }) {
  const { t } = useTranslation("phone");
  const links = [
    ["spot", phonePaths.spot(symbol)],
    ["margin", phonePaths.margin(symbol)],
    ["swap", phonePaths.swap(symbol)],
    ["info", phonePaths.info(symbol)],
  ] as const;
  return (
    <nav className="phone-pair-links" aria-label={t("pair.label", { symbol })}>
      {links.map(([id, to]) => (
        <LocaleLink key={id} to={to} aria-current={id === current ? "page" : undefined}>
          {t(`pair.${id}`)}
        </LocaleLink>
      ))}
    </nav>
  );
}
