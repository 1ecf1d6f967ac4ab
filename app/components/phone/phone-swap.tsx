import { useCallback, useMemo, useState } from "react";
import { HydrateLater, hydrateLater } from "~/components/ui/hydrate-later";
import { useTranslation } from "react-i18next";
import { DemoSwitch } from "~/components/trade/demo-switch";
import { MarketUnavailable, useLoginTo, type MarketLive } from "~/components/trade/screen-parts";
import { useLiveTitle, useScreen } from "~/components/trade/use-screen";
import { FuturesOpeningGate } from "~/components/futures/futures-opening";
import { FuturesOrderPanel } from "~/components/futures/futures-order-panel";
import { useFuturesFeeds } from "~/components/futures/futures-page";
import { FuturesPanels } from "~/components/futures/futures-panels";
import { FuturesTickerBar } from "~/components/futures/futures-ticker-bar";
import { useFuturesAccountView } from "~/components/futures/use-futures-account";
import { futuresMarketOf } from "~/lib/futures/contract";
import type { HoldSide } from "~/lib/futures/maths";
import type { FuturesPageData } from "~/lib/futures/page-data";
import { futuresPath } from "~/lib/futures/paths";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { OrderSheet, PhoneFrame, SideButtons, useSheet } from "./phone-frame";
import { PhoneMarket } from "./phone-market";
import { PairLinks } from "./phone-spot";

const NONE: never[] = [];

// The positions and orders cards hydrate after the page's shell (docs/decisions/725).
const LateFuturesPanels = hydrateLater(FuturesPanels, "LatePhoneFuturesPanels");

/**
 * A USDT-M perpetual on a phone (`/trade-swap/:symbol`, docs/decisions/723): the futures screen's
 * feeds, form and panels for a touch screen; positions and orders as cards, open long and open
 * short in the sticky bar, the order form in a bottom sheet.
 */
export function PhoneSwapPage({ data }: { data: FuturesPageData }) {
  const market = useMemo(() => futuresMarketOf(data.contract), [data.contract]);
  const symbol = data.symbol.symbol;
  const { t: tt, user, book, trades, ticker } = useScreen(useFuturesFeeds(data));
  const { t } = useTranslation("phone");
  const [unit] = useLocalPref("futuresTradeUnit");
  const [holdSide, setHoldSide] = useState<HoldSide>("long");
  const [pick, setPick] = useState<{ price: string; n: number }>();
  const loginTo = useLoginTo();
  const sheet = useSheet();
  const { view, positions } = useFuturesAccountView(symbol, user !== null, market, ticker?.markPrice);
  useLiveTitle(ticker?.lastPr, tt("futures.meta.title", { symbol }));
  const openSheet = sheet.open;
  const onPick = useCallback<MarketLive["onPick"]>(
    (p) => {
      if (!("price" in p)) return;
      setPick((cur) => ({ price: p.price, n: (cur?.n ?? 0) + 1 }));
      openSheet();
    },
    [openSheet],
  );
  const live = useMemo<MarketLive>(
    () => ({ book, trades, ticker, unit: unit === "quote" ? "quote" : "coin", onPick }),
    [book, trades, ticker, unit, onPick],
  );
  const onChanged = useCallback(() => view?.afterAction("settings"), [view]);
  if (!market) return <MarketUnavailable />;
  const heading = tt("futures.heading", { symbol });
  return (
    <PhoneFrame
      testId="phone-swap"
      title={heading}
      desktop={{ to: futuresPath(symbol), label: t("desktop") }}
      nav={<PairLinks symbol={symbol} current="swap" />}
      bar={
        <SideButtons
          sheet={sheet}
          sides={[
            { label: tt("futures.form.openLong"), tone: "buy", pick: () => setHoldSide("long") },
            { label: tt("futures.form.openShort"), tone: "sell", pick: () => setHoldSide("short") },
          ]}
        />
      }
    >
      <FuturesTickerBar ticker={ticker} market={market} funding={data.funding} openInterest={data.openInterest} serverNow={data.now} />
      {user && <DemoSwitch />}
      {/* The book and trades, the cards and the sheet's form hydrate after the page's shell (docs/decisions/725). */}
      <HydrateLater>
        <PhoneMarket market={market} live={live} />
      </HydrateLater>
      <div className="phone-cards">
        <LateFuturesPanels view={view} market={market} positions={positions} loginTo={loginTo} />
      </div>
      <OrderSheet sheetRef={sheet.ref} title={heading}>
        <HydrateLater>
          <FuturesOpeningGate loggedIn={user !== null}>
            <FuturesOrderPanel
              market={market}
              lastPrice={ticker?.lastPr}
              markPrice={ticker?.markPrice}
              account={view?.account.state === "ready" ? view.account.data : undefined}
              positions={view?.positions.state === "ready" ? view.positions.data : NONE}
              loggedIn={user !== null}
              holdSide={holdSide}
              onHoldSide={setHoldSide}
              pick={pick}
              onChanged={onChanged}
              onPlaced={sheet.close}
            />
          </FuturesOpeningGate>
        </HydrateLater>
      </OrderSheet>
    </PhoneFrame>
  );
}
