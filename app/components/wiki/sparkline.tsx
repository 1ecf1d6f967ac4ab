import { useTranslation } from "react-i18next";
import type { CoinRow } from "~/utils/wiki.server";

/** A coin's last seven days as a small server-drawn line; its name says the first and last price in words. */
export function Sparkline({ row }: { row: Pick<CoinRow, "name" | "spark"> }) {
  const { t } = useTranslation("wiki");
  if (!row.spark) return null;
  return (
    <svg
      className={`sparkline ${row.spark.trend}`}
      viewBox="0 0 120 32"
      width="120"
      height="32"
      role="img"
      aria-label={t("list.sparkLabel", { name: row.name, first: row.spark.first, last: row.spark.last })}
    >
      <path d={row.spark.line} />
    </svg>
  );
}
