import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import { LocaleLink } from "~/components/locale-link";
import { browserHttp } from "~/lib/http/browser-client";
import { formatNumber, formatPercent } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { useLocalPref } from "~/lib/prefs/use-local-pref";
import { marketRows, quoteTabs, toggleFavorite, type ListedPair, type MarketSort, type PairTicker } from "~/lib/trade/market-list";
import { spotPath } from "~/lib/trade/paths";
import { Segmented } from "./order-fields";
import { Tabs } from "~/components/ui/tabs";

/**
 * The market picker: a search over every listed pair, quote tabs with the trader's favourites
 * (local preference) first, sorting by 24 h change or volume. Pairs are links (they work without
 * scripts); prices are read again each time it opens.
 */
export function SymbolSwitcher({
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
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const details = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const [favorites, setFavorites] = useLocalPref("favoriteSymbols");
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<MarketSort>("default");
  const [live, setLive] = useState<readonly PairTicker[]>(tickers);
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
  };
  const list = (tab: string) => {
    const rows = marketRows(pairs, live, { query, tab, sort, favorites });
    if (rows.length === 0)
      return <p className="muted">{t(tab === "favorites" && !query ? "spot.markets.noFavorites" : "spot.markets.none")}</p>;
    return (
      <ul className="market-list" aria-label={t("markets.label")}>
        {rows.map((p) => {
          const name = `${p.baseCoin}/${p.quoteCoin}`;
          return (
            <li key={p.symbol}>
              <button
                type="button"
                className={`fav ${p.favorite ? "is-on" : ""}`}
                aria-pressed={p.favorite}
                aria-label={t("spot.markets.favorite", { pair: name })}
                onClick={() => setFavorites(toggleFavorite(favorites, p.symbol))}
              >
                <span aria-hidden="true">{p.favorite ? "★" : "☆"}</span>
              </button>
              <LocaleLink to={pathOf(p.symbol)} aria-current={p.symbol === current ? "page" : undefined}>
                <span className="pair">
                  {p.baseCoin}
                  <span className="muted">/{p.quoteCoin}</span>
                </span>
                <span className="num">{p.lastPr ? formatNumber(p.lastPr, intl) : "—"}</span>
                <span className={`num ${p.change24h?.startsWith("-") ? "down" : "up"}`}>
                  {p.change24h ? formatPercent(p.change24h, intl) : "—"}
                </span>
              </LocaleLink>
            </li>
          );
        })}
      </ul>
    );
  };
  const tabs = quoteTabs(pairs);
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
            tabs={tabs.map((q) => ({ id: q, label: q === "favorites" ? t("spot.markets.favorites") : q, panel: () => list(q) }))}
          />
        )}
      </div>
    </details>
  );
}
