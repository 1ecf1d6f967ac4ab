import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { Tabs } from "~/components/ui/tabs";
import { futuresPath } from "~/lib/futures/paths";
import { formatMoney, formatNumber, formatPercent, formatRate } from "~/lib/i18n/format";
import {
  isFavorite,
  marketLists,
  nextSort,
  searchRows,
  sortRows,
  type MarketKind,
  type OverviewRow,
  type SortKey,
  type SortState,
} from "~/lib/markets/overview";
import { useFavorites } from "~/lib/markets/use-favorites";
import { usePageRates } from "~/lib/prefs/page-rates";
import { usdtIn } from "~/lib/prefs/rates";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { spotPath } from "~/lib/trade/paths";
import { CoinIcon } from "./coin-icon";

type TabId = MarketKind | "favorites";
const pathOf = (r: Pick<OverviewRow, "kind" | "symbol">) => (r.kind === "spot" ? spotPath(r.symbol) : futuresPath(r.symbol));
const trendClass = (change: string) => (change.startsWith("-") ? "down" : /[1-9]/.test(change) ? "up" : "");

/**
 * The home page's market overview (docs/decisions/722): spot and USDT-M futures tabs and the
 * trader's favourites, a search, the hot / gainers / losers / new lists of the tab, and a table
 * sorted by any column header. Rows are links, so it works before (and without) scripts. A table
 * with contracts shows funding and open interest instead of the price in the reader's currency.
 */
export function MarketOverview({ spot, futures }: { spot: readonly OverviewRow[] | null; futures: readonly OverviewRow[] | null }) {
  const { t } = useTranslation("markets");
  const [tab, setTab] = useState<TabId>("spot");
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<SortState | null>(null);
  const favorites = useFavorites();

  const rowsOf = (id: TabId): readonly OverviewRow[] | null => {
    if (id === "spot") return spot;
    if (id === "futures") return futures;
    return [...(spot ?? []), ...(futures ?? [])].filter((r) => isFavorite(r, favorites));
  };
  const panel = (id: TabId) => {
    const all = rowsOf(id);
    if (!all)
      return (
        <p role="alert" className="notice error">
          {t("unavailable")}
        </p>
      );
    const shown = sortRows(searchRows(all, query), sort);
    return (
      <>
        {id !== "favorites" && !query.trim() && <MarketLists rows={all} kind={id} />}
        <section aria-label={t(`region.${id}`)} className="overview-table">
          {shown.length === 0 ? (
            <p className="muted">{t(id === "favorites" && !query.trim() ? "noFavorites" : "none")}</p>
          ) : (
            <MarketTable
              rows={shown}
              withFutures={shown.some((r) => r.kind === "futures")}
              sort={sort}
              onSort={(k) => setSort(nextSort(sort, k))}
              favorites={favorites}
            />
          )}
        </section>
      </>
    );
  };
  return (
    <section aria-labelledby="overview-title" className="card market-overview">
      <div className="card-head overview-head">
        <h2 id="overview-title">{t("title")}</h2>
        <input
          type="search"
          className="market-search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t("search")}
          aria-label={t("search")}
          autoComplete="off"
          spellCheck={false}
          maxLength={24}
        />
      </div>
      <Tabs
        label={t("tabs")}
        active={tab}
        onSelect={(id) => setTab(id as TabId)}
        tabs={(["spot", "futures", "favorites"] as const).map((id) => ({ id, label: t(`tab.${id}`), panel: () => panel(id) }))}
      />
    </section>
  );
}

/** A market's link: its icon and symbol, and for a contract (outside a futures-only list) the perpetual badge. */
function MarketName({ row, badge = true }: { row: OverviewRow; badge?: boolean }) {
  const { t } = useTranslation("markets");
  return (
    <LocaleLink to={pathOf(row)} className="market-name">
      <CoinIcon coin={row.baseCoin} />
      <span>{row.symbol}</span>
      {badge && row.kind === "futures" && <span className="badge">{t("perpetual")}</span>}
    </LocaleLink>
  );
}

