import { useLocation } from "@remix-run/react";
import { memo, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import { MIX } from "../../../protocol/mix";
import { LocaleLink } from "~/components/locale-link";
import { CoinIcon } from "~/components/home/coin-icon";
import { PRODUCT_TYPE } from "~/lib/futures/api";
import { futuresPath } from "~/lib/futures/paths";
import { browserHttp } from "~/lib/http/browser-client";
import { formatNumber, formatPercent } from "~/lib/i18n/format";
import { contractBase } from "~/lib/markets/overview";
import { useFavorites } from "~/lib/markets/use-favorites";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { marketRows, quoteTabs, type ListedPair, type MarketRow, type MarketSort, type PairTicker } from "~/lib/trade/market-list";
import { spotPath } from "~/lib/trade/paths";
import { Segmented } from "./order-fields";
import { Tabs } from "~/components/ui/tabs";

/** The USDT-M contracts of the gateway's futures tickers, as the picker lists pairs. */
function contractsOf(tickers: readonly PairTicker[]): ListedPair[] {
  return tickers.flatMap((tk) => {
    const base = contractBase(tk.symbol);
    return base ? [{ symbol: tk.symbol, baseCoin: base, quoteCoin: "USDT" }] : [];
  });
}

/**
 * The market picker: a search over every listed pair and USDT-M contract, quote tabs, a futures
 * tab and the trader's favourites (local preferences, spot and futures apart) first, sorting by
 * 24 h change or volume (docs/decisions/704, 722). Markets are links (they work without scripts);
 * prices, and the contracts, are read again each time it opens. Memoised: its props are the page's
 * first data, so the stream's frames, which render the screen again, do not render every pair's
 * row again (issue 29, docs/decisions/725).
 */
export const SymbolSwitcher = memo(function SymbolSwitcher({
  current,
  pairs,
  tickers,
  pathOf = spotPath,
}: {
  current: string;
  pairs: readonly ListedPair[];
  tickers: readonly PairTicker[];
  /** Where a pair's link goes: its spot page unless the screen is another product's (margin). */
  pathOf?: (symbol: string) => string;
}) {
  const { t } = useTranslation(["trade", "markets"]);
  const { intl } = usePagePrefs();
  const details = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const favorites = useFavorites();
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<MarketSort>("default");
  const [live, setLive] = useState<readonly PairTicker[]>(tickers);
  /** The contracts' tickers: null until the picker has been opened and they have been read. */
  const [contracts, setContracts] = useState<readonly PairTicker[] | null>(null);
  // Following a link closes the list.
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [pathname]);
  const refresh = () => {
    if (!details.current?.open) return;
    browserHttp()
      .get<PairTicker[]>(V2.tickers)
      .then(setLive)
      .catch(() => undefined);
    browserHttp()
      .get<PairTicker[]>(MIX.tickers, { productType: PRODUCT_TYPE })
      .then((rows) => setContracts(Array.isArray(rows) ? rows : []))
      .catch(() => setContracts((c) => c ?? []));
  };
  const figures = (p: MarketRow) => (
    <>
      <span className="num">{p.lastPr ? formatNumber(p.lastPr, intl) : "—"}</span>
      <span className={`num ${p.change24h?.startsWith("-") ? "down" : "up"}`}>{p.change24h ? formatPercent(p.change24h, intl) : "—"}</span>
    </>
  );
  const star = (p: MarketRow, label: string, onClick: () => void) => (
    <button type="button" className={`fav ${p.favorite ? "is-on" : ""}`} aria-pressed={p.favorite} aria-label={label} onClick={onClick}>
      <span aria-hidden="true">{p.favorite ? "★" : "☆"}</span>
    </button>
  );
  const spotItems = (rows: readonly MarketRow[]) =>
    rows.map((p) => (
      <li key={p.symbol}>
        {star(p, t("spot.markets.favorite", { pair: `${p.baseCoin}/${p.quoteCoin}` }), () => favorites.toggle("spot", p.symbol))}
        <LocaleLink to={pathOf(p.symbol)} aria-current={p.symbol === current ? "page" : undefined}>
          <span className="pair">
            <CoinIcon coin={p.baseCoin} size={16} />
            <span>
              {p.baseCoin}
              <span className="muted">/{p.quoteCoin}</span>
            </span>
          </span>
          {figures(p)}
        </LocaleLink>
      </li>
    ));
  const contractItems = (rows: readonly MarketRow[]) =>
    rows.map((p) => (
      <li key={`futures:${p.symbol}`}>
        {star(p, t("markets:favorite", { market: t("markets:contract", { symbol: p.symbol }) }), () =>
          favorites.toggle("futures", p.symbol),
        )}
        <LocaleLink to={futuresPath(p.symbol)} aria-current={futuresPath(p.symbol) === pathname ? "page" : undefined}>
          <span className="pair">
            <CoinIcon coin={p.baseCoin} size={16} /> {p.symbol} <span className="muted">{t("markets:perpetual")}</span>
          </span>
          {figures(p)}
        </LocaleLink>
      </li>
    ));
  /** A tab's markets (`futures` the contracts, `favorites` both kinds starred), or every market the search finds. */
  const list = (tab: string) => {
    const searching = !!query.trim();
    const spotRows = tab === "futures" ? [] : marketRows(pairs, live, { query, tab, sort, favorites: favorites.spot });
    const withContracts = searching || tab === "futures" || tab === "favorites";
    const contractRows =
      withContracts && contracts
        ? marketRows(contractsOf(contracts), contracts, {
            query,
            tab: tab === "favorites" ? "favorites" : "all",
            sort,
            favorites: favorites.futures,
          })
        : [];
    if (spotRows.length === 0 && contractRows.length === 0) {
      if (withContracts && contracts === null && (tab === "futures" || searching)) return <p className="muted">{t("markets:loading")}</p>;
      return <p className="muted">{t(tab === "favorites" && !searching ? "spot.markets.noFavorites" : "spot.markets.none")}</p>;
    }
    return (
      <ul
        className="market-list"
        aria-label={t(tab === "futures" ? "markets:region.futures" : searching || tab === "favorites" ? "markets:title" : "markets.label")}
      >
        {spotItems(spotRows)}
        {contractItems(contractRows)}
      </ul>
    );
  };
  const tabs = [...quoteTabs(pairs), "futures"];
  return (
    <details className="symbol-switcher" ref={details} onToggle={refresh}>
      <summary className="button" aria-label={t("markets.choose", { symbol: current })}>
        <span>{current}</span>
        <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <div className="menu market-menu">
        <input
          type="search"
          className="market-search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t("spot.markets.search")}
          aria-label={t("spot.markets.search")}
          autoComplete="off"
          spellCheck={false}
          maxLength={24}
        />
        <Segmented
          label={t("spot.markets.sort")}
          value={sort}
          onChange={setSort}
          className="small"
          options={[
            { value: "default", text: t("spot.markets.sortDefault") },
            { value: "change", text: t("spot.markets.sortChange") },
            { value: "volume", text: t("spot.markets.sortVolume") },
          ]}
        />
        {query.trim() ? (
          <div className="market-results">{list("all")}</div>
        ) : (
          <Tabs
            label={t("spot.markets.quotes")}
            initial={tabs[1]}
            tabs={tabs.map((q) => ({
              id: q,
              label: q === "favorites" ? t("spot.markets.favorites") : q === "futures" ? t("markets:tab.futures") : q,
              panel: () => list(q),
            }))}
          />
        )}
      </div>
    </details>
  );
});
