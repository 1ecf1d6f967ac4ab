import { memo, useCallback, useRef, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/i18n/format";
import { numberFormat } from "~/lib/i18n/formatters";
import { toText } from "~/lib/numbers/decimal";
import { updateOnceHydrated } from "~/lib/scheduling/hydration-gate";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import {
  bookRatio,
  bookRows,
  deeperSide,
  groupLevels,
  groupSteps,
  inQuote,
  ownLevels,
  spreadOf,
  type BookRow,
} from "~/lib/trade/book-rows";
import type { Market } from "~/lib/trade/market";
import type { BookView } from "~/lib/trade/market-feed";
import type { TradeUnit } from "~/lib/trade/order-form";
import { StreamBadge } from "./stream-badge";

/** Rows shown per side, whatever the grouping. */
export const BOOK_ROWS = 12;

/** What a click in the book puts into the order form: a price, or an amount in the unit the book shows. */
export type BookPick = { price: string } | { quantity: string; unit: TradeUnit };

interface Props {
  book: BookView;
  market: Market;
  /** The trade-unit preference: sizes in the base coin or valued in the quote. */
  unit: TradeUnit;
  lastPrice: string | undefined;
  direction: "up" | "down" | "flat";
  /** The trader's open limit orders, marked on their rows. */
  ownOrders: ReadonlyArray<{ side: string; priceAvg: string }>;
  onPick: (pick: BookPick) => void;
}

/**
 * The book around the spread: asks above (best nearest the middle), bids below, each with its
 * cumulative depth bar; grouped by multiples of the tick; the last price in the middle. A price
 * or a size is a button that fills the order form.
 */
export function OrderBook({ book, market, unit, lastPrice, direction, ownOrders, onPick }: Props) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const steps = groupSteps(market.tick);
  const [group, setGroup] = useState(0);
  const step = steps[group] ?? market.tick;
  const digits = Math.max(0, market.pricePrecision - group);
  const grouped = {
    asks: groupLevels(book.asks, "asks", step).slice(0, BOOK_ROWS),
    bids: groupLevels(book.bids, "bids", step).slice(0, BOOK_ROWS),
  };
  const shown = unit === "quote" ? { asks: inQuote(grouped.asks), bids: inQuote(grouped.bids) } : grouped;
  const max = deeperSide(shown.asks, shown.bids);
  const asks = bookRows(shown.asks, max).reverse();
  const bids = bookRows(shown.bids, max);
  const spread = spreadOf(book.asks, book.bids);
  const ratio = bookRatio(grouped.asks, grouped.bids);
  const mine = ownLevels(ownOrders, step);
  const coin = unit === "quote" ? market.quote : market.base;
  const sizeDigits = unit === "quote" ? market.quotePrecision : market.quantityPrecision;
  const price = (v: string, d = digits) => formatNumber(v, intl, { minDigits: d, maxDigits: d });
  const size = (v: string) => formatNumber(v, intl, { maxDigits: sizeDigits });
  // A spread is never negative: a plain percentage, without the sign formatPercent adds to changes.
  const pct = (v: string) => numberFormat(intl, { style: "percent", maximumFractionDigits: 3 }).format(v as Intl.StringNumericLiteral);
  // The latest click handler behind a stable one, so unchanged rows skip the stream's frames.
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const pick = useCallback((p: BookPick) => pickRef.current(p), []);
  const row = (r: BookRow, side: "ask" | "bid") => (
    <BookLine
      key={r.price}
      side={side}
      price={r.price}
      size={r.size}
      depth={r.depth}
      mine={mine.has(`${side}:${r.price}`)}
      priceText={price(r.price)}
      sizeText={size(r.size)}
      totalText={size(r.total)}
      coin={coin}
      unit={unit}
      onPick={pick}
    />
  );
  const arrow = direction === "up" ? "↑" : direction === "down" ? "↓" : "";
  return (
    <section
      className="card trade-card book"
      id="spot-book"
      data-slot="book"
      aria-labelledby="book-title"
      data-testid="order-book"
      data-live={book.live}
    >
      <div className="card-head">
        <h2 id="book-title">{t("book.title")}</h2>
        <StreamBadge live={book.live} />
      </div>
      <div className="book-tools">
        <label htmlFor="book-group">{t("spot.book.grouping")}</label>
        <select id="book-group" value={group} onChange={(e) => setGroup(Number(e.target.value))}>
          {steps.map((s, i) => (
            <option key={i} value={i}>
              {formatNumber(toText(s), intl, { maxDigits: market.pricePrecision })}
            </option>
          ))}
        </select>
      </div>
      <table className="data-table compact">
        <thead>
          <tr>
            <th scope="col">{t("book.price", { coin: market.quote })}</th>
            <th scope="col" className="num">
              {unit === "quote" ? t("spot.book.value", { coin }) : t("book.amount", { coin })}
            </th>
            <th scope="col" className="num">
              {t("book.total", { coin })}
            </th>
          </tr>
        </thead>
        <tbody aria-label={t("book.asks")}>{asks.map((r) => row(r, "ask"))}</tbody>
        <tbody>
          <tr className="spread">
            <th scope="row" colSpan={3}>
              <span
                className={`book-last ${direction === "down" ? "down" : direction === "up" ? "up" : ""}`}
                data-testid="book-last"
                data-direction={direction}
              >
                {lastPrice ? (
                  <>
                    {price(lastPrice, market.pricePrecision)}
                    {arrow && <span aria-hidden="true"> {arrow}</span>}
                    <span className="visually-hidden"> {t(`spot.book.direction.${direction}`)}</span>
                  </>
                ) : (
                  "—"
                )}
              </span>{" "}
              <span className="book-spread">
                {spread
                  ? t("book.spread", { value: price(spread.spread, market.pricePrecision), ratio: pct(spread.ratio) })
                  : t("book.empty")}
              </span>
            </th>
          </tr>
        </tbody>
        <tbody aria-label={t("book.bids")}>{bids.map((r) => row(r, "bid"))}</tbody>
      </table>
      {ratio && (
        <div className="book-ratio" data-testid="book-ratio">
          <span className="up">{t("spot.book.buyShare", { pct: ratio.bids })}</span>
          <span className="ratio-bar" aria-hidden="true" style={{ "--bids": `${ratio.bids}%` } as CSSProperties} />
          <span className="down">{t("spot.book.sellShare", { pct: ratio.asks })}</span>
        </div>
      )}
    </section>
  );
}

