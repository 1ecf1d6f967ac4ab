import { useCallback, useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import { usdtPrices, valuate, type PriceTicker } from "~/lib/assets/valuation";
import { useAsync } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { formatCoin, formatMoney } from "~/lib/i18n/format";
import { usePageRates } from "~/lib/prefs/page-rates";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";

/**
 * How the asset pages show money (docs/decisions/711): a USDT worth in the trader's valuation unit
 * (fiat in the chosen currency, USDT or BTC), coin amounts in the locale's digits, and both masked
 * while the show-asset preference is off.
 */
export function useAssetMoney() {
  const { t } = useTranslation("assets");
  const prefs = usePagePrefs();
  const rates = usePageRates();
  const load = useCallback(() => browserHttp().get<PriceTicker[]>(V2.tickers), []);
  const [tickers] = useAsync(load);
  const prices = useMemo(() => usdtPrices(tickers.state === "ready" ? tickers.data : []), [tickers]);
  const hidden = !prefs.showAsset;
  const masked: ReactNode = (
    <>
      <span aria-hidden="true">••••••</span>
      <span className="visually-hidden">{t("switch.hidden")}</span>
    </>
  );
  /** The worth of `usdt` in the chosen unit, as text (no mask: for charts' tooltips and the page's own checks). */
  const moneyText = (usdt: string): string => {
    const v = valuate(usdt, prefs.valuationUnit, prefs.currency, rates, prices);
    return v.kind === "fiat" ? formatMoney(v.amount, v.currency, prefs.intl) : `${formatCoin(v.amount, v.coin, prefs.intl)} ${v.coin}`;
  };
  return {
    hidden,
    prices,
    intl: prefs.intl,
    moneyText,
    money: (usdt: string | undefined): ReactNode => (usdt === undefined ? "—" : hidden ? masked : moneyText(usdt)),
    /** An amount of `coin` at its display precision (docs/decisions/715), masked while balances are hidden. */
    amount: (text: string, coin: string): ReactNode => (hidden ? masked : formatCoin(text, coin, prefs.intl)),
  };
}

export type AssetMoney = ReturnType<typeof useAssetMoney>;
