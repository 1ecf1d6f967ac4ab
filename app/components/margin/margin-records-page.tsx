import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { ValueSelect } from "~/components/ui/form";
import { MARGIN_MODES, type MarginMode } from "~/lib/margin/api";
import { DEFAULT_MARGIN_SYMBOL, MARGIN_ORDERS_PATH, MARGIN_RECORDS_PATH, marginPath } from "~/lib/margin/paths";
import { MarginOrderHistory } from "./margin-tables";
import { ModeChoice } from "./mode-choice";

/** The mode the address names (`?mode=isolated`), cross otherwise: a link keeps what is shown. */
function useMode(): [MarginMode, (m: MarginMode) => void, URLSearchParams] {
  const [params, setParams] = useSearchParams();
  const mode = (MARGIN_MODES as readonly string[]).includes(params.get("mode") ?? "") ? (params.get("mode") as MarginMode) : "crossed";
  const set = (m: MarginMode) =>
    setParams(
      (p) => {
        p.set("mode", m);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  return [mode, set, params];
}

function RecordsNav() {
  const { t } = useTranslation("trade");
  return (
    <nav aria-label={t("margin.records.nav")} className="page-nav">
      <LocaleLink to={MARGIN_ORDERS_PATH}>{t("margin.orders.title")}</LocaleLink>
      {" · "}
      <LocaleLink to={MARGIN_RECORDS_PATH}>{t("margin.records.title")}</LocaleLink>
      {" · "}
      <LocaleLink to={marginPath()}>{t("margin.records.toScreen")}</LocaleLink>
    </nav>
  );
}

/** `/order/marginOrderInfo`: the margin orders of one pair and mode (docs/product.md). */
export function MarginOrdersPage({ pairs }: { pairs: readonly string[] }) {
  const { t } = useTranslation("trade");
  const [mode, setMode, params] = useMode();
  const [, setParams] = useSearchParams();
  const wanted = params.get("symbol")?.toUpperCase() ?? DEFAULT_MARGIN_SYMBOL;
  const symbol = pairs.includes(wanted) ? wanted : (pairs[0] ?? DEFAULT_MARGIN_SYMBOL);
  return (
    <section className="card" aria-labelledby="margin-orders-title">
      <h1 id="margin-orders-title">{t("margin.orders.title")}</h1>
      <RecordsNav />
      <ModeChoice mode={mode} onMode={setMode} />
      <ValueSelect
        id="margin-orders-pair"
        label={t("margin.table.pair")}
        values={pairs}
        value={symbol}
        onChange={(symbol) =>
          setParams(
            (p) => {
              p.set("symbol", symbol);
              return p;
            },
            { replace: true, preventScrollReset: true },
          )
        }
      />
      <MarginOrderHistory key={`${mode}:${symbol}`} mode={mode} symbol={symbol} />
    </section>
  );
}
