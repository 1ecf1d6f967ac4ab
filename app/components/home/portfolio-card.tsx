import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/ui/data-table";
import { V2 } from "../../../protocol/bitget";
import { holdings, totalUsdt, usdtPrices, valuate, type PriceTicker, type SpotAsset, type Valuation } from "~/lib/assets/valuation";
import { useAsync } from "~/lib/async-state";
import { errorKey } from "~/lib/auth/forms";
import { browserHttp } from "~/lib/http/browser-client";
import { formatCoin, formatMoney } from "~/lib/i18n/format";
import { usePageRates } from "~/lib/prefs/page-rates";
import { usePagePrefs, useSetPref } from "~/lib/prefs/use-page-prefs";

const MASK = "••••••";

function show(v: Valuation, intl: string): string {
  return v.kind === "fiat" ? formatMoney(v.amount, v.currency, intl) : `${formatCoin(v.amount, v.coin, intl)} ${v.coin}`;
}

/** The logged-in user's spot balances, valued in their chosen unit; hidden until they ask. */
export function PortfolioCard({ tickers }: { tickers: readonly PriceTicker[] }) {
  const { t } = useTranslation("common");
  const prefs = usePagePrefs();
  const rates = usePageRates();
  const setPref = useSetPref();
  const load = useCallback(() => browserHttp().get<SpotAsset[]>(V2.assets), []);
  const [assets] = useAsync(load);
  const prices = useMemo(() => usdtPrices(tickers), [tickers]);
  const list = useMemo(() => (assets.state === "ready" ? holdings(assets.data, prices) : []), [assets, prices]);
  const hidden = !prefs.showAsset;
  const masked = (
    <>
      <span aria-hidden="true">{MASK}</span>
      <span className="visually-hidden">{t("home.hiddenBalance")}</span>
    </>
  );
  const value = (usdt: string) => (hidden ? masked : show(valuate(usdt, prefs.valuationUnit, prefs.currency, rates, prices), prefs.intl));

  const columns: ReadonlyArray<Column<(typeof list)[number]>> = [
    { header: t("home.coin"), rowHeader: true, cell: (h) => h.coin },
    { header: t("home.amount"), num: true, cell: (h) => (hidden ? masked : formatCoin(h.amount, h.coin, prefs.intl)) },
    { header: t("home.value"), num: true, cell: (h) => (h.usdt === undefined ? "—" : value(h.usdt)) },
  ];

  return (
    <section aria-labelledby="portfolio-title" className="card" aria-busy={assets.state === "loading"}>
      <div className="card-head">
        <h2 id="portfolio-title">{t("home.portfolioTitle")}</h2>
        <button
          type="button"
          className="button icon"
          aria-pressed={!hidden}
          onClick={() => setPref("showAsset", String(hidden))}
          aria-label={t("home.showBalances")}
          title={t("home.showBalances")}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="none" stroke="currentColor" strokeWidth="2" d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" fill="currentColor" />
            {hidden && <path stroke="currentColor" strokeWidth="2" d="M4 4l16 16" />}
          </svg>
        </button>
      </div>
      {assets.state === "error" && (
        <p role="alert" className="notice error">
          {t(errorKey(assets.error))}
        </p>
      )}
      {(assets.state === "loading" || assets.state === "idle") && <p className="muted">{t("security.loading")}</p>}
      {assets.state === "ready" && (
        <>
          <p className="muted">{t("home.estimatedTotal")}</p>
          <p className="total" data-testid="portfolio-total">
            {value(totalUsdt(list))}
          </p>
          {list.length === 0 ? <p>{t("home.noAssets")}</p> : <DataTable rows={list} columns={columns} rowKey={(h) => h.coin} />}
        </>
      )}
    </section>
  );
}
