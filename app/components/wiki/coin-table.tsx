import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { defaultDir, listPagePath, listSearch, type ListQuery, type SortKey } from "~/lib/wiki/list-query";
import type { CoinRow } from "~/utils/wiki.server";
import { Change, CoinIcon, Figure } from "./market-values";
import { Sparkline } from "./sparkline";

/**
 * A column header that sorts by its column: a link (so it works without scripts) to page 1 of the
 * list in that order, the current order's header announcing it with `aria-sort`.
 */
function SortHeader({ column, label, query, num }: { column: SortKey; label: string; query: ListQuery; num?: boolean }) {
  const { t } = useTranslation("wiki");
  const active = query.sort === column;
  const nextDir = active ? (query.dir === "asc" ? "desc" : "asc") : defaultDir(column);
  const href = listPagePath(1) + listSearch({ ...query, sort: column, dir: nextDir });
  return (
    <th scope="col" className={num ? "num" : undefined} aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : undefined}>
      <LocaleLink
        to={href}
        className="sort-link"
        rel="nofollow"
        aria-label={`${label}, ${t("list.sortBy", { dir: t(nextDir === "asc" ? "list.ascending" : "list.descending") })}`}
      >
        {label}
        {active ? (
          <span aria-hidden="true" className="sort-mark">
            {query.dir === "asc" ? "▲" : "▼"}
          </span>
        ) : null}
      </LocaleLink>
    </th>
  );
}

/** The price list: one row per coin with its price, change, volume, market cap and week, each in the visitor's currency. */
export function CoinTable({
  rows,
  query,
  first,
  currency,
}: {
  rows: readonly CoinRow[];
  query: ListQuery;
  first: number;
  currency: string;
}) {
  const { t } = useTranslation("wiki");
  const unknown = t("list.unknown");
  return (
    <table className="data-table price-table" data-testid="coin-table">
      <caption className="visually-hidden">{t("list.caption", { currency })}</caption>
      <thead>
        <tr>
          <th scope="col" className="num rank">
            {t("list.rank")}
          </th>
          <SortHeader column="name" label={t("list.coin")} query={query} />
          <SortHeader column="price" label={t("list.price")} query={query} num />
          <SortHeader column="change" label={t("list.change24h")} query={query} num />
          <SortHeader column="volume" label={t("list.volume")} query={query} num />
          <SortHeader column="cap" label={t("list.cap")} query={query} num />
          <th scope="col" className="spark-col">
            {t("list.spark")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c, i) => {
          const live = c.symbol ?? c.coin;
          return (
            <tr key={c.article} data-testid={`coin-row-${c.coin}`}>
              <td className="num rank">{first + i}</td>
              <th scope="row">
                <LocaleLink to={`/wiki/${c.article}`} className="coin-link">
                  <CoinIcon coin={c} size={20} /> <span className="coin-name">{c.name}</span> <span className="muted">{c.coin}</span>
                </LocaleLink>
              </th>
              <td className="num" data-testid="price">
                <Figure value={c.figures.price} unknownLabel={unknown} live={`${live}:price`} />
              </td>
              <td className="num">
                <Change value={c.figures.change} trend={c.figures.trend} unknownLabel={unknown} live={`${live}:change`} />
              </td>
              <td className="num">
                <Figure value={c.figures.volume} unknownLabel={unknown} live={`${live}:volume`} />
              </td>
              <td className="num">
                <Figure value={c.figures.cap} unknownLabel={unknown} live={`${live}:cap`} />
              </td>
              <td className="spark-col">{c.spark ? <Sparkline row={c} /> : <Figure value={null} unknownLabel={unknown} />}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
