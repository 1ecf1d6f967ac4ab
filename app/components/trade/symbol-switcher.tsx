import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { formatNumber, formatPercent } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { spotPath } from "~/lib/trade/paths";

interface Pair {
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
}

/** The other spot pairs as links (they work without scripts), with their price when known. */
export function SymbolSwitcher({
  current,
  pairs,
  tickers,
}: {
  current: string;
  pairs: readonly Pair[];
  tickers: ReadonlyArray<{ symbol: string; lastPr: string; change24h: string }>;
}) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const details = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  // Following a link closes the list.
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [pathname]);
  const bySymbol = new Map(tickers.map((tk) => [tk.symbol, tk]));
  return (
    <details className="symbol-switcher" ref={details}>
      <summary className="button" aria-label={t("markets.choose", { symbol: current })}>
        <span>{current}</span>
        <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </summary>
      <ul className="menu" aria-label={t("markets.label")}>
        {pairs.map((p) => {
          const tk = bySymbol.get(p.symbol);
          return (
            <li key={p.symbol}>
              <LocaleLink to={spotPath(p.symbol)} aria-current={p.symbol === current ? "page" : undefined}>
                <span className="pair">
                  {p.baseCoin}
                  <span className="muted">/{p.quoteCoin}</span>
                </span>
                {tk && <span className="num">{formatNumber(tk.lastPr, intl)}</span>}
                {tk && <span className={`num ${tk.change24h.startsWith("-") ? "down" : "up"}`}>{formatPercent(tk.change24h, intl)}</span>}
              </LocaleLink>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
