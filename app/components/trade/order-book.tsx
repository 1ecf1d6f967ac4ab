import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "~/lib/i18n/format";
import { usePagePrefs } from "~/lib/prefs/use-page-prefs";
import { bookRows, deeperSide, spreadOf, type BookRow } from "~/lib/trade/book-rows";
import type { Market } from "~/lib/trade/market";
import type { BookView } from "~/lib/trade/market-feed";
import { StreamBadge } from "./stream-badge";

/** The book around the spread: asks above (best nearest the middle), bids below, each with its depth bar. */
export function OrderBook({ book, market }: { book: BookView; market: Market }) {
  const { t } = useTranslation("trade");
  const { intl } = usePagePrefs();
  const max = deeperSide(book.asks, book.bids);
  const asks = bookRows(book.asks, max).reverse();
  const bids = bookRows(book.bids, max);
  const spread = spreadOf(book.asks, book.bids);
  const price = (v: string) => formatNumber(v, intl, { minDigits: market.pricePrecision, maxDigits: market.pricePrecision });
  const size = (v: string) => formatNumber(v, intl, { maxDigits: market.quantityPrecision });
  // A spread is never negative: a plain percentage, without the sign formatPercent adds to changes.
  const ratio = (v: string) =>
    new Intl.NumberFormat(intl, { style: "percent", maximumFractionDigits: 3 }).format(v as Intl.StringNumericLiteral);
  const row = (r: BookRow, side: "ask" | "bid") => (
    <tr key={r.price} className={`book-row ${side}`} style={{ "--depth": `${r.depth}%` } as CSSProperties}>
      <td className={side === "ask" ? "down" : "up"}>{price(r.price)}</td>
      <td className="num">{size(r.size)}</td>
      <td className="num">{size(r.total)}</td>
    </tr>
  );
  return (
    <section className="card trade-card book" aria-labelledby="book-title" data-testid="order-book" data-live={book.live}>
      <div className="card-head">
        <h2 id="book-title">{t("book.title")}</h2>
        <StreamBadge live={book.live} />
      </div>
      <table className="data-table compact">
        <thead>
          <tr>
            <th scope="col">{t("book.price", { coin: market.quote })}</th>
            <th scope="col" className="num">
              {t("book.amount", { coin: market.base })}
            </th>
            <th scope="col" className="num">
              {t("book.total", { coin: market.base })}
            </th>
          </tr>
        </thead>
        <tbody aria-label={t("book.asks")}>{asks.map((r) => row(r, "ask"))}</tbody>
        <tbody>
          <tr className="spread">
            <th scope="row" colSpan={3}>
              {spread ? t("book.spread", { value: price(spread.spread), ratio: ratio(spread.ratio) }) : t("book.empty")}
            </th>
          </tr>
        </tbody>
        <tbody aria-label={t("book.bids")}>{bids.map((r) => row(r, "bid"))}</tbody>
      </table>
    </section>
  );
}
