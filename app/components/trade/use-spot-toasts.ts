import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { showToast } from "~/lib/toast";
import type { AccountFeed } from "~/lib/trade/account-feed";
import type { Market } from "~/lib/trade/market";
import type { OrderEvent, PlanEvent } from "~/lib/trade/order-events";

/**
 * Toasts of what happened to the trader's spot orders, from the private stream, in the page's
 * language (the desktop and the phone screen alike, docs/decisions/723). `announced` holds what this
 * tab already said itself ("placed:<clientOid>", "cancelled:<orderId>"): the stream does not say it twice.
 */
export function useSpotToasts(accountFeed: AccountFeed | undefined, market: Market | undefined, announced: Set<string>): void {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  useEffect(() => {
    if (!accountFeed || !market) return;
    const amount = (v: string) => formatNumber(v, intl, { maxDigits: market.quantityPrecision });
    const price = (v: string) => formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision });
    return accountFeed.onEvent((e: OrderEvent | PlanEvent) => {
      if ("plan" in e) {
        const p = e.plan;
        if (e.kind === "triggered") showToast(t("spot.toast.triggered", { side: t(`side.${p.side}`), price: price(p.triggerPrice) }));
        else showToast(t("spot.toast.planFailed", { reason: p.failReason || "—" }), "notice");
        return;
      }
      const o = e.order;
      const key = e.kind === "placed" ? `placed:${o.clientOid}` : e.kind === "cancelled" ? `cancelled:${o.orderId}` : "";
      if (key && announced.delete(key)) return;
      const values = {
        side: t(`side.${o.side}`),
        filled: amount(o.baseVolume),
        size: o.orderType === "market" && o.side === "buy" ? `${amount(o.size)} ${market.quote}` : `${amount(o.size)} ${market.base}`,
        coin: market.base,
        price: o.orderType === "market" ? t("form.market") : price(o.priceAvg),
      };
      showToast(t(`spot.toast.${e.kind}`, values), e.kind === "cancelled" ? "message" : "notice");
    });
  }, [accountFeed, market, intl, t, announced]);
}
