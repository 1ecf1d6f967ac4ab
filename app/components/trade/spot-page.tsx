import { useCallback, useMemo, useRef } from "react";
import { parseDecimal, type Decimal } from "~/lib/numbers/decimal";
import { useSimulationMode } from "~/lib/simulation/simulation-mode";
import type { SpotAsset } from "~/lib/assets/valuation";
import type { Async } from "~/lib/async-state";
import type { AccountFeed, AccountView } from "~/lib/trade/account-feed";
import type { Market } from "~/lib/trade/market";
import { FrameStore, useFrameStore } from "~/lib/ws/frame-store";
import type { SpotPageData } from "~/lib/trade/spot-page-data";
import { AccountSection } from "./account-section";
import { OrderPanel } from "./order-panel";
import { MarketPanes, MarketUnavailable, PairHead, useLoginTo } from "./screen-parts";
import { TradeLayout } from "./trade-layout";
import { useAccountFeed } from "./use-feeds";
import { usePairScreen } from "./use-pair-screen";
import { useSpotToasts } from "./use-spot-toasts";
import { hydrateLater } from "~/components/ui/hydrate-later";

// The account panels and the order form hydrate after the screen's shell (docs/decisions/725).
const LateAccountSection = hydrateLater(AccountSection, "LateAccountSection");
const LateOrderPanel = hydrateLater(OrderPanel, "LateOrderPanel");

/** One spot market: its data live from the streams, the order panel on the side the layout says. */
export function SpotPage({ data }: { data: SpotPageData }) {
  const demo = useSimulationMode();
  const screen = usePairScreen(data, "meta.title");
  const { t, market, symbol, loggedIn } = screen;
  const accountFeed = useAccountFeed(symbol, loggedIn);
  const account = useFeedView(accountFeed);
  const available = useMemo(() => availableOf(account?.balances, market), [account?.balances, market]);
  const loginTo = useLoginTo();
  /** What this tab already announced itself ("placed:<clientOid>", "cancelled:<orderId>"): the stream does not say it twice. */
  const announced = useRef(new Set<string>());

  useSpotToasts(accountFeed, market, announced.current);

  // Stable while the account's stream state holds, so the account panels (memoised) skip the market's frames.
  const stream = account?.stream;
  const refreshIfOffline = useCallback(() => {
    if (stream !== "open") accountFeed?.refresh();
  }, [stream, accountFeed]);
  const onSending = useCallback((clientOid: string) => announced.current.add(`placed:${clientOid}`), []);
  const onCancelling = useCallback((ids: readonly string[]) => ids.forEach((id) => announced.current.add(`cancelled:${id}`)), []);

  if (!market) return <MarketUnavailable />;
  return (
    <TradeLayout
      testId="spot-page"
      head={<PairHead heading={t("heading", { base: market.base, quote: market.quote })} data={data} market={market} screen={screen} />}
      market={<MarketPanes data={data} market={market} account={account} live={screen.live} />}
      account={
        <LateAccountSection
          view={account}
          market={market}
          demo={demo}
          onChanged={refreshIfOffline}
          onCancelling={onCancelling}
          loginTo={loginTo}
        />
      }
      formLabel={t("form.title")}
      form={<LateOrderPanel {...screen.formOf(market)} available={available} onSending={onSending} onPlaced={refreshIfOffline} />}
      sides={screen.sides}
    />
  );
}

/** A store that never changes, so a guest's page calls the same hooks. */
const NO_ACCOUNT = new FrameStore<AccountView | undefined>(() => undefined);

function useFeedView(feed: AccountFeed | undefined): AccountView | undefined {
  return useFrameStore(feed ? (feed.store as FrameStore<AccountView | undefined>) : NO_ACCOUNT);
}

function availableOf(balances: Async<SpotAsset[]> | undefined, market: Market | undefined): { base: Decimal; quote: Decimal } | undefined {
  if (!market || balances?.state !== "ready") return undefined;
  const of = (coin: string) => parseDecimal(balances.data.find((b) => b.coin === coin)?.available ?? "0") ?? { int: 0n, scale: 0 };
  return { base: of(market.base), quote: of(market.quote) };
}