/** The four short lists of a tab: each names what it ranks by and shows that figure. */
function MarketLists({ rows, kind }: { rows: readonly OverviewRow[]; kind: MarketKind }) {
  const { t } = useTranslation("markets");
  const { intl } = usePagePrefs();
  const lists = useMemo(() => marketLists(rows), [rows]);
  const change = (r: OverviewRow) => <span className={`num ${trendClass(r.change24h)}`}>{formatPercent(r.change24h, intl)}</span>;
  const parts: Array<{ id: keyof typeof lists; figure: (r: OverviewRow) => JSX.Element }> = [
    { id: "hot", figure: (r) => <span className="num">{formatNumber(r.quoteVolume, intl, { compact: true, maxDigits: 2 })}</span> },
    { id: "gainers", figure: change },
    { id: "losers", figure: change },
    { id: "newest", figure: change },
  ];
  return (
    <div className="market-lists">
      {parts.map(({ id, figure }) => (
        <section key={id} aria-labelledby={`list-${kind}-${id}`} className="market-list-card">
          <h3 id={`list-${kind}-${id}`}>{t(`lists.${id}`)}</h3>
          {lists[id].length === 0 ? (
            <p className="muted">{t(`lists.${id}Empty`)}</p>
          ) : (
            <ol>
              {lists[id].map((r) => (
                <li key={r.symbol} data-testid={`${id}-row`}>
                  <MarketName row={r} badge={false} />
                  {figure(r)}
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
    </div>
  );
}

function MarketTable({
  rows,
  withFutures,
  sort,
  onSort,
  favorites,
}: {
  rows: readonly OverviewRow[];
  withFutures: boolean;
  sort: SortState | null;
  onSort: (key: SortKey) => void;
  favorites: ReturnType<typeof useFavorites>;
}) {
  const { t } = useTranslation("markets");
  const { intl, currency } = usePagePrefs();
  const rates = usePageRates();
  const header = (key: SortKey, label: string, num = true, extra = "") => {
    const on = sort?.key === key;
    return (
      <th scope="col" className={`${num ? "num" : ""} ${extra}`.trim() || undefined} aria-sort={on ? sort.dir : undefined}>
        <button type="button" className="sort-button" onClick={() => onSort(key)}>
          {label}
          <span aria-hidden="true" className="sort-mark">
            {on ? (sort.dir === "ascending" ? "▲" : "▼") : "↕"}
          </span>
        </button>
      </th>
    );
  };
  return (
    <div className="table-scroll">
      <table className="data-table market-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t("col.favorite")}</span>
            </th>
            {header("symbol", t("col.market"), false)}
            {header("lastPr", t("col.last"))}
            {!withFutures && (
              <th scope="col" className="num col-fiat">
                {t("col.priceIn", { currency })}
              </th>
            )}
            {header("change24h", t("col.change"))}
            <th scope="col" className="spark-col">
              {t("col.chart")}
            </th>
            {header("quoteVolume", t("col.turnover"), true, "col-turnover")}
            {withFutures && header("fundingRate", t("col.funding"))}
            {withFutures && header("openInterest", t("col.openInterest"), true, "col-oi")}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const fav = isFavorite(r, favorites);
            const fiat = usdtIn(r.lastPr, currency, rates);
            const label = r.kind === "spot" ? r.symbol : t("contract", { symbol: r.symbol });
            return (
              <tr key={`${r.kind}:${r.symbol}`} data-testid={`market-${r.kind}-${r.symbol}`}>
                <td>
                  <button
                    type="button"
                    className={`fav ${fav ? "is-on" : ""}`}
                    aria-pressed={fav}
                    aria-label={t("favorite", { market: label })}
                    onClick={() => favorites.toggle(r.kind, r.symbol)}
                  >
                    <span aria-hidden="true">{fav ? "★" : "☆"}</span>
                  </button>
                </td>
                <th scope="row">
                  <MarketName row={r} />
                </th>
                <td className="num">{formatNumber(r.lastPr, intl)}</td>
                {!withFutures && (
                  <td className="num col-fiat" data-testid={`fiat-${r.symbol}`}>
                    {fiat === undefined ? "—" : formatMoney(fiat, currency, intl)}
                  </td>
                )}
                <td className={`num ${trendClass(r.change24h)}`} data-testid="change">
                  {formatPercent(r.change24h, intl)}
                </td>
                <td className="spark-col">
                  {r.spark ? (
                    <svg
                      className={`sparkline ${r.spark.trend}`}
                      viewBox="0 0 96 28"
                      width="96"
                      height="28"
                      aria-hidden="true"
                      focusable="false"
                    >
                      <path d={r.spark.line} />
                    </svg>
                  ) : (
                    <span aria-hidden="true">—</span>
                  )}
                </td>
                <td className="num col-turnover">{formatNumber(r.quoteVolume, intl, { maxDigits: 0 })}</td>
                {withFutures && (
                  <td className={`num ${r.fundingRate ? trendClass(r.fundingRate) : ""}`} data-testid="funding">
                    {r.fundingRate ? formatRate(r.fundingRate, intl) : "—"}
                  </td>
                )}
                {withFutures && (
                  <td className="num col-oi" data-testid="open-interest">
                    {r.openInterest ? formatNumber(r.openInterest, intl, { compact: true, maxDigits: 2 }) : "—"}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
