import { useState } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import { showToast } from "~/components/ui/toast";
import type { Async } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import type { Fill, OpenOrder, PastOrder } from "~/lib/trade/account-data";
import type { Market } from "~/lib/trade/market";
import { AsyncView } from "./async-view";
import { TimeText } from "./time-text";

function useCells(market: Market) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  return {
    t,
    price: (v: string) => (v === "0" || v === "" ? "—" : formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision })),
    amount: (v: string) => formatNumber(v, intl, { maxDigits: 8 }),
    side: (s: string) => <span className={s === "buy" ? "up" : "down"}>{t(`side.${s}`)}</span>,
  };
}

/** The user's open orders on this pair, each cancellable, and all of them at once. */
export function OpenOrdersTable({ orders, market, onChanged }: { orders: Async<readonly OpenOrder[]>; market: Market; onChanged: () => void }) {
  const c = useCells(market);
  const t = c.t;
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, path: string, body: Record<string, string>, done: string) => {
    setBusy(key);
    try {
      await browserHttp().post(path, body);
      showToast(done);
      onChanged();
    } catch (err) {
      showToast(t("account.cancelFailed", { msg: err instanceof Error ? err.message : String(err) }));
    } finally {
      setBusy(null);
    }
  };
  return (
    <AsyncView value={orders} empty={t("account.noOpen")}>
      {(list) => (
        <>
          <div className="table-actions">
            <button type="button" className="button small" disabled={busy !== null} onClick={() => void run("all", V2.cancelSymbol, { symbol: market.symbol }, t("account.allCancelled"))}>
              {t("account.cancelAll")}
            </button>
          </div>
          <table className="data-table compact" data-testid="open-orders">
            <thead>
              <tr>
                <th scope="col">{t("account.time")}</th><th scope="col">{t("account.side")}</th><th scope="col">{t("account.type")}</th>
                <th scope="col" className="num">{t("account.price")}</th><th scope="col" className="num">{t("account.amount")}</th>
                <th scope="col" className="num">{t("account.filled")}</th><th scope="col">{t("account.status")}</th>
                <th scope="col"><span className="visually-hidden">{t("account.actions")}</span></th>
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <tr key={o.orderId}>
                  <td><TimeText ms={Number(o.cTime)} /></td>
                  <td>{c.side(o.side)}</td>
                  <td>{t(`form.${o.orderType}`)}</td>
                  <td className="num">{c.price(o.priceAvg)}</td>
                  <td className="num">{c.amount(o.size)}</td>
                  <td className="num">{c.amount(o.baseVolume)}</td>
                  <td>{t(`account.statuses.${o.status}`)}</td>
                  <td>
                    <button type="button" className="button small" disabled={busy !== null}
                      aria-label={t("account.cancelOrder", { side: t(`side.${o.side}`), amount: c.amount(o.size), price: c.price(o.priceAvg) })}
                      onClick={() => void run(o.orderId, V2.cancelOrder, { symbol: market.symbol, orderId: o.orderId }, t("account.cancelled"))}>
                      {t("account.cancel")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </AsyncView>
  );
}

export function HistoryTable({ orders, market }: { orders: Async<readonly PastOrder[]>; market: Market }) {
  const c = useCells(market);
  const t = c.t;
  return (
    <AsyncView value={orders} empty={t("account.noHistory")}>
      {(list) => (
        <table className="data-table compact" data-testid="order-history">
          <thead>
            <tr>
              <th scope="col">{t("account.time")}</th><th scope="col">{t("account.side")}</th><th scope="col">{t("account.type")}</th>
              <th scope="col" className="num">{t("account.price")}</th><th scope="col" className="num">{t("account.average")}</th>
              <th scope="col" className="num">{t("account.amount")}</th><th scope="col" className="num">{t("account.filled")}</th>
              <th scope="col">{t("account.status")}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((o) => (
              <tr key={o.orderId}>
                <td><TimeText ms={Number(o.cTime)} /></td>
                <td>{c.side(o.side)}</td>
                <td>{t(`form.${o.orderType}`)}</td>
                <td className="num">{o.orderType === "market" ? t("form.market") : c.price(o.price)}</td>
                <td className="num">{c.price(o.priceAvg)}</td>
                <td className="num">{c.amount(o.size)}</td>
                <td className="num">{c.amount(o.baseVolume)}</td>
                <td>{t(`account.statuses.${o.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AsyncView>
  );
}

export function FillsTable({ fills, market }: { fills: Async<readonly Fill[]>; market: Market }) {
  const c = useCells(market);
  const t = c.t;
  return (
    <AsyncView value={fills} empty={t("account.noFills")}>
      {(list) => (
        <table className="data-table compact" data-testid="fills">
          <thead>
            <tr>
              <th scope="col">{t("account.time")}</th><th scope="col">{t("account.side")}</th>
              <th scope="col" className="num">{t("account.price")}</th><th scope="col" className="num">{t("account.amount")}</th>
              <th scope="col" className="num">{t("account.value", { coin: market.quote })}</th><th scope="col" className="num">{t("account.fee")}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((f) => (
              <tr key={f.tradeId}>
                <td><TimeText ms={Number(f.cTime)} /></td>
                <td>{c.side(f.side)}</td>
                <td className="num">{c.price(f.priceAvg)}</td>
                <td className="num">{c.amount(f.size)}</td>
                <td className="num">{c.amount(f.amount)}</td>
                <td className="num">{c.amount(f.feeDetail.totalFee.replace(/^-/, ""))} {f.feeDetail.feeCoin}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </AsyncView>
  );
}