/**
 * One level of the book. Memoised on its texts: a stream frame changes a few levels, and only
 * those render again (their labels are translated per row; issue 29, docs/decisions/725).
 */
const BookLine = memo(function BookLine({
  side,
  price,
  size,
  depth,
  mine,
  priceText,
  sizeText,
  totalText,
  coin,
  unit,
  onPick,
}: {
  side: "ask" | "bid";
  price: string;
  size: string;
  depth: string;
  mine: boolean;
  priceText: string;
  sizeText: string;
  totalText: string;
  coin: string;
  unit: TradeUnit;
  onPick: (pick: BookPick) => void;
}) {
  const { t } = useTranslation("trade");
  return (
    <tr className={`book-row ${side}${mine ? " mine" : ""}`} style={{ "--depth": `${depth}%` } as CSSProperties}>
      <td className={side === "ask" ? "down" : "up"}>
        {mine && (
          <span className="own-mark" data-testid="own-order-mark">
            <span aria-hidden="true">● </span>
            <span className="visually-hidden">{t("spot.book.yours")}: </span>
          </span>
        )}
        <button
          type="button"
          className="book-pick"
          onClick={() => updateOnceHydrated(() => onPick({ price }))}
          aria-label={t("spot.book.usePrice", { price: priceText })}
        >
          {priceText}
        </button>
      </td>
      <td className="num">
        <button
          type="button"
          className="book-pick"
          onClick={() => updateOnceHydrated(() => onPick({ quantity: size, unit }))}
          aria-label={t("spot.book.useAmount", { amount: sizeText, coin })}
        >
          {sizeText}
        </button>
      </td>
      <td className="num">{totalText}</td>
    </tr>
  );
});
