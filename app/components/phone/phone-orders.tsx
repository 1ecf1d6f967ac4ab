import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { V2 } from "../../../protocol/bitget";
import { LocaleLink } from "~/components/locale-link";
import { AsyncView } from "~/components/trade/async-view";
import { orderSideText } from "~/components/futures/futures-panels";
import { TimeText } from "~/components/trade/time-text";
import { useAsync } from "~/lib/async-state";
import { browserHttp } from "~/lib/http/browser-client";
import { postWithToast } from "~/lib/http/post-with-toast";
import { formatCoin, formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { MARGIN_COIN, MIX, mergeOrders, PRODUCT_TYPE, type FuturesOrder } from "~/lib/futures/api";
import type { OpenOrder } from "~/lib/trade/account-data";
import { phonePaths } from "~/lib/trade/phone-paths";
import { PhoneFrame, PhoneSection } from "./phone-frame";

/** The pairs and contracts the page names its orders by: base coin and price places. */
export interface PhoneOrdersData {
  spot: Array<{ symbol: string; baseCoin: string; quoteCoin: string; pricePrecision: string }>;
  futures: Array<{ symbol: string; baseCoin: string; quoteCoin: string; pricePlace: string }>;
}

/** One order as a card: what it is, its figures, and its cancel button. */
interface OrderCard {
  key: string;
  symbol: string;
  side: string;
  sideText: string;
  kind: string;
  price: string;
  amount: string;
  filled: string;
  cTime: string;
  cancel: () => Promise<boolean>;
}

/**
 * The trader's open orders on a phone (`/trade-asset-order`, docs/decisions/723): every spot pair's
 * and every perpetual's, each a card with its cancel button, linked to its phone screen.
 */
export function PhoneOrdersPage({ data }: { data: PhoneOrdersData }) {
  const { t } = useTranslation("phone");
  const { t: tt } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const [version, setVersion] = useState(0);
  const loadSpot = useCallback(
    () => browserHttp().get<OpenOrder[]>(V2.unfilled, {}),
    // `version` reads the list again after a cancel
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  const loadFutures = useCallback(
    () =>
      browserHttp()
        .get<{ entrustedList: unknown[] | null }>(MIX.ordersPending, { productType: PRODUCT_TYPE })
        .then((page) => mergeOrders([], page?.entrustedList ?? [], true)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  const [spot] = useAsync(loadSpot);
  const [futures] = useAsync(loadFutures);
  const pairs = useMemo(() => new Map(data.spot.map((s) => [s.symbol, s])), [data.spot]);
  const contracts = useMemo(() => new Map(data.futures.map((c) => [c.symbol, c])), [data.futures]);
  const done = { done: tt("account.cancelled"), failed: (msg: string) => tt("account.cancelFailed", { msg }) };
  const price = (v: string, places: string | undefined) => {
    if (!v || v === "0") return tt("form.market");
    const digits = Number(places);
    return Number.isInteger(digits) ? formatNumber(v, intl, { minDigits: digits, maxDigits: digits }) : formatNumber(v, intl);
  };
  const spotCard = (o: OpenOrder): OrderCard => {
    const pair = pairs.get(o.symbol);
    const base = pair?.baseCoin ?? o.symbol;
    const quoteSized = o.orderType === "market" && o.side === "buy";
    const sizeCoin = quoteSized ? (pair?.quoteCoin ?? "") : base;
    return {
      key: o.orderId,
      symbol: o.symbol,
      side: o.side,
      sideText: tt(`side.${o.side}`),
      kind: tt(`form.${o.orderType}`),
      price: price(o.priceAvg, pair?.pricePrecision),
      amount: `${formatCoin(o.size, sizeCoin, intl)} ${sizeCoin}`,
      filled: `${formatCoin(o.baseVolume, base, intl)} ${base}`,
      cTime: o.cTime,
      cancel: () => postWithToast(V2.cancelOrder, { symbol: o.symbol, orderId: o.orderId }, done),
    };
  };
  const futuresCard = (o: FuturesOrder): OrderCard => {
    const c = contracts.get(o.symbol);
    const base = c?.baseCoin ?? o.symbol;
    return {
      key: o.orderId,
      symbol: o.symbol,
      side: o.side,
      sideText: orderSideText(tt, o),
      kind: tt(`form.${o.orderType}`),
      price: price(o.price, c?.pricePlace),
      amount: `${formatCoin(o.size, base, intl)} ${base}`,
      filled: `${formatCoin(o.baseVolume, base, intl)} ${base}`,
      cTime: o.cTime,
      cancel: () =>
        postWithToast(
          MIX.cancelOrder,
          { symbol: o.symbol, productType: PRODUCT_TYPE, marginCoin: MARGIN_COIN, orderId: o.orderId },
          { done: tt("futures.toast.cancelled"), failed: (msg: string) => tt("futures.toast.failed", { msg }) },
        ),
    };
  };
  const reload = () => setVersion((v) => v + 1);
  return (
    <PhoneFrame
      testId="phone-orders"
      title={t("orders.title")}
      bar={
        <>
          <LocaleLink className="button primary" to={phonePaths.spot()}>
            {t("pair.spot")}
          </LocaleLink>
          <LocaleLink className="button primary" to={phonePaths.swap()}>
            {t("pair.swap")}
          </LocaleLink>
        </>
      }
    >
      <PhoneSection id="spot-orders" title={t("orders.spot")}>
        <AsyncView value={spot} empty={t("orders.none")}>
          {(list) => <OrderCards cards={list.map(spotCard)} onChanged={reload} to={phonePaths.spot} />}
        </AsyncView>
      </PhoneSection>
      <PhoneSection id="swap-orders" title={t("orders.swap")}>
        <AsyncView value={futures} empty={t("orders.none")}>
          {(list) => <OrderCards cards={list.map(futuresCard)} onChanged={reload} to={phonePaths.swap} />}
        </AsyncView>
      </PhoneSection>
    </PhoneFrame>
  );
}

function OrderCards({ cards, onChanged, to }: { cards: readonly OrderCard[]; onChanged: () => void; to: (symbol: string) => string }) {
  const { t } = useTranslation("phone");
  const { t: tt } = useTranslation("trade");
  const [busy, setBusy] = useState(false);
  return (
    <ul className="phone-card-list" role="list">
      {cards.map((c) => (
        <li key={c.key} className="phone-order-card" data-testid="order-card">
          <p className="phone-card-title">
            <LocaleLink to={to(c.symbol)}>{c.symbol}</LocaleLink> <span className={c.side === "buy" ? "up" : "down"}>{c.sideText}</span> ·{" "}
            {c.kind}
          </p>
          <dl className="phone-facts">
            <div>
              <dt>{tt("account.price")}</dt>
              <dd>{c.price}</dd>
            </div>
            <div>
              <dt>{tt("account.amount")}</dt>
              <dd>{c.amount}</dd>
            </div>
            <div>
              <dt>{tt("account.filled")}</dt>
              <dd>{c.filled}</dd>
            </div>
            <div>
              <dt>{tt("account.time")}</dt>
              <dd>
                <TimeText ms={Number(c.cTime)} />
              </dd>
            </div>
          </dl>
          <button
            type="button"
            className="button small"
            disabled={busy}
            aria-label={t("orders.cancel", { symbol: c.symbol, side: c.sideText, amount: c.amount, price: c.price })}
            onClick={() => {
              setBusy(true);
              void c.cancel().then((ok) => {
                setBusy(false);
                if (ok) onChanged();
              });
            }}
          >
            {tt("account.cancel")}
          </button>
        </li>
      ))}
    </ul>
  );
}
